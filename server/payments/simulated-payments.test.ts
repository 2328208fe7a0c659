import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Order } from "../../contract/orders";
import type { PaymentIntentResponse } from "../../contract/payments";
import { getOrder, payOrder, placeOrder, startPayment, testCard } from "../orders/order-test-helpers";
import { orderEvents } from "../orders/tables";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { payments } from "./tables";

describeEachDatabase("paying by card through the simulated gateway", (env) => {
  let buyer: TestUser;
  let stranger: TestUser;
  let toolId: string;
  beforeAll(async () => {
    buyer = await signUp(env.app);
    stranger = await signUp(env.app);
    toolId = (await insertTool(env.db, { priceCents: 123_45, minimum: 10, available: 100_000 })).id;
  });

  const confirm = (clientSecret: string, card: Partial<typeof testCard> = {}) =>
    call(env.app, "POST", "/api/payments/simulated/confirm", undefined, {
      ...testCard,
      ...card,
      clientSecret,
    });
  const markPaid = (orderId: string, transactionId: string, who: TestUser = buyer) =>
    call(env.app, "PATCH", `/api/order/${orderId}`, who, { orderId, transactionId });
  const succeededPayments = async (orderId: string) =>
    (await env.db.select().from(payments).where(eq(payments.orderId, orderId))).filter(
      (p) => p.status === "succeeded",
    );

  it("tells the payment page that the simulated gateway is active, with no key", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/payments/config" });
    expect(res.json()).toEqual({ gateway: "simulated" });
  });

  it("charges unit price × quantity in cents, computed by the server; the spec's {orderPrice} is ignored", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 300);
    const res = await call(env.app, "POST", "/api/create-payment-intent", buyer, {
      orderId: order._id,
      orderPrice: 0.5,
    });
    expect(res.statusCode).toBe(200);
    const intent = res.json<PaymentIntentResponse>();
    expect(intent).toEqual({
      clientSecret: expect.stringMatching(/^pi_sim_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^pi_sim_/),
      amount: 123_45 * 300,
      currency: "usd",
    });
    const [row] = await env.db.select().from(payments).where(eq(payments.intentId, intent.paymentIntentId));
    expect(row).toMatchObject({
      orderId: order._id,
      amountCents: 3_703_500,
      status: "requires_payment_method",
    });

    const specBody = await call(env.app, "POST", "/api/create-payment-intent", buyer, { orderPrice: 1920 });
    expect(specBody.statusCode).toBe(400);
    expect(specBody.json()).toEqual({ error: "Say which order to pay (orderId)" });
  });

  it("keeps amounts beyond 2^31 cents exact", async () => {
    const pump = await insertTool(env.db, { priceCents: 491026_00, minimum: 500, available: 3500 });
    const order = await placeOrder(env.app, buyer, pump.id, 500);
    expect(order.total).toBe(245_513_000);
    const intent = await startPayment(env.app, buyer, order._id);
    expect(intent.amount).toBe(24_551_300_000);
    const confirmed = await confirm(intent.clientSecret);
    expect(confirmed.statusCode).toBe(200);
    expect((await markPaid(order._id, intent.paymentIntentId)).json<Order>().paid).toBe(true);
    expect((await succeededPayments(order._id))[0]?.amountCents).toBe(24_551_300_000);
  });

  it("reuses the open payment when the payment page is opened again", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const first = await startPayment(env.app, buyer, order._id);
    const second = await startPayment(env.app, buyer, order._id);
    expect(second).toEqual(first);
  });

  it("lets only the order's owner start a payment: others get 404, anonymous 401", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const other = await call(env.app, "POST", "/api/create-payment-intent", stranger, { orderId: order._id });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: "No order with that id" });
    const anonymous = await call(env.app, "POST", "/api/create-payment-intent", undefined, {
      orderId: order._id,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ["a declined card", { cardNumber: "4000 0000 0000 0002" }, "Your card was declined."],
    ["insufficient funds", { cardNumber: "4000 0000 0000 9995" }, "Your card has insufficient funds."],
    ["an expired date", { expiry: "01/20" }, "Your card's expiration date is in the past."],
    ["a number failing Luhn", { cardNumber: "4242 4242 4242 4241" }, "Your card number is invalid."],
    ["a bad security code", { cvc: "12a" }, "Your card's security code is invalid."],
    ["an empty card number", { cardNumber: "" }, "Your card number is incomplete."],
  ])("answers %s with 402 and Stripe's message, and the order stays unpaid", async (_, card, error) => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const intent = await startPayment(env.app, buyer, order._id);
    const res = await confirm(intent.clientSecret, card);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error });
    const patch = await markPaid(order._id, intent.paymentIntentId);
    expect(patch.statusCode).toBe(402);
    expect(patch.json()).toHaveProperty("error");
    expect((await getOrder(env.app, buyer, order._id)).paid).toBe(false);
  });

  it("lets a declined payment be retried with another card", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const intent = await startPayment(env.app, buyer, order._id);
    expect((await confirm(intent.clientSecret, { cardNumber: "4000000000000002" })).statusCode).toBe(402);
    const ok = await confirm(intent.clientSecret);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: intent.paymentIntentId, status: "succeeded" });
  });

  it("refuses an unknown client secret (404) and a confirmed one (409)", async () => {
    expect((await confirm("pi_sim_nope_secret_nope")).statusCode).toBe(404);
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const intent = await startPayment(env.app, buyer, order._id);
    expect((await confirm(`${intent.paymentIntentId}_secret_guessed`)).statusCode).toBe(404);
    expect((await confirm(intent.clientSecret)).statusCode).toBe(200);
    const again = await confirm(intent.clientSecret);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "This payment has already succeeded" });
  });

  it("marks the order paid only after the gateway confirms: payment row, status, transaction id and event", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const intent = await startPayment(env.app, buyer, order._id);
    const early = await markPaid(order._id, intent.paymentIntentId);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toEqual({ error: "That payment has not gone through yet" });

    expect((await confirm(intent.clientSecret)).statusCode).toBe(200);
    const res = await markPaid(order._id, intent.paymentIntentId);
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      paid: true,
      status: "paid",
      transactionId: intent.paymentIntentId,
    });
    expect(await succeededPayments(order._id)).toHaveLength(1);
    const events = await env.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.filter((e) => e.toStatus === "paid")).toHaveLength(1);
  });

  it("leaves the order unpaid for a forged transactionId or another order's payment", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const forged = await markPaid(order._id, "pi_sim_forged123");
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: "That payment is not one of this order's payments" });

    const cheap = await placeOrder(env.app, buyer, toolId, 10);
    const cheapIntent = await startPayment(env.app, buyer, cheap._id);
    await confirm(cheapIntent.clientSecret);
    const borrowed = await markPaid(order._id, cheapIntent.paymentIntentId);
    expect(borrowed.statusCode).toBe(400);

    expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
      paid: false,
      status: "pending",
      transactionId: null,
    });
    expect(await succeededPayments(order._id)).toEqual([]);
  });

  it("refuses to pay a paid order again (409), and answers a repeated confirmation of the same payment with the order", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const paid = await payOrder(env.app, buyer, order._id);

    const repeat = await markPaid(order._id, paid.transactionId ?? "");
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(paid);

    const second = await markPaid(order._id, "pi_sim_another");
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: "This order is already paid" });
    const intent = await call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId: order._id });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toEqual({ error: "This order is already paid" });
    expect(await succeededPayments(order._id)).toHaveLength(1);
  });

  it("hides other buyers' orders from PATCH (404) and refuses anonymous callers (401)", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    expect((await markPaid(order._id, "pi_sim_x", stranger)).statusCode).toBe(404);
    const anonymous = await call(env.app, "PATCH", `/api/order/${order._id}`, undefined, {
      transactionId: "x",
    });
    expect(anonymous.statusCode).toBe(401);
    const empty = await call(env.app, "PATCH", `/api/order/${order._id}`, buyer, { orderId: order._id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: "Send the payment's transactionId" });
  });

  it("finds a payment whose confirmation was lost when the payment page is opened again", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const intent = await startPayment(env.app, buyer, order._id);
    expect((await confirm(intent.clientSecret)).statusCode).toBe(200);
    // The browser closed before its PATCH. Coming back must not charge the card a second time.
    const again = await call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId: order._id });
    expect(again.statusCode).toBe(409);
    expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
      paid: true,
      transactionId: intent.paymentIntentId,
    });
  });

  it("records one payment when the same confirmation arrives many times at once", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const intent = await startPayment(env.app, buyer, order._id);
    await confirm(intent.clientSecret);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => markPaid(order._id, intent.paymentIntentId)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await succeededPayments(order._id)).toHaveLength(1);
    const events = await env.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.filter((e) => e.toStatus === "paid")).toHaveLength(1);
  });

  it("answers garbage on every payment route with a 4xx JSON error, never a 500", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/create-payment-intent", { orderId: 42 }],
      ["POST", "/api/create-payment-intent", []],
      ["POST", "/api/create-payment-intent", "null"],
      ["PATCH", `/api/order/${order._id}`, { transactionId: 42 }],
      ["PATCH", `/api/order/${order._id}`, { transactionId: "x".repeat(300) }],
      ["PATCH", "/api/order/%00", { transactionId: "pi_x" }],
      ["PATCH", `/api/order/${"9".repeat(5000)}`, { transactionId: "pi_x" }],
      ["POST", "/api/payments/simulated/confirm", { clientSecret: 1, cardNumber: 4242 }],
      [
        "POST",
        "/api/payments/simulated/confirm",
        { ...testCard, clientSecret: "x", cardNumber: "4".repeat(50) },
      ],
      ["POST", "/api/payments/simulated/confirm", "{"],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await env.app.inject({
        method: method as "POST",
        url,
        headers: {
          origin: "http://localhost:3000",
          cookie: buyer.cookie,
          "content-type": "application/json",
        },
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      });
      const label = `${method} ${url.slice(0, 60)} ${JSON.stringify(payload)}`;
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(res.json(), label).toHaveProperty("error");
    }
    expect((await getOrder(env.app, buyer, order._id)).paid).toBe(false);
  });

  it("has no Stripe webhook while the simulated gateway is active", async () => {
    const res = await env.app.inject({ method: "POST", url: "/api/webhooks/stripe", payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
