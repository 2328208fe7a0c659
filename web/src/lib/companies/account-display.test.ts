import { describe, expect, it } from "vitest";
import {
  companyOrderStatusLabel,
  formatAccountDay,
  overdueLabel,
  statementCsvHref,
  statementWhat,
  termsLabel,
} from "./account-display";

describe("a company's account, as it reads", () => {
  it("names the payment terms: Net 30, or card only without terms", () => {
    expect(termsLabel(30)).toBe("Net 30");
    expect(termsLabel(15)).toBe("Net 15");
    expect(termsLabel(0)).toBe("Card only");
  });

  it("says how many days an amount is overdue, and nothing before it is", () => {
    expect(overdueLabel(0)).toBeUndefined();
    expect(overdueLabel(-2)).toBeUndefined();
    expect(overdueLabel(1)).toBe("Overdue 1 day");
    expect(overdueLabel(16)).toBe("Overdue 16 days");
    expect(overdueLabel(1200)).toBe("Overdue 1,200 days");
  });

  it("says what a statement line is: an order charged or a payment credited", () => {
    expect(statementWhat({ kind: "order", reference: "CM-10482 PO 4471" })).toBe("Order CM-10482 PO 4471");
    expect(statementWhat({ kind: "payment", reference: "TR-889" })).toBe("Payment TR-889");
    expect(statementWhat({ kind: "credit_note", reference: "Credit note CN-2026-000001 for CM-10482" })).toBe(
      "Credit note CN-2026-000001 for CM-10482",
    );
  });

  it("writes a day, or the day of an instant, in no time zone; other text as it came", () => {
    expect(formatAccountDay("2026-11-28")).toBe("Nov 28, 2026");
    expect(formatAccountDay("2026-01-05T23:30:00.000Z")).toBe("Jan 5, 2026");
    expect(formatAccountDay("soon")).toBe("soon");
  });

  it("reads an on-account order as confirmed while a card order waits for its payment", () => {
    expect(companyOrderStatusLabel("pending", "account")).toBe("Preparing shipment");
    expect(companyOrderStatusLabel("pending", "card")).toBe("Awaiting payment");
    expect(companyOrderStatusLabel("paid", "card")).toBe("Preparing shipment");
    expect(companyOrderStatusLabel("shipped", "account")).toBe("Shipped");
    expect(companyOrderStatusLabel("cancelled", "account")).toBe("Cancelled");
  });

  it("links to the statement's CSV of the company", () => {
    expect(statementCsvHref("a b")).toBe("/api/companies/a%20b/statement?format=csv");
  });
});
