import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Order } from "../../contract/orders";
import type { PaymentIntentResponse } from "../../contract/payments";
import { createOrderInvoices } from "../invoices/issue";
import { createOrderMessages } from "../orders/messages/order-messages";
import { getOrder, payOrder, placeOrder, startPayment, testCard } from "../orders/order-test-helpers";
import { createPaymentOrders } from "../orders/payment-orders";
import { insertTool } from "../test/factories";
import { startFakeStripe } from "../test/fakes/fake-stripe";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, type TestEnv, testOrigin } from "../test/test-env";
import { createPaymentsService, type PaymentsService } from "./service";
import { createSimulatedGateway } from "./simulated-gateway";
import { payments } from "./tables";

// Issue 10, item 1: ten parallel payment starts for one order created nine intents on PostgreSQL, and
// three were charged. An order has one open payment at a time, and the card is charged once.

const racers = 20;

/** `n` copies of a request sent at the same moment. */
const race = <T>(n: number, send: () => Promise<T>) => Promise.all(Array.from({ length: n }, send));

const rowsOf = (env: TestEnv, orderId: string) =>
  env.db.select().from(payments).where(eq(payments.orderId, orderId));
const succeededOf = async (env: TestEnv, orderId: string) =>
  (await rowsOf(env, orderId)).filter((p) => p.status === "succeeded");

describeEachDatabase("one charge per order (simulated gateway)", (env) => {
  let buyer: TestUser;
  let toolId: string;
  beforeAll(async () => {
    buyer = await signUp(env.app);
    toolId = (await insertTool(env.db, { priceCents: 19_99, minimum: 5, available: 1_000_000 })).id;
  });

  const requestIntent = (orderId: string) =>
    call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId });
  const confirm = (clientSecret: string, card: Partial<typeof testCard> = {}) =>
    call(env.app, "POST", "/api/payments/simulated/confirm", undefined, {
      ...testCard,
      ...card,
      clientSecret,
    });

  it(`hands the same payment (one client secret) to ${racers} simultaneous requests`, async () => {
    const order = await placeOrder(env.app, buyer, toolId, 5);
    const answers = await race(racers, () => requestIntent(order._id));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(racers).fill(200));
    const secrets = new Set(answers.map((r) => r.json<PaymentIntentResponse>().clientSecret));
    expect(secrets.size).toBe(1);
    expect(await rowsOf(env, order._id)).toHaveLength(1);
    // And again afterwards: still the same one.
    expect((await startPayment(env.app, buyer, order._id)).clientSecret).toBe([...secrets][0]);
  });

  it(`charges the card once when ${racers} payment starts and then ${racers} confirmations race`, async () => {
    const order = await placeOrder(env.app, buyer, toolId, 5);
    const intents = (await race(racers, () => requestIntent(order._id))).map((r) =>
      r.json<PaymentIntentResponse>(),
    );
    const confirmations = await Promise.all(intents.map((i) => confirm(i.clientSecret)));
    const charged = confirmations.filter((r) => r.statusCode === 200);
    expect(charged).toHaveLength(1);
    expect(confirmations.filter((r) => r.statusCode === 409)).toHaveLength(racers - 1);

    const transactionId = charged[0]?.json<{ id: string }>().id ?? "";
    const marks = await Promise.all(
      intents.map((i) =>
        call(env.app, "PATCH", `/api/order/${order._id}`, buyer, {
          orderId: order._id,
          transactionId: i.paymentIntentId,
        }),
      ),
    );
    expect(marks.map((r) => r.statusCode)).toEqual(Array(racers).fill(200));
    expect(await getOrder(env.app, buyer, order._id)).toMatchObject({ paid: true, transactionId });
    expect(await succeededOf(env, order._id)).toHaveLength(1);
  });

  it("is backed by the database: a second open payment for one order is refused", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 5);
    const open = await startPayment(env.app, buyer, order._id);
    const second = env.db.insert(payments).values({
      orderId: order._id,
      gateway: "simulated",
      intentId: "pi_sim_second_open",
      amountCents: open.amount,
    });
    await expect(second).rejects.toThrow();
    expect(await rowsOf(env, order._id)).toHaveLength(1);
  });

  it("keeps a declined payment open and hands it out again: no second intent after a decline", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 5);
    const first = await startPayment(env.app, buyer, order._id);
    expect((await confirm(first.clientSecret, { cardNumber: "4000 0000 0000 0002" })).statusCode).toBe(402);
    const again = await race(5, () => requestIntent(order._id));
    expect(again.map((r) => r.json<PaymentIntentResponse>().clientSecret)).toEqual(
      Array(5).fill(first.clientSecret),
    );
    expect(await rowsOf(env, order._id)).toHaveLength(1);
  });
});

