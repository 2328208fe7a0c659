import { parse } from "csv-parse/sync";
import { beforeAll, expect, it } from "vitest";
import type { Order } from "../../contract/orders";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { orderExportHeader } from "./export";
import { insertOrderOfLines, placeOrder } from "./order-test-helpers";

const rowsOf = (text: string): Record<string, string>[] => parse(text.trim(), { columns: true });

describeEachDatabase(
  "an admin's search and CSV export of orders with several lines",
  (env) => {
    const people = usersAndAdmin(env);
    let order: Order;
    let single: Order;

    beforeAll(async () => {
      const plugs = await insertTool(env.db, {
        name: "Iridium spark plugs",
        sku: "LA-SP-1",
        priceCents: 90,
        minimum: 100,
        available: 100_000,
      });
      const discs = await insertTool(env.db, {
        name: "Zircon brake discs",
        sku: "LA-BD-1",
        priceCents: 12_50,
        available: 100_000,
      });
      const filters = await insertTool(env.db, {
        name: "Quartz oil filters",
        priceCents: 7_25,
        available: 100_000,
      });
      order = await insertOrderOfLines(env.app, people.user, [
        [plugs, 500],
        [discs, 20],
        [filters, 10],
      ]);
      single = await placeOrder(env.app, people.other, discs.id, 30);
    });

    const search = async (q: string) => {
      const res = await call(
        env.app,
        "GET",
        `/api/allOrder?q=${encodeURIComponent(q)}&limit=100`,
        people.admin,
      );
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json<Order[]>().map((o) => o._id), total: Number(res.headers["x-total-count"]) };
    };

    it("finds an order by the start of any line's product name, not only the first", async () => {
      expect(await search("zircon brake")).toEqual({ ids: [single._id, order._id], total: 2 });
      expect(await search("Quartz")).toEqual({ ids: [order._id], total: 1 });
      expect(await search("iridium")).toEqual({ ids: [order._id], total: 1 });
      // Only the start of a name, as before.
      expect(await search("oil filters")).toEqual({ ids: [], total: 0 });
      const found = await call(env.app, "GET", "/api/allOrder?q=quartz", people.admin);
      expect(found.json<Order[]>()[0]?.lines.map((l) => l.name)).toEqual([
        "Iridium spark plugs",
        "Zircon brake discs",
        "Quartz oil filters",
      ]);
    });

    it("exports one CSV row per line, each with its order's id, number and line number", async () => {
      const res = await call(env.app, "GET", "/api/export/orders.csv", people.admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.split("\n")[0]).toBe(orderExportHeader.join(","));
      const rows = rowsOf(res.body);
      const common = {
        order_id: order._id,
        order_number: order.orderNumber,
        buyer_email: people.user.email,
        status: "pending",
        order_total: "772.50",
      };
      expect(rows.filter((r) => r.order_id === order._id)).toEqual([
        expect.objectContaining({
          ...common,
          line: "1",
          product: "Iridium spark plugs",
          sku: "LA-SP-1",
          quantity: "500",
          unit_price: "0.90",
          total: "450.00",
        }),
        expect.objectContaining({
          ...common,
          line: "2",
          product: "Zircon brake discs",
          sku: "LA-BD-1",
          quantity: "20",
          unit_price: "12.50",
          total: "250.00",
        }),
        expect.objectContaining({
          ...common,
          line: "3",
          product: "Quartz oil filters",
          sku: "",
          quantity: "10",
          unit_price: "7.25",
          total: "72.50",
        }),
      ]);
      expect(rows.filter((r) => r.order_id === single._id)).toEqual([
        expect.objectContaining({ line: "1", quantity: "30", total: "375.00", order_total: "375.00" }),
      ]);
      expect(rows).toHaveLength(4);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
