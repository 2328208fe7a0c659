import { beforeAll, beforeEach, expect, it } from "vitest";
import type { SessionUser } from "../accounts/guards";
import { createCartService } from "../cart/service";
import { createOrderInvoices } from "../invoices/issue";
import { createOrderMessages } from "../orders/messages/order-messages";
import { createRefundMessages } from "../orders/messages/refund-messages";
import { backdateOrder, getOrder, placeOrder, testCard } from "../orders/order-test-helpers";
import { createPaymentOrders } from "../orders/payment-orders";
import { createOrdersService, type OrdersService } from "../orders/service";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, type TestEnv, testOrigin } from "../test/test-env";
import { paymentStatusesOf } from "./payment-test-helpers";
import { createPaymentsService, type PaymentsService } from "./service";
import { createSimulatedGateway, type SimulatedGateway } from "./simulated-gateway";

// Cancelling an unpaid order cancels its payments at the gateway and records them as canceled, so a
// later cancel never asks the gateway about them again. The services run here over the simulated
// gateway wrapped to record every call (the app's own gateway cannot be watched from outside).

/** The simulated gateway, recording each call as "method intentId"; `afterCancel` runs after a cancel. */
function watchedGateway() {
  const inner = createSimulatedGateway();
  const watched = {
    calls: [] as string[],
    afterCancel: undefined as ((id: string) => Promise<void>) | undefined,
    gateway: {
      ...inner,
      async createIntent(request) {
        const intent = await inner.createIntent(request);
        watched.calls.push(`createIntent ${intent.id}`);
        return intent;
      },
      async retrieveIntent(id) {
        watched.calls.push(`retrieveIntent ${id}`);
        return inner.retrieveIntent(id);
      },
      async cancelIntent(id) {
        watched.calls.push(`cancelIntent ${id}`);
        const intent = await inner.cancelIntent(id);
        await watched.afterCancel?.(id);
        return intent;
      },
    } satisfies SimulatedGateway,
  };
  return watched;
}

/** The payments and orders services as the app composes them, over a watched simulated gateway. */
function shopOverWatchedGateway(env: TestEnv) {
  const watched = watchedGateway();
  const shop = {
    watched,
    payments: undefined as unknown as PaymentsService,
    orders: undefined as unknown as OrdersService,
    loggedErrors: [] as object[],
  };
  beforeAll(() => {
    const messages = createOrderMessages({ publicUrl: testOrigin, unpaidOrderHours: 48 });
    shop.payments = createPaymentsService(env.db, watched.gateway, {
      orders: createPaymentOrders(env.db, messages, createOrderInvoices()),
    });
    shop.orders = createOrdersService(env.db, {
      onStockChange: () => undefined,
      payments: shop.payments.openPayments,
      cart: createCartService(env.db),
      unpaidOrderHours: 48,
      log: { error: (details) => shop.loggedErrors.push(details) },
      messages,
      refundMessages: createRefundMessages({ publicUrl: testOrigin }),
      invoices: createOrderInvoices(),
      onAccountCommitted: async () => undefined,
    });
  });
  beforeEach(() => {
    watched.calls.length = 0;
    watched.afterCancel = undefined;
  });
  return shop;
}

