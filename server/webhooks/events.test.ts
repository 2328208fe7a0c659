import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Cart } from "../../contract/cart";
import type { PlaceOrderResponse } from "../../contract/orders";
import { type WebhookEvent, webhookEvents, webhookPayload } from "../../contract/webhooks";
import { stockMovements, tools } from "../catalog/tables";
import { companyWithBuyer } from "../companies/company-test-helpers";
import { invoices } from "../invoices/tables";
import { backdateOrder, daysFromNow, orderBody, payOrder, placeOrder } from "../orders/order-test-helpers";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, type TestEnv } from "../test/test-env";
import { onWebhooksAnnounced, recordWebhookEvent, webhookMessageId } from "./events";
import { webhookDeliveries, webhookEndpoints } from "./tables";

// Issue 29, part 3b: each of the shop's events is recorded for the admins' webhook endpoints in the
// transaction of the change (one delivery row per enabled, subscribed endpoint, once per event), by
// the real routes that make the change.

/** An endpoint row, inserted as the admins' route would leave it. */
async function insertEndpoint(env: TestEnv, events: readonly WebhookEvent[], enabled = true) {
  const [row] = await env.db
    .insert(webhookEndpoints)
    .values({
      url: "http://127.0.0.1:9/hook",
      events: [...events],
      secret: `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`,
      enabled,
    })
    .returning();
  if (!row) throw new Error("no endpoint inserted");
  return row.id;
}