describeEachDatabase("the simulated gateway asks the shop before it charges a card", (env) => {
  // A gateway of this test's own, over the same database as the app: it can hold intents the shop
  // never handed out (left by an older server, or created behind its back).
  const gateway = createSimulatedGateway();
  const warnings: { details: object; message: string }[] = [];
  let shop: PaymentsService;
  let buyer: TestUser;
  let toolId: string;
  beforeAll(async () => {
    shop = createPaymentsService(env.db, gateway, {
      orders: createPaymentOrders(
        env.db,
        createOrderMessages({ publicUrl: testOrigin, unpaidOrderHours: 48 }),
        createOrderInvoices(),
      ),
      log: { warn: (details, message) => warnings.push({ details, message }) },
    });
    buyer = await signUp(env.app);
    toolId = (await insertTool(env.db, { priceCents: 12_00, minimum: 1, available: 100_000 })).id;
  });

  const strayIntent = (order: Order) =>
    gateway.createIntent({ orderId: order._id, amountCents: order.total * 100, currency: "usd" });

  it("refuses to charge a payment of an order that was paid meanwhile, before any money moves", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 3);
    const stray = await strayIntent(order);
    await payOrder(env.app, buyer, order._id);

    await expect(gateway.confirm(stray.clientSecret, testCard, shop.assertChargeable)).rejects.toMatchObject({
      statusCode: 409,
      message: "This order is already paid",
    });
    expect(await gateway.retrieveIntent(stray.id)).toMatchObject({ status: "requires_payment_method" });
  });

  it("refuses to charge a payment the shop does not hold open for the order", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 3);
    const open = await startPayment(env.app, buyer, order._id);
    const stray = await strayIntent(order);

    await expect(gateway.confirm(stray.clientSecret, testCard, shop.assertChargeable)).rejects.toMatchObject({
      statusCode: 409,
      message: "This payment is no longer open; start the payment again",
    });
    expect(await gateway.retrieveIntent(stray.id)).toMatchObject({ status: "requires_payment_method" });
    expect((await getOrder(env.app, buyer, order._id)).paid).toBe(false);
    // The open one is still the order's payment.
    expect((await startPayment(env.app, buyer, order._id)).clientSecret).toBe(open.clientSecret);
  });

  it("refunds, records and logs a payment that went through for a paid order anyway", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 2);
    const stray = await strayIntent(order);
    const paid = await payOrder(env.app, buyer, order._id);
    // Charged without asking the shop (as Stripe does): the shop hears of it afterwards.
    const charged = await gateway.confirm(stray.clientSecret, testCard);

    const outcome = await shop.handleEvent({
      id: `evt_${stray.id}`,
      type: "payment_intent.succeeded",
      intent: charged,
    });

    expect(outcome).toEqual({ outcome: "refunded" });
    const refund = await gateway.refundIntent(stray.id, "duplicate");
    expect(refund).toMatchObject({ id: expect.stringMatching(/^re_sim_/), amountCents: 2400 });
    const [row] = await env.db.select().from(payments).where(eq(payments.intentId, stray.id));
    expect(row).toMatchObject({
      status: "refunded",
      refundId: refund?.id,
      refundReason: `Refunded automatically: the order was already paid by ${paid.transactionId}`,
    });
    expect(warnings.at(-1)).toEqual({
      details: expect.objectContaining({ orderId: order._id, intentId: stray.id, refundId: refund?.id }),
      message: "a payment went through for an order that could not take it; refunded it",
    });
    expect(await succeededOf(env, order._id)).toHaveLength(1);
  });
});

const fake = await startFakeStripe();
afterAll(() => fake.close());
const webhookSecret = "whsec_test_one_charge";
/** What Stripe.js does in the browser (and what another device could do), against the same fake. */
const browserStripe = new Stripe("sk_test_browser", {
  host: "127.0.0.1",
  port: new URL(fake.url).port,
  protocol: "http",
});

