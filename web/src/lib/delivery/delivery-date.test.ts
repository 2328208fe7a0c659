import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addDays,
  canDeliverBy,
  deliveryDateKey,
  earliestDeliveryDate,
  formatDay,
  parseIsoDate,
  readDeliveryDate,
  toIsoDate,
  writeDeliveryDate,
} from "./delivery-date";

describe("calendar days", () => {
  it("reads and writes YYYY-MM-DD in local time and refuses days that do not exist", () => {
    expect(toIsoDate(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(parseIsoDate("2026-03-01")?.getDate()).toBe(1);
    for (const bad of ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-1", "", "tomorrow"]) {
      expect(parseIsoDate(bad), bad).toBeUndefined();
    }
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-01-30", 3)).toBe("2026-02-02");
    expect(addDays("2025-12-30", 2)).toBe("2026-01-01");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
  });

  it("formats a day for people", () => {
    expect(formatDay("2026-03-16")).toBe("Mon, Mar 16");
    expect(formatDay("2026-03-16", "long")).toBe("Monday, March 16, 2026");
  });
});

describe("delivery rules", () => {
  const today = "2026-03-10";

  it("delivers a tool by a date when today + its lead time is that day or earlier", () => {
    expect(canDeliverBy(6, "2026-03-16", today)).toBe(true);
    expect(canDeliverBy(7, "2026-03-16", today)).toBe(false);
    expect(canDeliverBy(0, today, today)).toBe(true);
  });

  it("puts the earliest delivery date at today + the shortest lead time", () => {
    expect(earliestDeliveryDate([3, 5, 2, 10], today)).toBe("2026-03-12");
    expect(earliestDeliveryDate([], today)).toBeUndefined();
  });
});

describe("the remembered date", () => {
  let store: Map<string, string>;

  beforeEach(() => {
    store = new Map();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is stored under car-mechanic:delivery-date as YYYY-MM-DD and read back", () => {
    writeDeliveryDate("2026-03-16");
    expect(store.get(deliveryDateKey)).toBe("2026-03-16");
    expect(readDeliveryDate("2026-03-10")).toBe("2026-03-16");
    writeDeliveryDate(undefined);
    expect(store.has(deliveryDateKey)).toBe(false);
    expect(readDeliveryDate("2026-03-10")).toBeUndefined();
  });

  it("is not offered once it has gone by, nor when the stored text is no date", () => {
    store.set(deliveryDateKey, "2026-03-09");
    expect(readDeliveryDate("2026-03-10")).toBeUndefined();
    store.set(deliveryDateKey, "soon");
    expect(readDeliveryDate("2026-03-10")).toBeUndefined();
  });

  it("refuses to store something that is not a date", () => {
    expect(() => writeDeliveryDate("16/03/2026")).toThrow();
  });

  it("does nothing when the browser blocks storage", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    });
    expect(readDeliveryDate("2026-03-10")).toBeUndefined();
    expect(() => writeDeliveryDate("2026-03-16")).not.toThrow();
  });
});
