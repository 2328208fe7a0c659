// The delivery date a visitor picks on the home page. It is kept in the browser so the order form
// can pre-fill its needed-by date with it: `readDeliveryDate()` there, `writeDeliveryDate()` to
// remember a date picked in the form. Dates are calendar days, YYYY-MM-DD, and compare correctly as
// strings; "today" is the shop's (contract/delivery-dates.ts), as the server counts it.
import { earliestArrival, shopToday } from "#contract/delivery-dates";

/** The localStorage key; the value is an ISO date (YYYY-MM-DD). */
export const deliveryDateKey = "car-mechanic:delivery-date";

/** Sent on window when this tab changes the date (other tabs get the storage event). */
const changeEvent = "car-mechanic:delivery-date-change";

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of `date` in the local time zone, as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Local midnight of a YYYY-MM-DD day; undefined when the text is no real day (2026-02-30). */
export function parseIsoDate(iso: string): Date | undefined {
  const match = isoDatePattern.exec(iso);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : undefined;
}

/** Today in the shop's time zone (America/New_York), wherever the browser is: the server's today. */
export function todayIso(now: Date = new Date()): string {
  return shopToday(now);
}

/** The day `days` after `iso` (calendar days, so summer time changes do not matter). */
export function addDays(iso: string, days: number): string {
  const date = parseIsoDate(iso);
  if (!date) throw new Error(`addDays: not a date: ${iso}`);
  date.setDate(date.getDate() + days);
  return toIsoDate(date);
}

/** A lead time in words: "1 day", "3 days". */
export function days(count: number): string {
  return `${count} ${count === 1 ? "day" : "days"}`;
}

/** The first day a tool with this lead time can arrive when ordered today: the contract's one rule. */
export function arrivalDate(leadTimeDays: number, today: string = todayIso()): string {
  return earliestArrival(leadTimeDays, today);
}

/** A tool can be delivered by `date` when today + its lead time is that day or earlier. */
export function canDeliverBy(leadTimeDays: number, date: string, today: string = todayIso()): boolean {
  return arrivalDate(leadTimeDays, today) <= date;
}

/**
 * The earliest day anything can be delivered: today + the shortest lead time. Undefined when there
 * are no lead times (no tools).
 */
export function earliestDeliveryDate(leadTimes: number[], today: string = todayIso()): string | undefined {
  if (leadTimes.length === 0) return undefined;
  return arrivalDate(Math.min(...leadTimes), today);
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // Storage blocked by the browser's settings.
    return undefined;
  }
}

/**
 * The remembered date, when there is one, it is a real day and it is not in the past. A date that
 * has gone by is forgotten rather than offered.
 */
export function readDeliveryDate(today: string = todayIso()): string | undefined {
  let value: string | null | undefined;
  try {
    value = storage()?.getItem(deliveryDateKey);
  } catch {
    return undefined;
  }
  if (!value || !parseIsoDate(value) || value < today) return undefined;
  return value;
}

/** Remembers `date` (YYYY-MM-DD), or forgets the date with undefined. Without storage it does nothing. */
export function writeDeliveryDate(date: string | undefined): void {
  if (date !== undefined && !parseIsoDate(date)) throw new Error(`writeDeliveryDate: not a date: ${date}`);
  try {
    const store = storage();
    if (!store) return;
    if (date === undefined) store.removeItem(deliveryDateKey);
    else store.setItem(deliveryDateKey, date);
  } catch {
    // Full or blocked storage: the date is simply not remembered.
    return;
  }
  if (typeof window !== "undefined") window.dispatchEvent(new Event(changeEvent));
}

/** Calls `onChange` when the remembered date changes, in this tab or another. Returns the unsubscribe. */
export function subscribeToDeliveryDate(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === deliveryDateKey || event.key === null) onChange();
  };
  window.addEventListener(changeEvent, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

const dayFormats = {
  short: new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric" }),
  long: new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" }),
};

/** "Fri, Nov 28" (short) or "Friday, November 28, 2025" (long). */
export function formatDay(iso: string, style: keyof typeof dayFormats = "short"): string {
  const date = parseIsoDate(iso);
  return date ? dayFormats[style].format(date) : iso;
}
