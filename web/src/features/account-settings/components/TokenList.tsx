import type { TokenAnswer } from "#contract/api-tokens";
import { tokenDisplay } from "../token-form";

/** The caller's tokens: a card each (name, scopes, start, dates, last use) with Revoke. */
export function TokenList({
  tokens,
  onRevoke,
}: {
  tokens: TokenAnswer[];
  onRevoke: (token: TokenAnswer) => void;
}) {
  if (tokens.length === 0) {
    return <p className="text-slate-600 text-sm">No access tokens yet.</p>;
  }
  return (
    <ul aria-label="Access tokens" className="divide-y divide-slate-100">
      {tokens.map((token) => {
        const shown = tokenDisplay(token);
        return (
          <li key={token.id} data-testid="access-token" className="py-4 first:pt-0">
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
              <div className="min-w-0">
                <h3 className="font-semibold text-navy [overflow-wrap:anywhere]">{token.name}</h3>
                <p className="font-mono text-slate-600 text-xs [overflow-wrap:anywhere]">{token.start}…</p>
              </div>
              <button type="button" className="btn btn-secondary" onClick={() => onRevoke(token)}>
                Revoke<span className="sr-only"> {token.name}</span>
              </button>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-slate-700 text-sm">
              <dt className="text-slate-500">Scopes</dt>
              <dd>{shown.scopes.join("; ")}</dd>
              <dt className="text-slate-500">Created</dt>
              <dd>{shown.created}</dd>
              <dt className="text-slate-500">Expires</dt>
              <dd>{shown.expires}</dd>
              <dt className="text-slate-500">Last used</dt>
              <dd>{shown.lastUsed}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