describeEachDatabase(
  "webhook events recorded with each change",
  (env) => {
    const ids = { all: "", disabled: "", stockOnly: "" };
    let shopAdmin: TestUser;
    let buyer: TestUser;
    beforeAll(async () => {
      ids.all = await insertEndpoint(env, webhookEvents);
      ids.disabled = await insertEndpoint(env, webhookEvents, false);
      ids.stockOnly = await insertEndpoint(env, ["stock.low"]);
      shopAdmin = await signUp(env.app, { email: adminEmail });
      buyer = await signUp(env.app);
    });

    const deliveriesOf = (endpointId: string, event?: WebhookEvent, key?: string) =>
      env.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            event ? eq(webhookDeliveries.event, event) : undefined,
            event && key ? eq(webhookDeliveries.messageId, webhookMessageId(event, key)) : undefined,
          ),
        );
    const allDeliveries = () => env.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);

    /**
     * The one delivery of `event` about `key` to the subscribed endpoint, its body parsed by the
     * contract; the disabled endpoint got none.
     */
    async function oneDelivery<E extends WebhookEvent>(event: E, key: string) {
      const rows = await deliveriesOf(ids.all, event, key);
      expect(rows, `${event} ${key}`).toHaveLength(1);
      expect(await deliveriesOf(ids.disabled, event, key)).toHaveLength(0);
      const [row] = rows;
      // Not its status: once the deliverer runs in the app it tries the (unreachable) address.
      expect(row?.event).toBe(event);
      return webhookPayload(event).parse(row?.payload);
    }

    /** A card order of `quantity` pieces at $10.00, of a new tool, placed by the buyer. */
    const cardOrder = async (quantity: number) => {
      const tool = await insertTool(env.db, { priceCents: 10_00, minimum: 1, available: 1000 });
      return placeOrder(env.app, buyer, tool.id, quantity);
    };
    const ship = async (orderId: string) => {
      const res = await call(env.app, "PUT", `/api/allOrder/${orderId}`, shopAdmin);
      expect(res.statusCode, res.body).toBe(200);
    };
    const invoiceOf = async (orderId: string, kind: "invoice" | "credit_note") => {
      const [row] = await env.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
      if (!row) throw new Error(`no ${kind} of ${orderId}`);
      return row;
    };

    it("records order.placed for a one-tool order, for the subscribed endpoint only", async () => {
      const tool = await insertTool(env.db, { priceCents: 12_50, minimum: 1, available: 1000 });
      const order = await placeOrder(env.app, buyer, tool.id, 4);

      const payload = await oneDelivery("order.placed", order._id);
      expect(payload.data).toMatchObject({
        id: order._id,
        orderNumber: order.orderNumber,
        status: "pending",
        paymentMethod: "card",
        total: order.total,
        poNumber: null,
        companyId: null,
      });
      expect(await deliveriesOf(ids.stockOnly, "order.placed")).toHaveLength(0);
    });

    it("records order.placed for a checkout of the cart", async () => {
      const a = await insertTool(env.db, { priceCents: 6_40, minimum: 1, available: 1000 });
      const b = await insertTool(env.db, { priceCents: 40_00, minimum: 1, available: 1000 });
      for (const [toolId, quantity] of [
        [a.id, 5],
        [b.id, 2],
      ] as const) {
        const put = await call(env.app, "PUT", `/api/cart/lines/${toolId}`, buyer, { quantity });
        expect(put.statusCode, put.body).toBe(200);
      }
      const cart = (await call(env.app, "GET", "/api/cart", buyer)).json<Cart>();
      const res = await call(env.app, "POST", "/api/checkout", buyer, {
        orderPhone: "+1 (555) 010-0100",
        orderAddress: "12 Garage Lane, Springfield",
        orderDate: daysFromNow(10),
        confirmedTotal: cart.total,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { order } = res.json<PlaceOrderResponse>();

      const payload = await oneDelivery("order.placed", order._id);
      expect(payload.data).toMatchObject({ id: order._id, orderNumber: order.orderNumber, total: 112 });
    });

    it("records order.paid and invoice.issued when a card order is paid, order.shipped when it ships", async () => {
      const order = await cardOrder(3);
      await payOrder(env.app, buyer, order._id);

      expect((await oneDelivery("order.paid", order._id)).data).toMatchObject({
        id: order._id,
        status: "paid",
        total: 30,
      });
      const invoice = await invoiceOf(order._id, "invoice");
      expect((await oneDelivery("invoice.issued", invoice.id)).data).toEqual({
        id: invoice.id,
        number: invoice.number,
        kind: "invoice",
        orderId: order._id,
        companyId: null,
        total: 30,
        issuedOn: invoice.issuedOn,
        pdf: `/api/orders/${order._id}/invoice.pdf`,
      });

      await ship(order._id);
      expect((await oneDelivery("order.shipped", order._id)).data).toMatchObject({
        id: order._id,
        status: "shipped",
      });
    });

    it("records order.cancelled once when an admin removes an unpaid order", async () => {
      const order = await cardOrder(2);
      const res = await call(env.app, "DELETE", `/api/allOrder/${order._id}`, shopAdmin);
      expect(res.statusCode, res.body).toBe(200);
      // A second removal is refused and records nothing more.
      const again = await call(env.app, "DELETE", `/api/allOrder/${order._id}`, shopAdmin);
      expect(again.statusCode).toBe(409);

      expect((await oneDelivery("order.cancelled", order._id)).data).toMatchObject({
        id: order._id,
        status: "cancelled",
      });
    });

    it("records order.cancelled when an unpaid order expires", async () => {
      const order = await cardOrder(2);
      await backdateOrder(env.db, order._id, 49);
      expect(await env.app.expireUnpaidOrders(new Date())).toBeGreaterThanOrEqual(1);
      expect(await env.app.expireUnpaidOrders(new Date())).toBe(0);

      expect((await oneDelivery("order.cancelled", order._id)).data).toMatchObject({
        id: order._id,
        status: "cancelled",
      });
    });

    it("records order.cancelled and the credit note's invoice.issued for a refund", async () => {
      const order = await cardOrder(2);
      await payOrder(env.app, buyer, order._id);
      const res = await call(env.app, "POST", `/api/allOrder/${order._id}/refund`, shopAdmin, {
        reason: "Wrong size",
      });
      expect(res.statusCode, res.body).toBe(200);

      expect((await oneDelivery("order.cancelled", order._id)).data.status).toBe("cancelled");
      const creditNote = await invoiceOf(order._id, "credit_note");
      expect((await oneDelivery("invoice.issued", creditNote.id)).data).toMatchObject({
        kind: "credit_note",
        number: creditNote.number,
        orderId: order._id,
        total: 20,
        pdf: `/api/orders/${order._id}/credit-note.pdf`,
      });
    });

    it("records order.placed, order.shipped and invoice.issued for a company's on-account order", async () => {
      const { company, buyer: companyBuyer } = await companyWithBuyer(env, shopAdmin, {
        paymentTermsDays: 30,
        creditLimit: 5000,
      });
      const tool = await insertTool(env.db, { priceCents: 10_00, minimum: 1, available: 1000 });
      const res = await call(
        env.app,
        "POST",
        "/api/order",
        companyBuyer,
        orderBody(tool.id, 5, { paymentMethod: "account", poNumber: "PO-77" }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const { order } = res.json<PlaceOrderResponse>();
      expect((await oneDelivery("order.placed", order._id)).data).toMatchObject({
        id: order._id,
        paymentMethod: "account",
        companyId: company._id,
        poNumber: "PO-77",
      });

      await ship(order._id);
      expect((await oneDelivery("order.shipped", order._id)).data).toMatchObject({
        status: "shipped",
        paymentMethod: "account",
      });
      const invoice = await invoiceOf(order._id, "invoice");
      expect((await oneDelivery("invoice.issued", invoice.id)).data).toMatchObject({
        orderId: order._id,
        companyId: company._id,
      });
    });

    it("records stock.low once per crossing, for every endpoint subscribed to it", async () => {
      const tool = await insertTool(env.db, { minimum: 1, available: 1000, lowStockAt: 600 });
      const adjust = (change: number) =>
        call(env.app, "POST", `/api/service/${tool.id}/stock`, shopAdmin, { change, reason: "correction" });
      expect((await adjust(-300)).statusCode).toBe(201); // 700: above the level
      expect((await adjust(-150)).statusCode).toBe(201); // 550: crosses
      expect((await adjust(-50)).statusCode).toBe(201); // 500: already low
      const movements = await env.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.toolId, tool.id), eq(stockMovements.change, -150)));
      const crossing = movements[0]?.id ?? "";

      const payload = await oneDelivery("stock.low", crossing);
      expect(payload.data).toEqual({
        toolId: tool.id,
        sku: tool.sku,
        name: tool.name,
        available: 550,
        lowStockAt: 600,
      });
      expect(await deliveriesOf(ids.stockOnly, "stock.low", crossing)).toHaveLength(1);
      const ofTool = (await deliveriesOf(ids.all, "stock.low")).filter(
        (d) => webhookPayload("stock.low").parse(d.payload).data.toolId === tool.id,
      );
      expect(ofTool).toHaveLength(1);

      // Restocked above the level, an order takes it low again: a new event.
      expect((await adjust(200)).statusCode).toBe(201); // 700
      await placeOrder(env.app, buyer, tool.id, 150); // 550
      const again = (await deliveriesOf(ids.all, "stock.low")).filter(
        (d) => webhookPayload("stock.low").parse(d.payload).data.toolId === tool.id,
      );
      expect(again).toHaveLength(2);
      expect(await deliveriesOf(ids.stockOnly, "stock.low")).toHaveLength(
        (await deliveriesOf(ids.all, "stock.low")).length,
      );
    });

    it("records nothing for a change that is refused", async () => {
      const tool = await insertTool(env.db, { priceCents: 10_00, minimum: 1, available: 600 });
      const before = (await allDeliveries()).length;
      const tooMany = await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 700));
      expect(tooMany.statusCode).toBe(409);
      const order = await placeOrder(env.app, buyer, tool.id, 1);
      const afterPlacing = (await allDeliveries()).length;
      expect(afterPlacing).toBe(before + 1);
      // A pending order cannot be shipped nor refunded.
      const ship = await call(env.app, "PUT", `/api/allOrder/${order._id}`, shopAdmin);
      expect(ship.statusCode).toBe(409);
      const refund = await call(env.app, "POST", `/api/allOrder/${order._id}/refund`, shopAdmin, {
        reason: "No",
      });
      expect(refund.statusCode).toBe(409);
      const [row] = await env.db.select().from(tools).where(eq(tools.id, tool.id));
      expect(row?.available).toBe(599);
      expect((await allDeliveries()).length).toBe(afterPlacing);
    });

    it("records nothing when the change's transaction rolls back", async () => {
      const key = crypto.randomUUID();
      await expect(
        env.db.transaction(async (tx) => {
          await recordWebhookEvent(tx, "stock.low", key, {
            toolId: key,
            sku: null,
            name: "Rolled back",
            available: 0,
            lowStockAt: 1,
          });
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      expect(await deliveriesOf(ids.all, "stock.low", key)).toHaveLength(0);
    });

    it("records the same event twice as one delivery per endpoint", async () => {
      const key = crypto.randomUUID();
      const data = { toolId: key, sku: "T-1", name: "Twice", available: 1, lowStockAt: 2 };
      await recordWebhookEvent(env.db, "stock.low", key, data);
      await recordWebhookEvent(env.db, "stock.low", key, { ...data, available: 0 });
      const [row] = await deliveriesOf(ids.all, "stock.low", key);
      expect(row?.messageId).toBe(`msg_stock_low_${key}`);
      expect(webhookPayload("stock.low").parse(row?.payload).data.available).toBe(1);
      expect(await deliveriesOf(ids.all, "stock.low", key)).toHaveLength(1);
      expect(await deliveriesOf(ids.stockOnly, "stock.low", key)).toHaveLength(1);
      expect(await deliveriesOf(ids.disabled, "stock.low", key)).toHaveLength(0);
    });

    it("nudges the deliverer when an order records a delivery, and not when no endpoint is subscribed", async () => {
      let nudges = 0;
      const stop = onWebhooksAnnounced(() => {
        nudges++;
      });
      try {
        await cardOrder(1);
        await Promise.resolve();
        expect(nudges).toBe(1);
        await env.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, ids.all));
        const before = (await allDeliveries()).length;
        await cardOrder(1);
        await Promise.resolve();
        expect(nudges).toBe(1);
        expect((await allDeliveries()).length).toBe(before);
      } finally {
        stop();
        await env.db.update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.id, ids.all));
      }
    });
  },
  { ADMIN_EMAILS: adminEmail, UNPAID_ORDER_HOURS: "48" },
);
