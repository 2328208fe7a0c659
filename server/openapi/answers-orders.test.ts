import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Response as InjectResponse } from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../contract/cart";
import type { Order, PlaceOrderResponse } from "../../contract/orders";
import type { PaymentIntentResponse } from "../../contract/payments";
import { toolCsvHeader } from "../catalog/csv-rows";
import { tools } from "../catalog/tables";
import { companyOf } from "../companies/company-test-helpers";
import { daysFromNow, orderBody, testCard } from "../orders/order-test-helpers";
import { importCatalogFile } from "../test/csv-upload";
import { insertTool } from "../test/factories";
import { call, type Method } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { documentedAnswerProblems } from "./answer-check";
import { orderRoutes } from "./answer-groups";

// Every route of `orderRoutes` (catalog, cart, orders, invoices) answers as GET /api/openapi.json
// documents it: a real request to each with its 2xx answer, and the documented refusals.

type OrderRoute = (typeof orderRoutes)[number];

describeEachDatabase(
  "the catalog's, cart's, orders' and invoices' answers match their documented schemas",
  (env) => {
    const covered = new Set<OrderRoute>();
    const who = {} as Record<"admin" | "buyer" | "companyOwner", TestUser>;
    let tool: Awaited<ReturnType<typeof insertTool>>;

    /** The request, its status, and its answer held to the document; the route counts as covered. */
    async function answer(
      route: OrderRoute,
      status: number,
      url: string,
      caller?: TestUser,
      payload?: unknown,
      headers?: Record<string, string>,
    ): Promise<InjectResponse> {
      const method = route.split(" ")[0] as Method;
      const res = await call(env.app, method, url, caller, payload, { headers });
      expect(res.statusCode, res.body).toBe(status);
      expect(documentedAnswerProblems(env.app, route, res)).toEqual([]);
      covered.add(route);
      return res;
    }

    beforeAll(async () => {
      who.admin = await signUp(env.app, { email: adminEmail });
      who.buyer = await signUp(env.app);
      who.companyOwner = await signUp(env.app);
      tool = await insertTool(env.db, {
        sku: "OA-1",
        minimum: 10,
        increment: 5,
        available: 1000,
        lowStockAt: 5,
      });
      await insertTool(env.db, { sku: "OA-LOW", available: 2, lowStockAt: 5 });
    });

    describe("catalog", () => {
      it("lists, reads, adds, changes and removes tools", async () => {
        await answer("GET /api/service", 200, "/api/service");
        await answer("GET /api/service/:id", 200, `/api/service/${tool.id}`);
        const added = await answer("POST /api/service", 201, "/api/service", who.admin, {
          name: "Brake Caliper",
          description: "Cast-iron floating caliper for the front axle, sold in workshop lots.",
          available: 2000,
          minimum: 500,
          price: 24.99,
          img: "/images/tools/piston.svg",
        });
        const id = added.json<{ insertedId: string }>().insertedId;
        await answer("PATCH /api/service/:id", 200, `/api/service/${id}`, who.admin, { price: 19.5 });
        await answer("DELETE /api/service/:id", 200, `/api/service/${id}`, who.admin);
        await answer("GET /api/service/low-stock", 200, "/api/service/low-stock", who.admin);
      });

      it("adjusts a tool's stock and lists its movements; below 0 is a 409", async () => {
        const url = `/api/service/${tool.id}/stock`;
        await answer("POST /api/service/:id/stock", 201, url, who.admin, { change: 10, reason: "restock" });
        await answer("POST /api/service/:id/stock", 409, url, who.admin, {
          change: -1_000_000,
          reason: "correction",
        });
        await answer("GET /api/service/:id/stock", 200, url, who.admin);
      });

      it("answers a malformed id with 400 and an unknown one with 404", async () => {
        await answer("GET /api/service/:id", 400, "/api/service/not-an-id");
        await answer("GET /api/service/:id", 404, `/api/service/${randomUUID()}`);
      });

      it("exports the catalog as CSV and imports a file, or refuses it with each row's problems", async () => {
        await answer("GET /api/export/tools.csv", 200, "/api/export/tools.csv", who.admin);
        const row = (name: string, price: string) =>
          ["", "", name, "D.", price, "10", "1", "", "1", "3", "", "/images/tools/a.svg", ""].join(",");
        expect(toolCsvHeader).toHaveLength(13);
        const file = (price: string) => `${toolCsvHeader.join(",")}\n${row("Imported tool", price)}\n`;
        const imported = await importCatalogFile(env.app, who.admin, file("1.50"));
        const refused = await importCatalogFile(env.app, who.admin, file("not a price"));
        for (const [res, status] of [
          [imported, 200],
          [refused, 400],
        ] as const) {
          expect(res.statusCode, res.body).toBe(status);
          expect(documentedAnswerProblems(env.app, "POST /api/import/tools", res)).toEqual([]);
        }
        expect(refused.json()).toMatchObject({
          rows: [expect.objectContaining({ row: expect.any(Number) })],
        });
        covered.add("POST /api/import/tools");
      });
    });

    describe("cart", () => {
      const line = () => `/api/cart/lines/${tool.id}`;

      it("sets, refuses, reads and removes lines", async () => {
        await answer("PUT /api/cart/lines/:toolId", 200, line(), who.buyer, { quantity: 10 });
        const step = await answer("PUT /api/cart/lines/:toolId", 400, line(), who.buyer, { quantity: 12 });
        expect(step.json()).toMatchObject({ suggestedQuantity: expect.any(Number) });
        await answer("PUT /api/cart/lines/:toolId", 400, line(), who.buyer, { quantity: "ten" });
        await answer("PUT /api/cart/lines/:toolId", 409, line(), who.buyer, { quantity: 1_000_000 });
        await answer("GET /api/cart", 200, "/api/cart", who.buyer);
        await answer("DELETE /api/cart/lines/:toolId", 200, line(), who.buyer);
        await answer("POST /api/cart/quick-order", 200, "/api/cart/quick-order", who.buyer, {
          text: "OA-1 10\nNO-SUCH-SKU 5",
        });
        await answer("DELETE /api/cart", 200, "/api/cart", who.buyer);
      });
    });

    describe("orders", () => {
      const placed = {} as Record<"checkedOut" | "single" | "refunded" | "shipped", Order>;

      const checkoutBody = (confirmedTotal: number) => ({
        orderPhone: "+1 (555) 010-0100",
        orderAddress: "12 Garage Lane, Springfield",
        orderDate: daysFromNow(7),
        confirmedTotal,
      });

      /** Pays an order through the simulated gateway; the PATCH's answer checked. */
      async function pay(order: Order) {
        const intent = await call(env.app, "POST", "/api/create-payment-intent", who.buyer, {
          orderId: order._id,
        });
        expect(intent.statusCode, intent.body).toBe(200);
        const confirm = await call(env.app, "POST", "/api/payments/simulated/confirm", undefined, {
          ...testCard,
          clientSecret: intent.json<PaymentIntentResponse>().clientSecret,
        });
        expect(confirm.statusCode, confirm.body).toBe(200);
        await answer("PATCH /api/order/:id", 200, `/api/order/${order._id}`, who.buyer, {
          orderId: order._id,
          transactionId: confirm.json().id,
        });
      }

      it("checks a cart out: 409 at a total not confirmed, 201 at the cart's", async () => {
        await call(env.app, "PUT", `/api/cart/lines/${tool.id}`, who.buyer, { quantity: 20 });
        const cart = (await call(env.app, "GET", "/api/cart", who.buyer)).json<Cart>();
        const refused = await answer(
          "POST /api/checkout",
          409,
          "/api/checkout",
          who.buyer,
          checkoutBody(0.01),
        );
        expect(refused.json()).toMatchObject({ cart: { total: cart.total } });
        const res = await answer(
          "POST /api/checkout",
          201,
          "/api/checkout",
          who.buyer,
          checkoutBody(cart.total),
          {
            "idempotency-key": randomUUID(),
          },
        );
        placed.checkedOut = res.json<PlaceOrderResponse>().order;
      });

      it("checks out the short lines: 409 with each line and the stock now", async () => {
        const scarce = await insertTool(env.db, { sku: "OA-SCARCE", minimum: 1, available: 1000 });
        const put = await call(env.app, "PUT", `/api/cart/lines/${scarce.id}`, who.buyer, { quantity: 5 });
        expect(put.statusCode, put.body).toBe(200);
        const cart = (await call(env.app, "GET", "/api/cart", who.buyer)).json<Cart>();
        // The stock falls between the cart and the checkout (sold in the shop, written off).
        await env.db.update(tools).set({ available: 2 }).where(eq(tools.id, scarce.id));
        const res = await call(env.app, "POST", "/api/checkout", who.buyer, checkoutBody(cart.total));
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ shortLines: [{ toolId: scarce.id, quantity: 5, available: 2 }] });
        expect(documentedAnswerProblems(env.app, "POST /api/checkout", res)).toEqual([]);
        await call(env.app, "DELETE", "/api/cart", who.buyer);
      });

      it("places, lists, reads and reorders orders", async () => {
        const place = async () =>
          (
            await answer("POST /api/order", 201, "/api/order", who.buyer, orderBody(tool.id, 10), {
              "idempotency-key": randomUUID(),
            })
          ).json<PlaceOrderResponse>().order;
        placed.single = await place();
        placed.refunded = await place();
        placed.shipped = await place();
        // More than the stock: 409 with `error`; the same key with another body: 422.
        await answer("POST /api/order", 409, "/api/order", who.buyer, orderBody(tool.id, 100_000));
        const key = { "idempotency-key": randomUUID() };
        await answer("POST /api/order", 201, "/api/order", who.buyer, orderBody(tool.id, 10), key);
        await answer("POST /api/order", 422, "/api/order", who.buyer, orderBody(tool.id, 15), key);
        await answer("GET /api/order", 200, "/api/order", who.buyer);
        await answer("GET /api/order/:id", 200, `/api/order/${placed.single._id}`, who.buyer);
        await answer("GET /api/order/:id", 400, "/api/order/not-an-id", who.buyer);
        await answer("GET /api/order/:id", 404, `/api/order/${randomUUID()}`, who.buyer);
        await answer(
          "POST /api/order/:id/reorder",
          200,
          `/api/order/${placed.single._id}/reorder`,
          who.buyer,
        );
      });

      it("pays, ships, refunds and removes orders, with their invoice and credit note", async () => {
        await pay(placed.refunded);
        await pay(placed.shipped);
        await answer("PUT /api/allOrder/:id", 200, `/api/allOrder/${placed.shipped._id}`, who.admin, {});
        await answer(
          "POST /api/allOrder/:id/refund",
          200,
          `/api/allOrder/${placed.refunded._id}/refund`,
          who.admin,
          {
            reason: "Sent back unopened",
          },
        );
        await answer("DELETE /api/allOrder/:id", 200, `/api/allOrder/${placed.checkedOut._id}`, who.admin);
        // Each once more: the order's status no longer allows it.
        await answer("PUT /api/allOrder/:id", 409, `/api/allOrder/${placed.checkedOut._id}`, who.admin, {});
        await answer(
          "POST /api/allOrder/:id/refund",
          409,
          `/api/allOrder/${placed.refunded._id}/refund`,
          who.admin,
          {
            reason: "Twice",
          },
        );
        await answer("DELETE /api/allOrder/:id", 409, `/api/allOrder/${placed.shipped._id}`, who.admin);
        await answer("GET /api/allOrder", 200, "/api/allOrder?status=paid,shipped,cancelled", who.admin);
        const pdf = await answer(
          "GET /api/orders/:id/invoice.pdf",
          200,
          `/api/orders/${placed.shipped._id}/invoice.pdf`,
          who.buyer,
        );
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
        await answer(
          "GET /api/orders/:id/credit-note.pdf",
          200,
          `/api/orders/${placed.refunded._id}/credit-note.pdf`,
          who.buyer,
        );
        await answer(
          "GET /api/orders/:id/credit-note.pdf",
          404,
          `/api/orders/${placed.shipped._id}/credit-note.pdf`,
          who.buyer,
        );
        await answer("GET /api/invoices", 200, "/api/invoices", who.admin);
        await answer("GET /api/export/invoices.csv", 200, "/api/export/invoices.csv", who.admin);
        await answer("GET /api/export/orders.csv", 200, "/api/export/orders.csv?status=shipped", who.admin);
        await answer("GET /api/export/orders.csv", 400, "/api/export/orders.csv?from=yesterday", who.admin);
      });

      it("lists a company's orders to its admin", async () => {
        const company = await companyOf(env, who.companyOwner, who.admin, "Garage OA");
        await call(env.app, "POST", "/api/order", who.companyOwner, orderBody(tool.id, 10));
        await answer(
          "GET /api/companies/:id/orders",
          200,
          `/api/companies/${company._id}/orders`,
          who.companyOwner,
        );
      });
    });

    // Last: the tests above, in their order, reached every route of the group.
    it("covered every route of the group", () => {
      expect([...covered].sort()).toEqual([...orderRoutes].sort());
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
