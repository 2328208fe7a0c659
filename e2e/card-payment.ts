import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Order } from "../contract/orders";

// What the order and checkout browser tests share: a needed-by date and a card payment through the
// simulated gateway's card form (Stripe's test cards).

/** An expiry date five years ahead, MM/YY. */
export const futureExpiry = `12/${String((new Date().getFullYear() + 5) % 100).padStart(2, "0")}`;

/** A YYYY-MM-DD date `days` after today in the browser's (and this machine's) time zone. */
export function daysFromNow(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Fills the payment page's card form with `cardNumber` and presses Pay. */
export async function payWithCard(page: Page, cardNumber: string): Promise<void> {
  const form = page.getByRole("form", { name: "Card payment" });
  await form.getByLabel("Card number").fill(cardNumber);
  await form.getByLabel("Expiry (MM/YY)").fill(futureExpiry);
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: /^Pay \$/ }).click();
}

/** Pays an order through the API with the simulated gateway's test card, as `request`'s signed-in buyer. */
export async function payViaApi(
  request: APIRequestContext,
  baseURL: string,
  orderId: string,
): Promise<Order> {
  const headers = { origin: baseURL };
  const intent = await request.post("/api/create-payment-intent", { headers, data: { orderId } });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret, paymentIntentId } = (await intent.json()) as {
    clientSecret: string;
    paymentIntentId: string;
  };
  const confirmed = await request.post("/api/payments/simulated/confirm", {
    headers,
    data: { clientSecret, cardNumber: "4242 4242 4242 4242", expiry: futureExpiry, cvc: "123" },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const paid = await request.patch(`/api/order/${orderId}`, {
    headers,
    data: { transactionId: paymentIntentId },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return (await paid.json()) as Order;
}
