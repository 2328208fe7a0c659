import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Order } from "../../contract/orders";
import { tools } from "../catalog/tables";
import { backdateOrder, getOrder, placeOrder, startPayment } from "../orders/order-test-helpers";
import { orderEvents } from "../orders/tables";
import { insertTool } from "../test/factories";
import { startFakeStripe } from "../test/fakes/fake-stripe";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { paymentStatusesOf } from "./payment-test-helpers";
import { payments, webhookEvents } from "./tables";

const fake = await startFakeStripe();
afterAll(() => fake.close());

const webhookSecret = "whsec_test_car_mechanic";
/** What Stripe.js does in the browser, against the same fake. */
const browserStripe = new Stripe("sk_test_browser", {
  host: "127.0.0.1",
  port: new URL(fake.url).port,
  protocol: "http",
});

const sign = (payload: string, secret = webhookSecret) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

describeEachDatabase(
  "paying through Stripe (the official SDK against a fake Stripe API)",
  (env) => {
    let buyer: TestUser;
    let admin: TestUser;
    let toolId: string;
    beforeAll(async () => {
      buyer = await signUp(env.app);
      admin = await signUp(env.app, { email: adminEmail });
      toolId = (await insertTool(env.db, { priceCents: 46_75, minimum: 100, available: 1_000_000 })).id;
    });

    /** Posts an event as Stripe does; `null` sends no signature header. */
    const deliver = (payload: string, signature: string | null = sign(payload)) =>
      env.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: {
          "content-type": "application/json; charset=utf-8",
          ...(signature === null ? {} : { "stripe-signature": signature }),
        },
        payload,
      });
    const markPaid = (orderId: string, transactionId: string) =>
      call(env.app, "PATCH", `/api/order/${orderId}`, buyer, { orderId, transactionId });
    const succeededPayments = async (orderId: string) =>
      (await env.db.select().from(payments).where(eq(payments.orderId, orderId))).filter(
        (p) => p.status === "succeeded",
      );
    const paidEvents = async (orderId: string) =>
      (await env.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
        (e) => e.toStatus === "paid",
      );
    const intentAtStripe = (id: string) => {
      const intent = fake.intents.get(id);
      if (!intent) throw new Error(`the fake has no intent ${id}`);
      return intent;
    };
    /** An order of `quantity` pieces with its payment started at Stripe. */
    const orderWithPayment = async (quantity = 100) => {
      const order = await placeOrder(env.app, buyer, toolId, quantity);
      return { order, intent: await startPayment(env.app, buyer, order._id) };
    };
    /** What Stripe.js does in the browser when the buyer pays with a card that goes through. */
    const payAtStripe = (intentId: string) =>
      browserStripe.paymentIntents.confirm(intentId, { payment_method: "pm_card_visa" });

    it("tells the payment page to use Stripe with the publishable key; the simulated confirm is gone", async () => {
      const config = await env.app.inject({ method: "GET", url: "/api/payments/config" });
      expect(config.json()).toEqual({ gateway: "stripe", publishableKey: "pk_test_car_mechanic" });
      const simulated = await call(env.app, "POST", "/api/payments/simulated/confirm", undefined, {});
      expect(simulated.statusCode).toBe(404);
    });

    it("creates a PaymentIntent at Stripe for unit price × quantity, tagged with the order, and reuses it", async () => {
      const { order, intent } = await orderWithPayment(300);
      expect(intent).toMatchObject({ amount: 46_75 * 300, currency: "usd" });
      expect(intentAtStripe(intent.paymentIntentId)).toMatchObject({
        amount: 1_402_500,
        currency: "usd",
        metadata: { orderId: order._id },
        client_secret: intent.clientSecret,
      });
      expect(await startPayment(env.app, buyer, order._id)).toEqual(intent);
    });

    it("marks the order paid on PATCH once Stripe says the payment succeeded", async () => {
      const { order, intent } = await orderWithPayment();
      const early = await markPaid(order._id, intent.paymentIntentId);
      expect(early.statusCode).toBe(402);

      await payAtStripe(intent.paymentIntentId);
      const res = await markPaid(order._id, intent.paymentIntentId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Order>()).toMatchObject({ paid: true, transactionId: intent.paymentIntentId });
      expect(fake.requests).toContain(`GET /v1/payment_intents/${intent.paymentIntentId}`);
    });

    it("answers the PATCH with a receipt naming the card of the PaymentIntent's payment method", async () => {
      const { order, intent } = await orderWithPayment(200);
      await browserStripe.paymentIntents.confirm(intent.paymentIntentId, {
        payment_method: "pm_card_mastercard",
      });
      const res = await markPaid(order._id, intent.paymentIntentId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        orderNumber: order.orderNumber,
        receipt: {
          orderNumber: order.orderNumber,
          amount: 9350,
          cardBrand: "mastercard",
          cardLast4: "4444",
          paidAt: expect.any(String),
          emailedTo: buyer.email,
        },
      });
      const [payment] = await succeededPayments(order._id);
      expect(payment).toMatchObject({ cardBrand: "mastercard", cardLast4: "4444" });
    });

    it("finds the card at Stripe for the receipt when the webhook paid the order first", async () => {
      const { order, intent } = await orderWithPayment();
      await payAtStripe(intent.paymentIntentId);
      // The event names the payment method by its id only.
      const payload = fake.eventPayload("payment_intent.succeeded", intentAtStripe(intent.paymentIntentId));
      expect((await deliver(payload)).statusCode).toBe(200);
      const res = await markPaid(order._id, intent.paymentIntentId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().receipt).toMatchObject({ cardBrand: "visa", cardLast4: "4242", amount: 4675 });
    });

    it("answers a declined card's PATCH with 402 and Stripe's message", async () => {
      const { order, intent } = await orderWithPayment();
      await expect(
        browserStripe.paymentIntents.confirm(intent.paymentIntentId, {
          payment_method: "pm_card_chargeDeclined",
        }),
      ).rejects.toThrow("Your card was declined.");
      const res = await markPaid(order._id, intent.paymentIntentId);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: "Your card was declined." });
      expect((await getOrder(env.app, buyer, order._id)).paid).toBe(false);
    });

    it("leaves the order unpaid for a forged transactionId, and never asks Stripe about it", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 100);
      const res = await markPaid(order._id, "pi_forged_by_the_client");
      expect(res.statusCode).toBe(400);
      expect(fake.requests.some((r) => r.includes("pi_forged_by_the_client"))).toBe(false);
      expect((await getOrder(env.app, buyer, order._id)).paid).toBe(false);
    });

    it("marks the order paid from the signed webhook, and a webhook delivered 10 times gives one payment", async () => {
      const { order, intent } = await orderWithPayment(200);
      const paidAtStripe = await payAtStripe(intent.paymentIntentId);
      const payload = fake.eventPayload("payment_intent.succeeded", paidAtStripe as never);
      const eventId = JSON.parse(payload).id as string;

      const first = await deliver(payload);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true });
      expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
        paid: true,
        status: "paid",
        transactionId: intent.paymentIntentId,
      });

      const replays = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
      expect(replays.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(await succeededPayments(order._id)).toHaveLength(1);
      const events = await paidEvents(order._id);
      expect(events).toHaveLength(1);
      expect(events[0]?.actorUserId).toBeNull();
      expect(await env.db.$count(webhookEvents, eq(webhookEvents.id, eventId))).toBe(1);

      // The browser's PATCH arrives after the webhook: the same payment, so the paid order comes back.
      const patch = await markPaid(order._id, intent.paymentIntentId);
      expect(patch.statusCode).toBe(200);
      expect(await succeededPayments(order._id)).toHaveLength(1);
    });

    it("gives one payment when ten deliveries of a new event race each other", async () => {
      const { order, intent } = await orderWithPayment();
      const paidAtStripe = await payAtStripe(intent.paymentIntentId);
      const payload = fake.eventPayload("payment_intent.succeeded", paidAtStripe as never);
      const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(await succeededPayments(order._id)).toHaveLength(1);
      expect(await paidEvents(order._id)).toHaveLength(1);
    });

    it("refuses a webhook with a bad, missing or foreign signature, or an altered body, with 400", async () => {
      const { order, intent } = await orderWithPayment();
      const succeeded = { ...intentAtStripe(intent.paymentIntentId), status: "succeeded" };
      const payload = fake.eventPayload("payment_intent.succeeded", succeeded);
      const cases = [
        deliver(payload, "t=1,v1=deadbeef"),
        deliver(payload, null),
        deliver(payload, sign(payload, "whsec_someone_else")),
        deliver(payload.replace('"livemode":false', '"livemode":true'), sign(payload)),
        deliver("not json", sign("not json")),
      ];
      for (const [i, res] of (await Promise.all(cases)).entries()) {
        expect(res.statusCode, `case ${i}`).toBe(400);
        expect(res.json()).toHaveProperty("error");
      }
      expect((await getOrder(env.app, buyer, order._id)).paid).toBe(false);
    });

    it("does not mark an order paid from a webhook whose amount differs from the order's total", async () => {
      const { order, intent } = await orderWithPayment();
      const cheaper = { ...intentAtStripe(intent.paymentIntentId), status: "succeeded", amount: 50 };
      const res = await deliver(fake.eventPayload("payment_intent.succeeded", cheaper));
      expect(res.statusCode).toBe(200);
      expect((await getOrder(env.app, buyer, order._id)).paid).toBe(false);
      expect(await succeededPayments(order._id)).toEqual([]);
    });

    it("does not revive a cancelled order from a late webhook", async () => {
      const { order, intent } = await orderWithPayment();
      expect((await call(env.app, "DELETE", `/api/allOrder/${order._id}`, admin)).statusCode).toBe(200);
      const succeeded = { ...intentAtStripe(intent.paymentIntentId), status: "succeeded" };
      const res = await deliver(fake.eventPayload("payment_intent.succeeded", succeeded));
      expect(res.statusCode).toBe(200);
      expect(await getOrder(env.app, buyer, order._id)).toMatchObject({ status: "cancelled", paid: false });
    });

    it("records a failed payment's reason and ignores events it does not handle", async () => {
      const { order, intent } = await orderWithPayment();
      const failed = {
        ...intentAtStripe(intent.paymentIntentId),
        last_payment_error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
      };
      expect((await deliver(fake.eventPayload("payment_intent.payment_failed", failed))).statusCode).toBe(
        200,
      );
      const [row] = await env.db.select().from(payments).where(eq(payments.intentId, intent.paymentIntentId));
      expect(row).toMatchObject({
        status: "requires_payment_method",
        failureMessage: "Your card was declined.",
      });

      const other = JSON.stringify({
        id: "evt_other",
        object: "event",
        type: "customer.created",
        data: { object: {} },
      });
      expect((await deliver(other)).statusCode).toBe(200);
      // A payment of another app on the same Stripe account: no order of ours, nothing to apply.
      const foreign = {
        ...intentAtStripe(intent.paymentIntentId),
        id: "pi_foreign",
        status: "succeeded",
        metadata: {},
      };
      expect((await deliver(fake.eventPayload("payment_intent.succeeded", foreign))).statusCode).toBe(200);
      expect((await getOrder(env.app, buyer, order._id)).paid).toBe(false);
    });

    it("refuses to start a card payment above Stripe's limit with a readable 400", async () => {
      const pump = await insertTool(env.db, { priceCents: 491026_00, minimum: 500, available: 3500 });
      const order = await placeOrder(env.app, buyer, pump.id, 500);
      const res = await call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId: order._id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Orders over $999,999.99 cannot be paid by card; please contact us to pay",
      });
    });

    // Cancelling an unpaid order (an admin, or the expiry) cancels its payment at Stripe first.
    const stock = async () =>
      (await env.db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId)))[0]
        ?.available;
    const remove = (orderId: string) => call(env.app, "DELETE", `/api/allOrder/${orderId}`, admin);
    /** An order placed two days and an hour ago, with its payment started at Stripe. */
    const staleOrderWithPayment = async () => {
      const started = await orderWithPayment();
      await backdateOrder(env.db, started.order._id, 49);
      return started;
    };

    it("cancels the open PaymentIntent at Stripe when an admin removes the order, so the card cannot be charged", async () => {
      const { order, intent } = await orderWithPayment();
      const before = await stock();

      const res = await remove(order._id);

      expect(res.statusCode, res.body).toBe(200);
      expect(fake.requests).toContain(`POST /v1/payment_intents/${intent.paymentIntentId}/cancel`);
      expect(intentAtStripe(intent.paymentIntentId)).toMatchObject({
        status: "canceled",
        cancellation_reason: "abandoned",
      });
      await expect(payAtStripe(intent.paymentIntentId)).rejects.toThrow(/status of canceled/);
      expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
        status: "cancelled",
        cancelReason: "Removed by an admin",
      });
      expect(await stock()).toBe((before ?? 0) + 100);
    });

    it("cancels the open PaymentIntent at Stripe when the order expires unpaid", async () => {
      const { order, intent } = await staleOrderWithPayment();
      const before = await stock();

      expect(await env.app.expireUnpaidOrders(new Date())).toBe(1);

      expect(fake.requests).toContain(`POST /v1/payment_intents/${intent.paymentIntentId}/cancel`);
      expect(intentAtStripe(intent.paymentIntentId).status).toBe("canceled");
      expect((await getOrder(env.app, buyer, order._id)).status).toBe("cancelled");
      expect(await stock()).toBe((before ?? 0) + 100);
    });

    it("makes the order paid instead when Stripe had already charged the card (no webhook or PATCH yet)", async () => {
      const { order: removed, intent: removedIntent } = await orderWithPayment();
      await payAtStripe(removedIntent.paymentIntentId);
      const expired = await staleOrderWithPayment();
      await payAtStripe(expired.intent.paymentIntentId);
      const before = await stock();

      const res = await remove(removed._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: "The buyer's card payment had already gone through: the order is paid and stays",
      });
      expect(await env.app.expireUnpaidOrders(new Date())).toBe(0);

      for (const [order, intent] of [
        [removed, removedIntent],
        [expired.order, expired.intent],
      ] as const) {
        expect(fake.requests).toContain(`POST /v1/payment_intents/${intent.paymentIntentId}/cancel`);
        expect(intentAtStripe(intent.paymentIntentId).status).toBe("succeeded");
        expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
          status: "paid",
          paid: true,
          transactionId: intent.paymentIntentId,
        });
        const [payment] = await env.db
          .select()
          .from(payments)
          .where(eq(payments.intentId, intent.paymentIntentId));
        expect(payment?.status).toBe("succeeded");
      }
      expect(await stock()).toBe(before);
    });

    /** The requests to Stripe about one intent since `from` (an index into the fake's log). */
    const requestsAbout = (intentId: string, from = 0) =>
      fake.requests.slice(from).filter((r) => r.includes(intentId));

    it("records the payment as canceled when an admin removes the order, and asks Stripe no more about it", async () => {
      const { order, intent } = await orderWithPayment();

      expect((await remove(order._id)).statusCode).toBe(200);
      expect(await paymentStatusesOf(env.db, order._id)).toEqual({ [intent.paymentIntentId]: "canceled" });

      const mark = fake.requests.length;
      const again = await remove(order._id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "This order is already cancelled" });
      expect(requestsAbout(intent.paymentIntentId, mark)).toEqual([]);
    });

    it("records the payment as canceled when the order expires unpaid", async () => {
      const { order, intent } = await staleOrderWithPayment();

      expect(await env.app.expireUnpaidOrders(new Date())).toBe(1);

      expect(await paymentStatusesOf(env.db, order._id)).toEqual({ [intent.paymentIntentId]: "canceled" });
      const mark = fake.requests.length;
      expect(await env.app.expireUnpaidOrders(new Date())).toBe(0);
      expect((await remove(order._id)).statusCode).toBe(409);
      expect(requestsAbout(intent.paymentIntentId, mark)).toEqual([]);
    });

    it("records a payment Stripe had already canceled as canceled", async () => {
      const { order, intent } = await orderWithPayment();
      // Cancelled at Stripe by other means (the dashboard, say): Stripe refuses to cancel it again.
      intentAtStripe(intent.paymentIntentId).status = "canceled";
      const mark = fake.requests.length;

      expect((await remove(order._id)).statusCode).toBe(200);

      // Stripe's refusal ("status of canceled"), then the intent read to see why.
      expect(requestsAbout(intent.paymentIntentId, mark)).toEqual([
        `POST /v1/payment_intents/${intent.paymentIntentId}/cancel`,
        `GET /v1/payment_intents/${intent.paymentIntentId}`,
      ]);
      expect(await paymentStatusesOf(env.db, order._id)).toEqual({ [intent.paymentIntentId]: "canceled" });
    });

    it("on a second try cancels only the payments the first try could not: the canceled ones stay untouched", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 100);
      const first = await startPayment(env.app, buyer, order._id);
      // No longer payable (authorised, awaiting capture): the next visit of the payment page starts another.
      intentAtStripe(first.paymentIntentId).status = "requires_capture";
      const second = await startPayment(env.app, buyer, order._id);
      expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
      intentAtStripe(second.paymentIntentId).status = "processing";

      expect((await remove(order._id)).statusCode).toBe(409);
      expect(await paymentStatusesOf(env.db, order._id)).toEqual({
        [first.paymentIntentId]: "canceled",
        [second.paymentIntentId]: "requires_payment_method",
      });

      // The second payment failed after all: removing the order again cancels that one alone.
      intentAtStripe(second.paymentIntentId).status = "requires_payment_method";
      const mark = fake.requests.length;
      expect((await remove(order._id)).statusCode).toBe(200);
      expect(requestsAbout(first.paymentIntentId, mark)).toEqual([]);
      expect(requestsAbout(second.paymentIntentId, mark)).toEqual([
        `POST /v1/payment_intents/${second.paymentIntentId}/cancel`,
      ]);
      expect(await paymentStatusesOf(env.db, order._id)).toEqual({
        [first.paymentIntentId]: "canceled",
        [second.paymentIntentId]: "canceled",
      });
      expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
        status: "cancelled",
        cancelReason: "Removed by an admin",
      });
    });

    it("keeps an order whose payment is still processing, and the sweep goes on with the next order", async () => {
      const processing = await staleOrderWithPayment();
      intentAtStripe(processing.intent.paymentIntentId).status = "processing";
      const open = await staleOrderWithPayment();

      expect(await env.app.expireUnpaidOrders(new Date())).toBe(1);
      expect((await getOrder(env.app, buyer, processing.order._id)).status).toBe("pending");
      expect((await getOrder(env.app, buyer, open.order._id)).status).toBe("cancelled");

      const res = await remove(processing.order._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: "A card payment of this order is still going through; try again in a few minutes",
      });

      // The payment failed after all: the next sweep releases the order.
      intentAtStripe(processing.intent.paymentIntentId).status = "requires_payment_method";
      expect(await env.app.expireUnpaidOrders(new Date())).toBe(1);
      expect((await getOrder(env.app, buyer, processing.order._id)).status).toBe("cancelled");
    });
  },
  {
    ADMIN_EMAILS: adminEmail,
    STRIPE_SECRET_KEY: "sk_test_car_mechanic",
    STRIPE_PUBLISHABLE_KEY: "pk_test_car_mechanic",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: fake.url,
  },
);