describeEachDatabase(
  "one charge per order (Stripe, the official SDK against a fake Stripe API)",
  (env) => {
    let buyer: TestUser;
    let toolId: string;
    beforeAll(async () => {
      buyer = await signUp(env.app);
      toolId = (await insertTool(env.db, { priceCents: 33_10, minimum: 10, available: 1_000_000 })).id;
    });

    const deliver = (payload: string) =>
      env.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        payload,
      });
    const markPaid = (orderId: string, transactionId: string) =>
      call(env.app, "PATCH", `/api/order/${orderId}`, buyer, { orderId, transactionId });
    const intentsAtStripe = (orderId: string) =>
      [...fake.intents.values()].filter((i) => i.metadata.orderId === orderId);
    const refundsAtStripe = (intentId: string) =>
      [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    const refundRequests = () => fake.requests.filter((r) => r === "POST /v1/refunds").length;
    const payAtStripe = (intentId: string) =>
      browserStripe.paymentIntents.confirm(intentId, { payment_method: "pm_card_visa" });

    /** An order paid the whole way: intent, card at Stripe, PATCH. */
    const paidOrder = async () => {
      const order = await placeOrder(env.app, buyer, toolId, 10);
      const intent = await startPayment(env.app, buyer, order._id);
      await payAtStripe(intent.paymentIntentId);
      expect((await markPaid(order._id, intent.paymentIntentId)).statusCode).toBe(200);
      return { order, intent };
    };
    /** A second payment of the order that went through at Stripe (another device, an older server). */
    const secondCharge = async (order: Order) => {
      const extra = await browserStripe.paymentIntents.create({
        amount: order.total * 100,
        currency: "usd",
        metadata: { orderId: order._id },
      });
      return payAtStripe(extra.id);
    };

    it(`creates one PaymentIntent for ${racers} simultaneous starts, and ${racers} confirmations charge once`, async () => {
      const order = await placeOrder(env.app, buyer, toolId, 10);
      const answers = await race(racers, () =>
        call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId: order._id }),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(racers).fill(200));
      const intents = answers.map((r) => r.json<PaymentIntentResponse>());
      expect(new Set(intents.map((i) => i.clientSecret)).size).toBe(1);
      expect(intentsAtStripe(order._id)).toHaveLength(1);

      const confirmations = await Promise.allSettled(intents.map((i) => payAtStripe(i.paymentIntentId)));
      expect(confirmations.filter((c) => c.status === "fulfilled")).toHaveLength(1);
      expect(intentsAtStripe(order._id).filter((i) => i.status === "succeeded")).toHaveLength(1);

      const id = intents[0]?.paymentIntentId ?? "";
      expect((await markPaid(order._id, id)).statusCode).toBe(200);
      expect(await succeededOf(env, order._id)).toHaveLength(1);
    });

    it("refunds a second successful payment of a paid order reported by the webhook, and records it", async () => {
      const { order, intent } = await paidOrder();
      const extra = await secondCharge(order);

      const res = await deliver(fake.eventPayload("payment_intent.succeeded", extra as never));

      expect(res.statusCode, res.body).toBe(200);
      const [refund] = refundsAtStripe(extra.id);
      expect(refundsAtStripe(extra.id)).toHaveLength(1);
      expect(refund).toMatchObject({ amount: order.total * 100, reason: "duplicate" });
      const [row] = await env.db.select().from(payments).where(eq(payments.intentId, extra.id));
      expect(row).toMatchObject({
        orderId: order._id,
        status: "refunded",
        refundId: refund?.id,
        refundReason: `Refunded automatically: the order was already paid by ${intent.paymentIntentId}`,
      });
      expect(row?.refundedAt).toBeInstanceOf(Date);
      expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
        paid: true,
        transactionId: intent.paymentIntentId,
      });
      expect(await succeededOf(env, order._id)).toHaveLength(1);

      // Told again (another event about the same payment): it is refunded already, nothing more happens.
      const before = refundRequests();
      expect((await deliver(fake.eventPayload("payment_intent.succeeded", extra as never))).statusCode).toBe(
        200,
      );
      expect(refundRequests()).toBe(before);
      expect(refundsAtStripe(extra.id)).toHaveLength(1);
    });

    it("refunds a second successful payment of a paid order confirmed by PATCH, and says so with a 409", async () => {
      const { order, intent } = await paidOrder();
      const extra = await secondCharge(order);
      // Started by an older server, before one open payment per order was the rule.
      await env.db.insert(payments).values({
        orderId: order._id,
        gateway: "stripe",
        intentId: extra.id,
        amountCents: order.total * 100,
      });

      const res = await markPaid(order._id, extra.id);

      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: "This order was already paid; this second payment has been refunded",
      });
      expect(refundsAtStripe(extra.id)).toHaveLength(1);
      const [row] = await env.db.select().from(payments).where(eq(payments.intentId, extra.id));
      expect(row).toMatchObject({ status: "refunded", refundId: refundsAtStripe(extra.id)[0]?.id });
      expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
        paid: true,
        transactionId: intent.paymentIntentId,
      });

      const before = refundRequests();
      const again = await markPaid(order._id, extra.id);
      expect(again.statusCode).toBe(409);
      expect(refundRequests()).toBe(before);
    });
  },
  {
    STRIPE_SECRET_KEY: "sk_test_one_charge",
    STRIPE_PUBLISHABLE_KEY: "pk_test_one_charge",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: fake.url,
  },
);
