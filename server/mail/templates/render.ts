import { render, toPlainText } from "@react-email/components";
import type { ReactElement } from "react";

/** A message's two bodies: the HTML the template renders and the plain text read off that HTML. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}

const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "Nov 24, 2026, 10:30 PM UTC": a moment as messages write it (the reader's zone is unknown). */
export const formatMoment = (at: Date) => dateTime.format(at);

/** "December 1, 2026" for a calendar date stored as YYYY-MM-DD. */
export const formatDay = (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`));

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);

/**
 * A template rendered ONCE with a token in each slot, then filled per message by string replacement
 * (microseconds, where a React render takes ~10 ms): for a message written while a busy row is
 * locked. `element` must use each slot's value only as text or an attribute, never branch on it.
 * Fails at start-up when a slot does not come out in both the HTML and the text.
 */
export async function compileMail<Slot extends string>(
  slots: readonly Slot[],
  element: (values: Record<Slot, string>) => ReactElement,
): Promise<(values: Record<Slot, string>) => { html: string; text: string }> {
  const tokenOf = (slot: Slot) => `__slot_${slot}__`;
  const tokens = Object.fromEntries(slots.map((s) => [s, tokenOf(s)])) as Record<Slot, string>;
  const compiled = await renderMail(element(tokens));
  for (const slot of slots) {
    if (!compiled.html.includes(tokenOf(slot)) || !compiled.text.includes(tokenOf(slot))) {
      throw new Error(`compileMail: the slot ${slot} is not in both the HTML and the text`);
    }
  }
  return (values) => {
    let { html, text } = compiled;
    for (const slot of slots) {
      html = html.replaceAll(tokenOf(slot), escapeHtml(values[slot]));
      text = text.replaceAll(tokenOf(slot), values[slot]);
    }
    return { html, text };
  };
}
