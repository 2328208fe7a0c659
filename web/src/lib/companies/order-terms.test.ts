import { describe, expect, it } from "vitest";
import { z } from "zod";
import { companyMessages } from "#contract/companies";
import { ApiError } from "#web/lib/api";
import type { BuyingTerms } from "./buying-terms";
import { accountDueHint, offersAccount, orderTermsFields, termsRefusalField } from "./order-terms";

const terms = (over: Partial<BuyingTerms>): BuyingTerms => ({
  companyId: "c1",
  companyName: "Bolt & Sons",
  role: "buyer",
  discountPercent: 0,
  poRequired: false,
  paymentTermsDays: 0,
  taxExemptReason: null,
  ...over,
});

const check = (t: BuyingTerms | null, input: object) => z.object(orderTermsFields(t)).safeParse(input);
const messages = (result: ReturnType<typeof check>) => result.error?.issues.map((i) => i.message) ?? [];

describe("an order's company terms in the order form and the checkout", () => {
  it("takes no PO number, or a trimmed one, and card by default", () => {
    expect(check(null, { poNumber: "", paymentMethod: "card" }).data).toEqual({
      poNumber: undefined,
      paymentMethod: "card",
    });
    expect(check(null, { poNumber: "  ABC-123 ", paymentMethod: "card" }).data?.poNumber).toBe("ABC-123");
  });

  it("refuses an empty PO number with the company's message when the company requires one", () => {
    const required = terms({ poRequired: true });
    expect(messages(check(required, { poNumber: "   ", paymentMethod: "card" }))).toEqual([
      companyMessages.poRequired,
    ]);
    expect(check(required, { poNumber: "PO-7", paymentMethod: "card" }).success).toBe(true);
  });

  it("refuses a PO number over 40 characters", () => {
    expect(messages(check(null, { poNumber: "x".repeat(41), paymentMethod: "card" }))).toEqual([
      "Use at most 40 characters for the PO number",
    ]);
  });

  it("offers paying on account only to a company with payment terms", () => {
    expect(offersAccount(undefined)).toBe(false);
    expect(offersAccount(null)).toBe(false);
    expect(offersAccount(terms({ paymentTermsDays: 0 }))).toBe(false);
    expect(offersAccount(terms({ paymentTermsDays: 30 }))).toBe(true);
    expect(messages(check(terms({}), { poNumber: "", paymentMethod: "account" }))).toEqual([
      companyMessages.accountNotOffered,
    ]);
    expect(check(terms({ paymentTermsDays: 15 }), { poNumber: "", paymentMethod: "account" }).data).toEqual({
      poNumber: undefined,
      paymentMethod: "account",
    });
  });

  it("says when an order on account is due", () => {
    expect(accountDueHint(30)).toBe("Due 30 days after shipping");
    expect(accountDueHint(1)).toBe("Due 1 day after shipping");
  });

  it("places the shop's refusals for the terms at their field, and no other refusal", () => {
    expect(termsRefusalField(new ApiError(400, companyMessages.poRequired))).toBe("poNumber");
    expect(termsRefusalField(new ApiError(409, companyMessages.overCreditLimit))).toBe("paymentMethod");
    expect(termsRefusalField(new ApiError(409, companyMessages.overdueBlocks))).toBe("paymentMethod");
    expect(termsRefusalField(new ApiError(400, companyMessages.accountNotOffered))).toBe("paymentMethod");
    expect(termsRefusalField(new ApiError(409, "Only 600 pieces left"))).toBeUndefined();
    expect(termsRefusalField(new ApiError(500, companyMessages.poRequired))).toBeUndefined();
    expect(termsRefusalField(new Error(companyMessages.poRequired))).toBeUndefined();
    expect(termsRefusalField(new ApiError(409, "toString"))).toBeUndefined();
  });
});
