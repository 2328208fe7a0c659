// Helpers for the order and payment API tests (not a test file itself).
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { lotTotalCents } from "../../contract/money";
import type { Order, PlaceOrderResponse } from "../../contract/orders";
import type { PaymentIntentResponse } from "../../contract/payments";
import type { Db } from "../db/database";
import { insertOrder, type insertTool } from "../test/factories";
import { call } from "../test/requests";
import type { TestUser } from "../test/sessions";
import { databaseOf } from "../test/test-env";
import { orderLines, orders } from "./tables";

export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A valid POST /api/order body for a tool and quantity. */
export function orderBody(toolId: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    orderId: toolId,
    orderMinimum: quantity,
    orderPhone: "+1 (555) 010-0100",
    orderAddress: "12 Garage Lane, Springfield",
    orderDate: daysFromNow(7),
    ...extra,
  };
}

/** Places an order that must succeed and returns it. */
export async function placeOrder(app: FastifyInstance, who: TestUser, toolId: string, quantity: number) {
  const res = await call(app, "POST", "/api/order", who, orderBody(toolId, quantity));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlaceOrderResponse>().order;
}

export async function getOrder(app: FastifyInstance, who: TestUser, id: string): Promise<Order> {
  const res = await call(app, "GET", `/api/order/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

export const testCard = {
  cardNumber: "4242 4242 4242 4242",
  expiry: "12/40",
  cvc: "123",
  name: "Amina Workshop",
  email: "amina@example.com",
};

/** Starts paying an order (simulated gateway) and returns the intent. */
export async function startPayment(app: FastifyInstance, who: TestUser, orderId: string) {
  const res = await call(app, "POST", "/api/create-payment-intent", who, { orderId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentIntentResponse>();
}

/** Pays an order the whole way through the simulated gateway: intent, card, PATCH. */
export async function payOrder(app: FastifyInstance, who: TestUser, orderId: string): Promise<Order> {
  const intent = await startPayment(app, who, orderId);
  const confirm = await call(app, "POST", "/api/payments/simulated/confirm", undefined, {
    ...testCard,
    clientSecret: intent.clientSecret,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const paid = await call(app, "PATCH", `/api/order/${orderId}`, who, {
    orderId,
    transactionId: confirm.json().id,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<Order>();
}

/** Makes an order look placed `hours` ago, so that the unpaid-order expiry finds it. */
export async function backdateOrder(db: Db, orderId: string, hours: number): Promise<void> {
  await db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(orders.id, orderId));
}

/**
 * Inserts a pending order of several lines (one per tool, at its price now) straight into the
 * tables, as a checkout would leave it (no stock taken, no event), and answers it as the API does.
 */
export async function insertOrderOfLines(
  app: FastifyInstance,
  buyer: TestUser,
  lines: readonly (readonly [tool: Awaited<ReturnType<typeof insertTool>>, quantity: number])[],
): Promise<Order> {
  const db = databaseOf(app);
  const [first, ...more] = lines;
  if (!first) throw new Error("an order has at least one line");
  const totalCents = lines.reduce(
    (sum, [tool, quantity]) => sum + lotTotalCents(tool.priceCents, quantity),
    0,
  );
  const row = await insertOrder(db, first[0], buyer, { quantity: first[1], totalCents });
  if (more.length > 0) {
    await db.insert(orderLines).values(
      more.map(([tool, quantity], i) => ({
        orderId: row.id,
        lineNo: i + 2,
        toolId: tool.id,
        sku: tool.sku,
        productName: tool.name,
        unitPriceCents: tool.priceCents,
        quantity,
      })),
    );
  }
  return getOrder(app, buyer, row.id);
}
