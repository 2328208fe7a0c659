// How the simulated gateway answers a card: Stripe's test-mode cards and Stripe's messages.
// https://docs.stripe.com/testing

export type CardDetails = { cardNumber: string; expiry: string; cvc: string };

export type ChargeOutcome =
  | { ok: true; card: { brand: string; last4: string } }
  | { ok: false; code: string; message: string };

/** A card's brand by its number, as Stripe names it (visa, mastercard, amex, …). */
export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^3(0|6|8|9)/.test(digits)) return "diners";
  if (/^35/.test(digits)) return "jcb";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

const declined = (code: string, message: string): ChargeOutcome => ({ ok: false, code, message });

/** Test cards that fail, by number, with the decline Stripe gives them. */
const failingCards: Record<string, ChargeOutcome> = {
  "4000000000000002": declined("card_declined", "Your card was declined."),
  "4000000000009995": declined("insufficient_funds", "Your card has insufficient funds."),
  "4000000000009987": declined("lost_card", "Your card was declined."),
  "4000000000009979": declined("stolen_card", "Your card was declined."),
  "4000000000000069": declined("expired_card", "Your card has expired."),
  "4000000000000127": declined("incorrect_cvc", "Your card's security code is incorrect."),
  "4000000000000119": declined(
    "processing_error",
    "An error occurred while processing your card. Try again in a little bit.",
  ),
  "4000002760003184": declined(
    "authentication_required",
    "Your card was declined. This transaction requires authentication.",
  ),
};

/** Test cards that succeed (Visa, Visa debit, Mastercard, Amex, Discover, Diners, JCB, UnionPay). */
const succeedingCards = new Set([
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "2223003122003222",
  "5200828282828210",
  "5105105105105100",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "3056930009020004",
  "36227206271667",
  "3566002020360505",
  "6200000000000005",
]);

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const isAmex = (digits: string) => /^3[47]/.test(digits);

function numberProblem(cardNumber: string): string | undefined {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (digits === "") return "Your card number is incomplete.";
  if (!/^\d+$/.test(digits) || digits.length > 19) return "Your card number is invalid.";
  if (digits.length < 13) return "Your card number is incomplete.";
  if (!passesLuhn(digits)) return "Your card number is invalid.";
  return undefined;
}

/** A card is good through the last day of its expiry month. */
function expiryProblem(expiry: string, now: Date): string | undefined {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!m) return "Your card's expiration date is incomplete.";
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  const nowYear = now.getUTCFullYear();
  if (year < nowYear || (year === nowYear && month < now.getUTCMonth() + 1)) {
    return "Your card's expiration date is in the past.";
  }
  if (year > nowYear + 50) return "Your card's expiration year is invalid.";
  return undefined;
}

function cvcProblem(cvc: string, cardDigits: string): string | undefined {
  const code = cvc.trim();
  if (code === "") return "Your card's security code is incomplete.";
  const length = isAmex(cardDigits) ? 4 : 3;
  if (!/^\d+$/.test(code) || code.length !== length) return "Your card's security code is invalid.";
  return undefined;
}

/** What Stripe test mode would answer to this card. */
export function chargeTestCard(card: CardDetails, now: Date = new Date()): ChargeOutcome {
  const invalidNumber = numberProblem(card.cardNumber);
  if (invalidNumber) return declined("invalid_number", invalidNumber);
  const digits = card.cardNumber.replace(/[\s-]/g, "");
  const invalidExpiry = expiryProblem(card.expiry, now);
  if (invalidExpiry) return declined("invalid_expiry", invalidExpiry);
  const invalidCvc = cvcProblem(card.cvc, digits);
  if (invalidCvc) return declined("invalid_cvc", invalidCvc);
  const failing = failingCards[digits];
  if (failing) return failing;
  if (succeedingCards.has(digits))
    return { ok: true, card: { brand: cardBrandOf(digits), last4: digits.slice(-4) } };
  return declined(
    "card_declined",
    "Your card was declined. This shop takes test cards only, such as 4242 4242 4242 4242.",
  );
}
