// When a tool can arrive: ONE rule for the tool page, the order form, the server and the cart.
//
// Days are calendar days, written YYYY-MM-DD, counted in the shop's time zone (`shopTimeZone`,
// America/New_York: the depot is in Columbus, Ohio), whatever the zone of the browser or the server.
// So a shopper in Tokyo and the server in UTC agree on what "today" is, and on the earliest arrival.
// A tool ordered today can arrive `leadTimeDays` calendar days later (weekends count: the vans drive
// every day); a needed-by date before that is refused.

/** The zone of the shop's calendar: today, and so the earliest arrival, are its dates. */
export const shopTimeZone = "America/New_York";

const shopDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: shopTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in the shop's time zone, YYYY-MM-DD (en-CA writes dates that way). */
export function shopToday(now: Date = new Date()): string {
  return shopDay.format(now);
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD day, as a number of milliseconds; NaN when it is no date. */
function utcDay(iso: string): number {
  const m = isoDay.exec(iso);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
}

/** The day `days` calendar days after `iso` (counted in UTC, so no summer-time change can move it). */
export function addCalendarDays(iso: string, days: number): string {
  const at = utcDay(iso);
  if (Number.isNaN(at)) throw new Error(`addCalendarDays: not a date: ${iso}`);
  return new Date(at + days * 86_400_000).toISOString().slice(0, 10);
}

/** The earliest day a tool with this lead time can arrive when ordered today (the shop's today). */
export function earliestArrival(leadTimeDays: number, today: string = shopToday()): string {
  return addCalendarDays(today, leadTimeDays);
}

const longDay = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Monday, November 30, 2026". */
export function formatLongDay(iso: string): string {
  const at = utcDay(iso);
  return Number.isNaN(at) ? iso : longDay.format(at);
}

/** Why a tool cannot be there by `neededBy` ("The earliest this tool can arrive is …"); undefined when it can. */
export function neededByProblem(
  leadTimeDays: number,
  neededBy: string,
  today: string = shopToday(),
): string | undefined {
  const earliest = earliestArrival(leadTimeDays, today);
  return neededBy < earliest
    ? `The earliest this tool can arrive is ${formatLongDay(earliest)}; choose that day or a later one`
    : undefined;
}
