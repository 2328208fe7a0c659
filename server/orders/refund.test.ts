import { asc, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementAnswer } from "../../contract/answers";
import type { CompanyBalance, StatementLine } from "../../contract/companies";
import { shopToday } from "../../contract/delivery-dates";
import { invoiceMessages } from "../../contract/invoices";
import type { Order, PlaceOrderResponse } from "../../contract/orders";
import type { SessionUser } from "../accounts/guards";
import { createCartService } from "../cart/service";
import { tools } from "../catalog/tables";
import { companyWithBuyer } from "../companies/company-test-helpers";
import { createOrderInvoices } from "../invoices/issue";
import { invoices } from "../invoices/tables";
import { outbox } from "../mail/tables";
import { createPaymentsService, type PaymentsService } from "../payments/service";
import { createSimulatedGateway, type SimulatedGateway } from "../payments/simulated-gateway";
import { payments } from "../payments/tables";
import { expectAnswer } from "../test/answers";
import { insertOrder, insertTool, userIdOf } from "../test/factories";
import { startFakeStripe } from "../test/fakes/fake-stripe";
import { call } from "../test/requests";
import { adminEmail, lastMail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, type TestEnv, testOrigin } from "../test/test-env";
import { createOrderMessages } from "./messages/order-messages";
import { createRefundMessages } from "./messages/refund-messages";
import { orderBody, payOrder, placeOrder, startPayment, testCard } from "./order-test-helpers";
import { createPaymentOrders } from "./payment-orders";
import { createOrdersService, type OrdersService } from "./service";
import { orderEvents, orders } from "./tables";

// Issue 28, item 4: an admin refunds a paid or invoiced order (POST /api/allOrder/{id}/refund). It is
// cancelled in one transaction: the card payment given back at the gateway (or, on account, the
// amount credited to the company), the stock back on sale, a credit note against the invoice, an
// event, the buyer's message. Invoiced − credited is what the buyer was charged net, or owes.

const year = shopToday().slice(0, 4);
const reason = "The customer ordered the wrong size";

/** Everything a refund changes of an order, to show that a refused one changed nothing. */
async function stateOf(env: TestEnv, orderId: string) {
  const [order] = await env.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const [tool] = await env.db
    .select({ available: tools.available })
    .from(tools)
    .where(eq(tools.id, order.toolId));
  return {
    status: order.status,
    creditNoteNumber: order.creditNoteNumber,
    available: tool?.available,
    payments: await env.db
      .select({ status: payments.status, refundId: payments.refundId })
      .from(payments)
      .where(eq(payments.orderId, orderId)),
    documents: await documentsOf(env, orderId),
    events: (await eventsOf(env, orderId)).length,
    mails: (await env.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.kind, "order-refunded")))
      .length,
  };
}

const documentsOf = (env: TestEnv, orderId: string) =>
  env.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(desc(invoices.kind));

const eventsOf = (env: TestEnv, orderId: string) =>
  env.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt));

const availableOf = async (env: TestEnv, toolId: string) =>
  (await env.db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId)))[0]?.available;

/** An admin's SessionUser, for calling the services directly. */
async function sessionUserOf(env: TestEnv, who: TestUser, role: "user" | "admin"): Promise<SessionUser> {
  const { user } = (await call(env.app, "GET", "/api/auth/get-session", who)).json<{ user: SessionUser }>();
  return { id: user.id, email: user.email, name: user.name, role, image: null };
}

/**
 * The payments and orders services as the app composes them, over a simulated gateway of the test's
 * own whose refunds are counted (the app's gateway cannot be watched from outside).
 */
function shopOver(env: TestEnv) {
  const inner = createSimulatedGateway();
  const refundCalls: string[] = [];
  const gateway: SimulatedGateway = {
    ...inner,
    refundIntent(id, why) {
      refundCalls.push(`${id} ${why}`);
      return inner.refundIntent(id, why);
    },
  };
  const shop = { gateway, refundCalls, payments: {} as PaymentsService, orders: {} as OrdersService };
  beforeAll(() => {
    const messages = createOrderMessages({ publicUrl: testOrigin, unpaidOrderHours: 48 });
    shop.payments = createPaymentsService(env.db, gateway, {
      orders: createPaymentOrders(env.db, messages, createOrderInvoices()),
      log: { warn: () => undefined },
    });
    shop.orders = createOrdersService(env.db, {
      onStockChange: () => undefined,
      payments: shop.payments.openPayments,
      cart: createCartService(env.db),
      unpaidOrderHours: 48,
      log: { error: () => undefined },
      messages,
      refundMessages: createRefundMessages({ publicUrl: testOrigin }),
      invoices: createOrderInvoices(),
      onAccountCommitted: async () => undefined,
    });
  });
  return shop;
}

