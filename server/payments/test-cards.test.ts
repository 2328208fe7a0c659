import { describe, expect, it } from "vitest";
import { chargeTestCard, passesLuhn } from "./test-cards";

const now = new Date("2030-06-15T12:00:00Z");
const card = { cardNumber: "4242 4242 4242 4242", expiry: "06/30", cvc: "123" };
const charge = (patch: Partial<typeof card>) => chargeTestCard({ ...card, ...patch }, now);

describe("the simulated gateway's test cards", () => {
  it("knows Luhn", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("378282246310005")).toBe(true);
    expect(passesLuhn("")).toBe(false);
  });

  it.each([
    ["4242 4242 4242 4242", "visa", "4242"],
    ["4242-4242-4242-4242", "visa", "4242"],
    ["5555555555554444", "mastercard", "4444"],
  ])(
    "lets %s through, valid to the end of its expiry month, as a %s card ending %s",
    (cardNumber, brand, last4) => {
      expect(charge({ cardNumber })).toEqual({ ok: true, card: { brand, last4 } });
    },
  );

  it("takes Amex with a four-digit code only", () => {
    expect(charge({ cardNumber: "378282246310005", cvc: "1234" })).toEqual({
      ok: true,
      card: { brand: "amex", last4: "0005" },
    });
    expect(charge({ cardNumber: "378282246310005", cvc: "123" })).toMatchObject({
      message: "Your card's security code is invalid.",
    });
  });

  it.each([
    [{ cardNumber: "4000 0000 0000 0002" }, "card_declined", "Your card was declined."],
    [{ cardNumber: "4000 0000 0000 9995" }, "insufficient_funds", "Your card has insufficient funds."],
    [{ cardNumber: "4000 0000 0000 0069" }, "expired_card", "Your card has expired."],
    [{ cardNumber: "4000 0000 0000 0127" }, "incorrect_cvc", "Your card's security code is incorrect."],
    [{ cardNumber: "4242 4242 4242 4241" }, "invalid_number", "Your card number is invalid."],
    [{ cardNumber: "4242 4242 abcd 4242" }, "invalid_number", "Your card number is invalid."],
    [{ cardNumber: "4242" }, "invalid_number", "Your card number is incomplete."],
    [{ cardNumber: "" }, "invalid_number", "Your card number is incomplete."],
    [{ expiry: "05/30" }, "invalid_expiry", "Your card's expiration date is in the past."],
    [{ expiry: "12/29" }, "invalid_expiry", "Your card's expiration date is in the past."],
    [{ expiry: "13/31" }, "invalid_expiry", "Your card's expiration month is invalid."],
    [{ expiry: "2031-01" }, "invalid_expiry", "Your card's expiration date is incomplete."],
    [{ expiry: "" }, "invalid_expiry", "Your card's expiration date is incomplete."],
    [{ cvc: "" }, "invalid_cvc", "Your card's security code is incomplete."],
    [{ cvc: "12" }, "invalid_cvc", "Your card's security code is invalid."],
    [{ cvc: "abc" }, "invalid_cvc", "Your card's security code is invalid."],
  ])("declines %j as %s: %s", (patch, code, message) => {
    expect(charge(patch)).toEqual({ ok: false, code, message });
  });

  it("declines real (non-test) card numbers, as Stripe test mode does", () => {
    expect(charge({ cardNumber: "4111 1111 1111 1111" })).toMatchObject({ ok: false, code: "card_declined" });
  });
});
