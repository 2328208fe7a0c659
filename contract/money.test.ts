import { describe, expect, it } from "vitest";
import { formatCents, formatDollars } from "./money";

describe("money as the shop writes it", () => {
  it("always shows the cents, so whole and broken amounts read alike", () => {
    expect(formatDollars(289)).toBe("$289.00");
    expect(formatDollars(118.5)).toBe("$118.50");
    expect(formatDollars(5274)).toBe("$5,274.00");
    expect(formatCents(527_400)).toBe("$5,274.00");
    expect(formatCents(1)).toBe("$0.01");
  });
});
