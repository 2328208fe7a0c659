import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  earliestArrival,
  formatLongDay,
  neededByProblem,
  shopToday,
} from "./delivery-dates";

describe("the shop's delivery calendar", () => {
  it("counts today in the shop's zone (New York): the date changes at midnight there, not in UTC", () => {
    // 04:59 UTC on Nov 28 is 23:59 on Nov 27 in New York (EST, UTC−5).
    expect(shopToday(new Date("2026-11-28T04:59:00Z"))).toBe("2026-11-27");
    expect(shopToday(new Date("2026-11-28T05:00:00Z"))).toBe("2026-11-28");
    // In summer (EDT, UTC−4) the day turns an hour earlier in UTC.
    expect(shopToday(new Date("2026-07-01T03:59:00Z"))).toBe("2026-06-30");
    expect(shopToday(new Date("2026-07-01T04:00:00Z"))).toBe("2026-07-01");
  });

  it("puts the earliest arrival the lead time in calendar days after today, weekends included", () => {
    // Friday Nov 27 + 3 days: Monday Nov 30 (the tool page's "earliest arrival").
    expect(earliestArrival(3, "2026-11-27")).toBe("2026-11-30");
    // Friday + 1 day is Saturday: the vans drive at weekends too.
    expect(earliestArrival(1, "2026-11-27")).toBe("2026-11-28");
    expect(earliestArrival(0, "2026-11-27")).toBe("2026-11-27");
    // Across a month, a year, and the spring summer-time change.
    expect(addCalendarDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addCalendarDays("2027-03-13", 2)).toBe("2027-03-15");
    expect(formatLongDay("2026-11-30")).toBe("Monday, November 30, 2026");
  });

  it("refuses a needed-by date before the earliest arrival and names that day", () => {
    expect(neededByProblem(3, "2026-11-30", "2026-11-27")).toBeUndefined();
    expect(neededByProblem(3, "2026-11-29", "2026-11-27")).toBe(
      "The earliest this tool can arrive is Monday, November 30, 2026; choose that day or a later one",
    );
  });
});
