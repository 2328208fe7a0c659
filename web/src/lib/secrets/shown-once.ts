// A secret the server answers once (an access token, a webhook's signing secret): it is kept in the
// page's memory only until the user closes it, and never in the query cache, so nothing shows it again.

export type ShownOnce = { label: string; value: string } | null;

export type ShownOnceAction = { type: "created"; label: string; value: string } | { type: "closed" };

/** What the one-time panel shows after each step: the new secret, then nothing. */
export function shownOnce(_state: ShownOnce, action: ShownOnceAction): ShownOnce {
  return action.type === "created" ? { label: action.label, value: action.value } : null;
}