/** The shop's admin, a buyer and a tool of `priceCents` a piece, made before the tests. */
function adminBuyerAndTool(env: TestEnv, priceCents: number) {
  const made = { shopAdmin: {} as TestUser, buyer: {} as TestUser, toolId: "" };
  beforeAll(async () => {
    made.shopAdmin = await signUp(env.app, { email: adminEmail });
    made.buyer = await signUp(env.app);
    made.toolId = (await insertTool(env.db, { priceCents, minimum: 1, available: 100_000 })).id;
  });
  return made;
}

describeEachDatabase(
  "refunds and credit notes",
  (env) => {
    const shop = shopOver(env);
    const made = adminBuyerAndTool(env, 12_50);
    let shopAdmin: TestUser;
    let buyer: TestUser;
    let toolId: string;
    beforeAll(() => {
      ({ shopAdmin, buyer, toolId } = made);
    });

    const refund = (orderId: string, body: unknown = { reason }) =>
      call(env.app, "POST", `/api/allOrder/${orderId}/refund`, shopAdmin, body);
    /** An on-account order of a company's buyer, placed through the API. */
    const placeOnAccount = async (who: TestUser, quantity: number) => {
      const res = await call(
        env.app,
        "POST",
        "/api/order",
        who,
        orderBody(toolId, quantity, { paymentMethod: "account" }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlaceOrderResponse>().order;
    };
    const ship = async (orderId: string) => {
      const res = await call(env.app, "PUT", `/api/allOrder/${orderId}`, shopAdmin);
      expect(res.statusCode, res.body).toBe(200);
    };

    it("refunds a paid card order: payment refunded with the reason, order cancelled, stock back, credit note against the invoice", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 4);
      const paid = await payOrder(env.app, buyer, order._id);
      const stockBefore = await availableOf(env, toolId);

      const res = await refund(order._id);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Order>()).toMatchObject({
        _id: order._id,
        status: "cancelled",
        invoiceNumber: `INV-${year}-000001`,
        creditNoteNumber: `CN-${year}-000001`,
      });
      const [payment] = await env.db.select().from(payments).where(eq(payments.orderId, order._id));
      expect(payment).toMatchObject({
        intentId: paid.transactionId,
        status: "refunded",
        refundId: expect.stringMatching(/^re_sim_/),
        refundReason: `Refunded by an admin: ${reason}`,
      });
      expect(await availableOf(env, toolId)).toBe((stockBefore ?? 0) + 4);
      const [invoice, creditNote] = await documentsOf(env, order._id);
      expect(creditNote).toMatchObject({
        kind: "credit_note",
        number: `CN-${year}-000001`,
        refersTo: invoice?.id,
        reason,
        subtotalCents: invoice?.subtotalCents,
        taxCents: invoice?.taxCents,
        totalCents: invoice?.totalCents,
      });
      expect(creditNote?.totalCents).toBe(50_00);
      const last = (await eventsOf(env, order._id)).at(-1);
      expect(last).toMatchObject({
        fromStatus: "paid",
        toStatus: "cancelled",
        note: `Refunded: ${reason}`,
        actorUserId: await userIdOf(env.db, adminEmail),
      });
      const mail = await lastMail(env.app, buyer.email.toLowerCase(), "order-refunded");
      expect(mail.subject).toContain(order.orderNumber);
      expect(mail.text).toContain("cancelled and refunded");
      expect(mail.text).toContain(`CN-${year}-000001`);
      expect(mail.text).toContain(reason);

      // Again: refused, and nothing moves (no second refund, no second credit note).
      const before = await stateOf(env, order._id);
      const again = await refund(order._id);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({ error: invoiceMessages.alreadyRefunded });
      expect(await stateOf(env, order._id)).toEqual(before);
    });

    it("refunds a card order that has shipped too", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 2);
      await payOrder(env.app, buyer, order._id);
      await ship(order._id);
      const stockBefore = await availableOf(env, toolId);

      const res = await refund(order._id, { reason: "Arrived damaged" });

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Order>()).toMatchObject({ status: "cancelled", creditNoteNumber: `CN-${year}-000002` });
      expect((await stateOf(env, order._id))?.payments).toEqual([
        { status: "refunded", refundId: expect.stringMatching(/^re_sim_/) },
      ]);
      expect(await availableOf(env, toolId)).toBe((stockBefore ?? 0) + 2);
      expect((await eventsOf(env, order._id)).at(-1)).toMatchObject({
        fromStatus: "shipped",
        toStatus: "cancelled",
        note: "Refunded: Arrived damaged",
      });
    });

    it("asks the gateway once for the payment that paid the order, with requested_by_customer", async () => {
      const buyerUser = await sessionUserOf(env, buyer, "user");
      const admin = await sessionUserOf(env, shopAdmin, "admin");
      const order = await placeOrder(env.app, buyer, toolId, 2);
      const intent = await shop.payments.startPayment(buyerUser, order._id);
      await shop.gateway.confirm(intent.clientSecret, testCard);
      await shop.payments.confirmOrderPayment(buyerUser, order._id, intent.paymentIntentId);

      const refunded = await shop.orders.refund(order._id, admin, reason);

      expect(refunded.status).toBe("cancelled");
      expect(shop.refundCalls).toEqual([`${intent.paymentIntentId} requested_by_customer`]);
      const [row] = await env.db.select().from(payments).where(eq(payments.orderId, order._id));
      // The gateway's refund, recorded: asking the gateway again answers the same one.
      expect(row?.refundId).toBe((await shop.gateway.refundIntent(intent.paymentIntentId, "duplicate"))?.id);
      await expect(shop.orders.refund(order._id, admin, reason)).rejects.toMatchObject({
        statusCode: 409,
        message: invoiceMessages.alreadyRefunded,
      });
      expect(shop.refundCalls).toHaveLength(2);
    });

    it("changes nothing when the gateway does not refund (a payment it does not know), and says what to do", async () => {
      // Paid through the app's gateway: the test's own gateway has never heard of the payment.
      const order = await placeOrder(env.app, buyer, toolId, 2);
      const paid = await payOrder(env.app, buyer, order._id);
      const admin = await sessionUserOf(env, shopAdmin, "admin");
      const before = await stateOf(env, order._id);

      await expect(shop.orders.refund(order._id, admin, reason)).rejects.toMatchObject({
        statusCode: 409,
        message: `The payment gateway did not refund this order's payment ${paid.transactionId}: it has no charge of it to give back. The order is unchanged; check the payment in the gateway's dashboard, then try again`,
      });

      expect(await stateOf(env, order._id)).toEqual(before);
      expect(before).toMatchObject({ status: "paid", creditNoteNumber: null });
      // The app's own gateway knows it: the refund goes through there.
      expect((await refund(order._id)).statusCode).toBe(200);
    });

    describe("on account", () => {
      let company: { _id: string };
      let companyBuyer: TestUser;
      beforeAll(async () => {
        ({ company, buyer: companyBuyer } = await companyWithBuyer(env, shopAdmin, {
          paymentTermsDays: 30,
          creditLimit: 5000,
        }));
      });
      const onAccount = (quantity: number) => placeOnAccount(companyBuyer, quantity);
      const balance = async () => {
        const res = await call(env.app, "GET", `/api/companies/${company._id}/balance`, shopAdmin);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<CompanyBalance>();
      };
      const statement = async () => {
        const res = await call(env.app, "GET", `/api/companies/${company._id}/statement`, shopAdmin);
        expect(res.statusCode, res.body).toBe(200);
        expectAnswer(statementAnswer, res.json());
        return res.json<StatementLine[]>();
      };

      it("credits a shipped on-account order: out of the balance, the statement keeps its charge and shows the credit note, no money moves", async () => {
        const first = await onAccount(4); // $50.00
        await ship(first._id);
        const owedBefore = (await balance()).balance;
        const second = await onAccount(8); // $100.00
        await ship(second._id);
        const paid = await call(env.app, "POST", `/api/companies/${company._id}/payments`, shopAdmin, {
          amount: 100,
          reference: "TR-100",
          receivedOn: shopToday(),
        });
        expect(paid.statusCode, paid.body).toBe(201);
        expect(await balance()).toMatchObject({ balance: 50, due: [{ orderId: second._id, open: 50 }] });
        const stockBefore = await availableOf(env, toolId);

        const res = await refund(second._id, { reason: "Wrong parts sent" });

        expect(res.statusCode, res.body).toBe(200);
        const refunded = res.json<Order>();
        expect(refunded).toMatchObject({
          status: "cancelled",
          invoiceNumber: expect.stringMatching(/^INV-/),
        });
        const creditNote = refunded.creditNoteNumber ?? "";
        expect(creditNote).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
        // The $100 paid now covers the first order, and $50 is left as a credit.
        expect(await balance()).toMatchObject({ balance: -50, due: [] });
        expect(await availableOf(env, toolId)).toBe((stockBefore ?? 0) + 8);
        expect(await env.db.select().from(payments).where(eq(payments.orderId, second._id))).toEqual([]);
        const lines = await statement();
        expect(lines.map((l) => [l.kind, l.reference, l.charge, l.credit, l.runningBalance])).toEqual([
          ["order", first.orderNumber, 50, 0, owedBefore],
          ["order", second.orderNumber, 100, 0, 150],
          ["credit_note", `Credit note ${creditNote} for ${second.orderNumber}`, 0, 100, 50],
          ["payment", "TR-100", 0, 100, -50],
        ]);
        expect(lines.find((l) => l.kind === "credit_note")?.date).toBe(shopToday());
        // Back to what it was before the refunded order shipped, until the payment.
        expect(lines[2]?.runningBalance).toBe(owedBefore);
        const mail = await lastMail(env.app, companyBuyer.email.toLowerCase(), "order-refunded");
        expect(mail.text).toContain(creditNote);
        expect(mail.text).toContain("credited to your company's account");
      });

      it("refunds an on-account order shipped before invoices were issued: no credit note, a refund line", async () => {
        const tool = await insertTool(env.db, { priceCents: 7_00, minimum: 1 });
        const legacy = await insertOrder(env.db, tool, companyBuyer, {
          paymentMethod: "account",
          companyId: company._id,
          status: "shipped",
          unitPriceCents: 7_00,
          quantity: 1,
          totalCents: 7_00,
          transactionId: null,
          shippedOn: shopToday(),
          dueOn: shopToday(),
        });
        const owedBefore = (await balance()).balance;

        const res = await refund(legacy.id);

        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<Order>()).toMatchObject({ status: "cancelled", creditNoteNumber: null });
        expect((await balance()).balance).toBe(owedBefore - 7);
        const reference = `Refund of ${res.json<Order>().orderNumber}`;
        expect((await statement()).filter((l) => l.reference === reference)).toEqual([
          expect.objectContaining({ kind: "credit_note", date: shopToday(), charge: 0, credit: 7 }),
        ]);
      });

      it("refuses a pending on-account order (no invoice: remove it), changing nothing", async () => {
        const order = await onAccount(2);
        const before = await stateOf(env, order._id);
        const res = await refund(order._id);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ error: invoiceMessages.notInvoiced });
        expect(await stateOf(env, order._id)).toEqual(before);
        // Remove stays the way: no credit note.
        const removed = await call(env.app, "DELETE", `/api/allOrder/${order._id}`, shopAdmin);
        expect(removed.statusCode, removed.body).toBe(200);
        expect(await documentsOf(env, order._id)).toEqual([]);
      });
    });

    it("refuses an unpaid card order (remove it), a removed one, an unknown one, a bad body and anyone but a shop admin", async () => {
      const pending = await placeOrder(env.app, buyer, toolId, 2);
      const removed = await placeOrder(env.app, buyer, toolId, 2);
      expect((await call(env.app, "DELETE", `/api/allOrder/${removed._id}`, shopAdmin)).statusCode).toBe(200);
      const paid = await placeOrder(env.app, buyer, toolId, 2);
      await payOrder(env.app, buyer, paid._id);
      const cases: [string, unknown, TestUser | undefined, number, string | undefined][] = [
        [pending._id, { reason }, shopAdmin, 409, invoiceMessages.notRefundable],
        [removed._id, { reason }, shopAdmin, 409, invoiceMessages.alreadyRefunded],
        ["00000000-0000-4000-8000-000000000000", { reason }, shopAdmin, 404, undefined],
        ["not-an-id", { reason }, shopAdmin, 400, undefined],
        [paid._id, {}, shopAdmin, 400, "Give the reason for the refund"],
        [paid._id, { reason: "   " }, shopAdmin, 400, undefined],
        [paid._id, { reason: "x".repeat(301) }, shopAdmin, 400, undefined],
        [paid._id, { reason }, buyer, 403, undefined],
        [paid._id, { reason }, undefined, 401, undefined],
      ];
      for (const [id, body, who, status, error] of cases) {
        const before = id.length === 36 ? await stateOf(env, id) : undefined;
        const res = await call(env.app, "POST", `/api/allOrder/${id}/refund`, who, body);
        expect(res.statusCode, `${id} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
        expect(res.json()).toHaveProperty("error");
        if (error) expect(res.json().error).toContain(error);
        if (before) expect(await stateOf(env, id)).toEqual(before);
      }
    });

    it("still refuses to remove a paid or shipped order (DELETE), as before", async () => {
      const paid = await placeOrder(env.app, buyer, toolId, 2);
      await payOrder(env.app, buyer, paid._id);
      const res = await call(env.app, "DELETE", `/api/allOrder/${paid._id}`, shopAdmin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "Only unpaid orders can be removed; this order is paid" });
      await ship(paid._id);
      const shipped = await call(env.app, "DELETE", `/api/allOrder/${paid._id}`, shopAdmin);
      expect(shipped.statusCode).toBe(409);
      expect(shipped.json()).toEqual({ error: "This order has been shipped and cannot be removed" });
      expect(await documentsOf(env, paid._id)).toHaveLength(1);
    });

    it("a second charge refunded automatically gets no credit note: invoiced once, charged twice, refunded once", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 2);
      // A payment at the test's gateway the app never handed out (another device, an older server).
      const stray = await shop.gateway.createIntent({
        orderId: order._id,
        amountCents: order.total * 100,
        currency: "usd",
      });
      await payOrder(env.app, buyer, order._id);
      const charged = await shop.gateway.confirm(stray.clientSecret, testCard);
      expect(
        await shop.payments.handleEvent({
          id: `evt_${stray.id}`,
          type: "payment_intent.succeeded",
          intent: charged,
        }),
      ).toEqual({ outcome: "refunded" });

      const rows = await env.db.select().from(payments).where(eq(payments.orderId, order._id));
      const chargedCents = rows.reduce((sum, p) => sum + p.amountCents, 0);
      const refundedCents = rows
        .filter((p) => p.status === "refunded")
        .reduce((s, p) => s + p.amountCents, 0);
      const documents = await documentsOf(env, order._id);
      expect(documents.map((d) => d.kind)).toEqual(["invoice"]);
      expect(chargedCents).toBe(2 * 25_00);
      expect(refundedCents).toBe(25_00);
      expect(documents[0]?.totalCents).toBe(chargedCents - refundedCents);
    });

    it("for every order, invoiced − credited is what the buyer was charged net, or owes on account", async () => {
      const { company, buyer: companyBuyer } = await companyWithBuyer(env, shopAdmin, {
        paymentTermsDays: 30,
        creditLimit: 5000,
      });
      const card = async (quantity: number, then: ("pay" | "ship" | "refund")[]) => {
        const order = await placeOrder(env.app, buyer, toolId, quantity);
        for (const step of then) {
          if (step === "pay") await payOrder(env.app, buyer, order._id);
          if (step === "ship") await ship(order._id);
          if (step === "refund") expect((await refund(order._id)).statusCode).toBe(200);
        }
        return order._id;
      };
      const account = async (quantity: number, then: ("ship" | "refund")[]) => {
        const id = (await placeOnAccount(companyBuyer, quantity))._id;
        for (const step of then) {
          if (step === "ship") await ship(id);
          if (step === "refund") expect((await refund(id)).statusCode).toBe(200);
        }
        return id;
      };
      const cardOrders = [
        await card(2, []),
        await card(3, ["pay"]),
        await card(4, ["pay", "refund"]),
        await card(5, ["pay", "ship"]),
        await card(6, ["pay", "ship", "refund"]),
      ];
      const accountOrders = [
        await account(2, []),
        await account(3, ["ship"]),
        await account(4, ["ship", "refund"]),
      ];
      const invoicedNet = async (orderId: string) =>
        (await documentsOf(env, orderId)).reduce(
          (sum, d) => sum + (d.kind === "invoice" ? d.totalCents : -d.totalCents),
          0,
        );
      for (const id of cardOrders) {
        const rows = await env.db.select().from(payments).where(eq(payments.orderId, id));
        const sumOf = (statuses: string[]) =>
          rows.filter((p) => statuses.includes(p.status)).reduce((sum, p) => sum + p.amountCents, 0);
        const charged = sumOf(["succeeded", "refunded"]);
        const refunded = sumOf(["refunded"]);
        expect(await invoicedNet(id), `card order ${id}`).toBe(charged - refunded);
      }
      const res = await call(env.app, "GET", `/api/companies/${company._id}/balance`, shopAdmin);
      const owed = new Map(res.json<CompanyBalance>().due.map((d) => [d.orderId, Math.round(d.total * 100)]));
      for (const id of accountOrders) {
        expect(await invoicedNet(id), `account order ${id}`).toBe(owed.get(id) ?? 0);
      }
      expect(owed.size).toBe(1);
    });
  },
  { ADMIN_EMAILS: adminEmail, UNPAID_ORDER_HOURS: "48" },
);

const fake = await startFakeStripe();
afterAll(() => fake.close());
const browserStripe = new Stripe("sk_test_browser", {
  host: "127.0.0.1",
  port: new URL(fake.url).port,
  protocol: "http",
});

describeEachDatabase(
  "refunds through Stripe (the official SDK against a fake Stripe API)",
  (env) => {
    const made = adminBuyerAndTool(env, 20_00);
    /** An order of `quantity` pieces paid at Stripe (intent, card in the browser, PATCH). */
    const paidAtStripe = async (quantity: number) => {
      const order = await placeOrder(env.app, made.buyer, made.toolId, quantity);
      const intent = await startPayment(env.app, made.buyer, order._id);
      await browserStripe.paymentIntents.confirm(intent.paymentIntentId, { payment_method: "pm_card_visa" });
      const paid = await call(env.app, "PATCH", `/api/order/${order._id}`, made.buyer, {
        orderId: order._id,
        transactionId: intent.paymentIntentId,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return { order, intentId: intent.paymentIntentId };
    };
    const refund = (orderId: string) =>
      call(env.app, "POST", `/api/allOrder/${orderId}/refund`, made.shopAdmin, { reason });

    it("refunds the charge at Stripe once, as requested by the customer, and records it", async () => {
      const { order, intentId } = await paidAtStripe(3);

      const res = await refund(order._id);

      expect(res.statusCode, res.body).toBe(200);
      const atStripe = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
      expect(atStripe).toEqual([expect.objectContaining({ amount: 60_00, reason: "requested_by_customer" })]);
      const [row] = await env.db.select().from(payments).where(eq(payments.orderId, order._id));
      expect(row).toMatchObject({ status: "refunded", refundId: atStripe[0]?.id });
      expect(res.json<Order>().creditNoteNumber).toBe(`CN-${year}-000001`);
    });

    it("answers a 409 and changes nothing when Stripe has no charge to refund", async () => {
      const { order, intentId } = await paidAtStripe(1);
      // Stripe forgot the payment (another account's keys, a test-mode reset).
      fake.intents.delete(intentId);
      const before = await stateOf(env, order._id);

      const res = await refund(order._id);

      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toContain("The order is unchanged");
      expect(await stateOf(env, order._id)).toEqual(before);
    });
  },
  {
    ADMIN_EMAILS: adminEmail,
    STRIPE_SECRET_KEY: "sk_test_car_mechanic",
    STRIPE_PUBLISHABLE_KEY: "pk_test_car_mechanic",
    STRIPE_WEBHOOK_SECRET: "whsec_test_refunds",
    STRIPE_API_BASE: fake.url,
  },
);