describeEachDatabase("recording cancelled payments (simulated gateway)", (env) => {
  const shop = shopOverWatchedGateway(env);
  let buyer: TestUser;
  let buyerUser: SessionUser;
  let admin: SessionUser;
  let toolId: string;

  const sessionUser = async (who: TestUser): Promise<SessionUser> => {
    const { user } = (await call(env.app, "GET", "/api/auth/get-session", who)).json<{ user: SessionUser }>();
    return { id: user.id, email: user.email, name: user.name, role: "user", image: null };
  };
  const cancelCalls = () => shop.watched.calls.filter((c) => c.startsWith("cancelIntent "));

  beforeAll(async () => {
    buyer = await signUp(env.app);
    buyerUser = await sessionUser(buyer);
    admin = { ...(await sessionUser(await signUp(env.app))), role: "admin" };
    toolId = (await insertTool(env.db, { minimum: 10, available: 100_000 })).id;
  });

  it("records the payment as canceled when an admin removes the order; cancelling again asks the gateway nothing", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const intent = await shop.payments.startPayment(buyerUser, order._id);
    shop.watched.calls.length = 0;

    await shop.orders.cancel(order._id, admin);

    expect(shop.watched.calls).toEqual([`cancelIntent ${intent.paymentIntentId}`]);
    expect(await paymentStatusesOf(env.db, order._id)).toEqual({ [intent.paymentIntentId]: "canceled" });
    await expect(shop.watched.gateway.confirm(intent.clientSecret, testCard)).rejects.toMatchObject({
      statusCode: 409,
      message: "This payment was canceled",
    });

    shop.watched.calls.length = 0;
    await expect(shop.orders.cancel(order._id, admin)).rejects.toMatchObject({
      statusCode: 409,
      message: "This order is already cancelled",
    });
    expect(await shop.payments.openPayments.close(order._id)).toEqual({ closed: new Set() });
    expect(shop.watched.calls).toEqual([]);
  });

  it("records the payment as canceled when the order expires unpaid; a later sweep or cancel asks the gateway nothing", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const intent = await shop.payments.startPayment(buyerUser, order._id);
    await backdateOrder(env.db, order._id, 49);
    shop.watched.calls.length = 0;

    expect(await shop.orders.expireUnpaidOrders(new Date())).toBe(1);

    expect(shop.watched.calls).toEqual([`cancelIntent ${intent.paymentIntentId}`]);
    expect(await paymentStatusesOf(env.db, order._id)).toEqual({ [intent.paymentIntentId]: "canceled" });
    expect((await getOrder(env.app, buyer, order._id)).cancelReason).toBe("Not paid within 48 hours");

    shop.watched.calls.length = 0;
    expect(await shop.orders.expireUnpaidOrders(new Date())).toBe(0);
    expect(await shop.payments.openPayments.close(order._id)).toEqual({ closed: new Set() });
    expect(shop.watched.calls).toEqual([]);
    expect(shop.loggedErrors).toEqual([]);
  });

  it("cancels a payment started while the order is being cancelled, without cancelling the first one twice", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const first = await shop.payments.startPayment(buyerUser, order._id);
    let second: string | undefined;
    // The buyer opens the payment page again just as the admin's cancel reaches the gateway.
    shop.watched.afterCancel = async () => {
      shop.watched.afterCancel = undefined;
      second = (await shop.payments.startPayment(buyerUser, order._id)).paymentIntentId;
    };

    await shop.orders.cancel(order._id, admin);

    expect(second).toBeDefined();
    expect(cancelCalls()).toEqual([`cancelIntent ${first.paymentIntentId}`, `cancelIntent ${second}`]);
    expect(await paymentStatusesOf(env.db, order._id)).toEqual({
      [first.paymentIntentId]: "canceled",
      [second ?? ""]: "canceled",
    });
    expect(await getOrder(env.app, buyer, order._id)).toMatchObject({
      status: "cancelled",
      cancelReason: "Removed by an admin",
    });
  });

  it("does not ask the gateway about a canceled payment when the payment page is opened again", async () => {
    const order = await placeOrder(env.app, buyer, toolId, 10);
    const first = await shop.payments.startPayment(buyerUser, order._id);
    // Cancelled at the gateway and recorded, while the order stayed unpaid (a cancel that stopped halfway).
    expect(await shop.payments.openPayments.close(order._id)).toEqual({
      closed: new Set([first.paymentIntentId]),
    });
    shop.watched.calls.length = 0;

    const next = await shop.payments.startPayment(buyerUser, order._id);

    expect(next.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(shop.watched.calls).toEqual([`createIntent ${next.paymentIntentId}`]);
    await expect(shop.watched.gateway.confirm(next.clientSecret, testCard)).resolves.toMatchObject({
      status: "succeeded",
    });
  });
});
