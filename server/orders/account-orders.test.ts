import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyMessages as says } from "../../contract/companies";
import { addCalendarDays, shopToday } from "../../contract/delivery-dates";
import { accountOrderNotPaidByCard } from "../../contract/order-status";
import type { Order, PlaceOrderResponse } from "../../contract/orders";
import { tools } from "../catalog/tables";
import { companyWithBuyer, memberOf } from "../companies/company-test-helpers";
import { outbox } from "../mail/tables";
import { insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, lastMail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { backdateOrder, daysFromNow, getOrder, orderBody, payOrder, placeOrder } from "./order-test-helpers";
import { orders } from "./tables";

describeEachDatabase(
  "ordering for a company: PO numbers, company prices, paying on account",
  (env) => {
    let shopAdmin: TestUser;
    beforeAll(async () => {
      shopAdmin = await signUp(env.app, { email: adminEmail });
    });

    /** A tool at $6.00 a piece (a $5.90 break from 100), plenty in stock. */
    const newTool = (fields: Partial<typeof tools.$inferInsert> = {}) =>
      insertTool(env.db, { priceCents: 600, minimum: 10, available: 100_000, ...fields });
    const stockOf = async (toolId: string) =>
      (await env.db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId)))[0]
        ?.available;
    const ordersOf = async (who: TestUser) =>
      env.db
        .select()
        .from(orders)
        .where(eq(orders.userId, await userIdOf(env.db, who.email)));
    const order = (who: TestUser, toolId: string, quantity: number, extra: Record<string, unknown> = {}) =>
      call(env.app, "POST", "/api/order", who, orderBody(toolId, quantity, extra));
    const onAccount = (
      who: TestUser,
      toolId: string,
      quantity: number,
      extra: Record<string, unknown> = {},
    ) => order(who, toolId, quantity, { paymentMethod: "account", ...extra });
    const placed = (res: { statusCode: number; body: string; json: <T>() => T }) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlaceOrderResponse>().order;
    };
    const ship = async (orderId: string) => {
      const res = await call(env.app, "PUT", `/api/allOrder/${orderId}`, shopAdmin);
      expect(res.statusCode, res.body).toBe(200);
    };
    const checkoutBody = (confirmedTotal: number, extra: Record<string, unknown> = {}) => ({
      orderPhone: "+1 (555) 010-0100",
      orderAddress: "12 Garage Lane, Springfield",
      orderDate: daysFromNow(10),
      confirmedTotal,
      ...extra,
    });
    const putInCart = async (who: TestUser, toolId: string, quantity: number) => {
      const res = await call(env.app, "PUT", `/api/cart/lines/${toolId}`, who, { quantity });
      expect(res.statusCode, res.body).toBe(200);
    };

    describe("PO numbers", () => {
      it("stores the trimmed PO number with the company's order and shows it in the answer and the messages", async () => {
        const { company, buyer } = await companyWithBuyer(env, shopAdmin, { paymentTermsDays: 30 });
        const tool = await newTool();
        const got = placed(await order(buyer, tool.id, 20, { poNumber: "  ABC-123 " }));
        expect(got).toMatchObject({ poNumber: "ABC-123", companyId: company._id, paymentMethod: "card" });
        const [row] = await ordersOf(buyer);
        expect(row).toMatchObject({ poNumber: "ABC-123", companyId: company._id, paymentMethod: "card" });
        expect((await getOrder(env.app, buyer, got._id)).poNumber).toBe("ABC-123");
        const mail = await lastMail(env.app, buyer.email.toLowerCase(), "order-placed");
        expect(mail.text).toMatch(/PO number:\s*ABC-123/i);
        expect(mail.html).toContain("ABC-123");
        // A card order of a company still has its Pay link.
        expect(mail.text).toContain(`/dashboard/payment/${got._id}`);
        // The receipt and the admins' "paid, to ship" message name it too.
        await payOrder(env.app, buyer, got._id);
        for (const [to, kind] of [
          [buyer.email.toLowerCase(), "payment-received"],
          [adminEmail, "admin-paid-order"],
        ] as const) {
          expect((await lastMail(env.app, to, kind)).text, kind).toMatch(/PO number:\s*ABC-123/i);
        }
      });

      it("a buyer outside any company orders as before: no company, no PO number when the field is empty", async () => {
        const someone = await signUp(env.app);
        const tool = await newTool();
        const got = placed(await order(someone, tool.id, 20, { poNumber: "   " }));
        expect(got).toMatchObject({ poNumber: null, companyId: null, paymentMethod: "card" });
        const mail = await lastMail(env.app, someone.email.toLowerCase(), "order-placed");
        expect(mail.text).not.toMatch(/PO number/i);
      });

      it("refuses an order without a PO number when the company requires one (400), writing nothing", async () => {
        const { buyer } = await companyWithBuyer(env, shopAdmin, { paymentTermsDays: 30, poRequired: true });
        const tool = await newTool();
        for (const res of [
          await order(buyer, tool.id, 20),
          await order(buyer, tool.id, 20, { poNumber: "  " }),
          await onAccount(buyer, tool.id, 20),
        ]) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toEqual({ error: says.poRequired });
        }
        // The cart's checkout too, and the cart stays as it was.
        await putInCart(buyer, tool.id, 20);
        const checkout = await call(env.app, "POST", "/api/checkout", buyer, checkoutBody(120));
        expect(checkout.statusCode, checkout.body).toBe(400);
        expect(checkout.json()).toEqual({ error: says.poRequired });
        expect(await ordersOf(buyer)).toEqual([]);
        expect(await stockOf(tool.id)).toBe(100_000);
        // With one, it goes through.
        placed(await order(buyer, tool.id, 20, { poNumber: "PO-7" }));
      });

      it("refuses a PO number over 40 characters (400)", async () => {
        const { buyer } = await companyWithBuyer(env, shopAdmin, {});
        const tool = await newTool();
        const res = await order(buyer, tool.id, 20, { poNumber: "X".repeat(41) });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toBe("Use at most 40 characters for the PO number");
        placed(await order(buyer, tool.id, 20, { poNumber: "X".repeat(40) }));
      });
    });

    describe("who may pay on account", () => {
      it("refuses a buyer outside any company, a member of a pending company and one of a card-only company (400)", async () => {
        const tool = await newTool();
        const outsider = await signUp(env.app);
        const pending = await companyWithBuyer(env, shopAdmin, { status: "pending" });
        const cardOnly = await companyWithBuyer(env, shopAdmin, { paymentTermsDays: 0, creditLimit: 5000 });
        for (const who of [outsider, pending.buyer, cardOnly.buyer]) {
          const res = await onAccount(who, tool.id, 20);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toEqual({ error: says.accountNotOffered });
          expect(await ordersOf(who)).toEqual([]);
        }
        expect(await stockOf(tool.id)).toBe(100_000);
        // A pending company's member orders by card as themself: the order is not the company's.
        expect(placed(await order(pending.buyer, tool.id, 20)).companyId).toBeNull();
      });

      it("places an on-account order confirmed at once: pending, no deadline, no Pay link, when it is due", async () => {
        const { company, buyer } = await companyWithBuyer(env, shopAdmin, {
          paymentTermsDays: 30,
          creditLimit: 5000,
        });
        const invited = await memberOf(env, buyer, company._id, "buyer");
        const tool = await newTool();
        const got = placed(await onAccount(invited, tool.id, 20, { poNumber: "WS-2026-14" }));
        expect(got).toMatchObject({
          paymentMethod: "account",
          companyId: company._id,
          poNumber: "WS-2026-14",
          status: "pending",
          paid: false,
          expiresAt: null,
          total: 120,
        });
        expect(await stockOf(tool.id)).toBe(100_000 - 20);
        const mail = await lastMail(env.app, invited.email.toLowerCase(), "order-placed");
        expect(mail.text).toContain("On account: due 30 days after shipping");
        expect(mail.text).toMatch(/PO number:\s*WS-2026-14/i);
        expect(mail.text).not.toContain("/dashboard/payment/");
        expect(mail.text).not.toMatch(/Pay by|released/i);
      });
    });

    describe("company prices", () => {
      it("applies the discount after the break, exactly in cents, on POST /api/order and on checkout", async () => {
        const { buyer } = await companyWithBuyer(env, shopAdmin, { discountPercent: 15 });
        const tool = await newTool({ priceBreaks: [{ minQuantity: 100, priceCents: 590 }] });
        // $5.90 − 15% = $5.015 → $5.02 a piece (half-up), the line 100 × 502 cents.
        const got = placed(await order(buyer, tool.id, 100));
        expect(got.orderPrice).toBe(5.02);
        expect(got.total).toBe(502);
        expect(got.lines).toEqual([
          expect.objectContaining({ quantity: 100, unitPrice: 5.02, lineTotal: 502 }),
        ]);
        // Below the break: $6.00 − 15% = $5.10.
        expect(placed(await order(buyer, tool.id, 20)).orderPrice).toBe(5.1);

        const other = await newTool({ priceCents: 1999, priceBreaks: [] });
        await putInCart(buyer, tool.id, 120);
        await putInCart(buyer, other.id, 10);
        // 120 × $5.02 + 10 × ($19.99 − 15% = $16.9915 → $16.99) = $602.40 + $169.90.
        const res = await call(env.app, "POST", "/api/checkout", buyer, checkoutBody(772.3));
        const checkedOut = placed(res);
        expect(checkedOut.total).toBe(772.3);
        expect(checkedOut.lines.map((l) => [l.quantity, l.unitPrice, l.lineTotal])).toEqual([
          [120, 5.02, 602.4],
          [10, 16.99, 169.9],
        ]);
        // A buyer outside the company pays the list price.
        const someone = await signUp(env.app);
        expect(placed(await order(someone, tool.id, 100)).orderPrice).toBe(5.9);
      });

      it("checks out on account with a PO number, for the company", async () => {
        const { company, buyer } = await companyWithBuyer(env, shopAdmin, {
          paymentTermsDays: 15,
          creditLimit: 1000,
          discountPercent: 10,
        });
        const tool = await newTool();
        await putInCart(buyer, tool.id, 100);
        // 100 × ($6.00 − 10%) = $540.00.
        const body = checkoutBody(540, { paymentMethod: "account", poNumber: "CART-1" });
        const got = placed(await call(env.app, "POST", "/api/checkout", buyer, body));
        expect(got).toMatchObject({ paymentMethod: "account", companyId: company._id, poNumber: "CART-1" });
        // A second one would pass the $1,000 limit: 409, nothing reserved, the cart kept.
        await putInCart(buyer, tool.id, 100);
        const over = await call(env.app, "POST", "/api/checkout", buyer, body);
        expect(over.statusCode, over.body).toBe(409);
        expect(over.json()).toEqual({ error: says.overCreditLimit });
        expect(await stockOf(tool.id)).toBe(100_000 - 100);
        expect((await ordersOf(buyer)).length).toBe(1);
      });
    });

    describe("the credit limit", () => {
      /** `count` on-account orders of `quantity` × $6.00 at the same moment, by the company's two buyers. */
      async function race(limitDollars: number, quantity: number, count = 20) {
        const { company, buyer } = await companyWithBuyer(env, shopAdmin, {
          paymentTermsDays: 30,
          creditLimit: limitDollars,
        });
        const second = await memberOf(env, buyer, company._id, "buyer");
        const tool = await newTool();
        const answers = await Promise.all(
          Array.from({ length: count }, (_, i) => onAccount(i % 2 ? second : buyer, tool.id, quantity)),
        );
        const statuses = answers.map((a) => a.statusCode);
        const refused = answers.filter((a) => a.statusCode !== 201);
        for (const r of refused) expect(r.json()).toEqual({ error: says.overCreditLimit });
        const rows = await env.db
          .select()
          .from(orders)
          .where(and(eq(orders.companyId, company._id), eq(orders.paymentMethod, "account")));
        const committed = rows.reduce((sum, r) => sum + r.totalCents, 0);
        return { statuses, rows, committed, stock: await stockOf(tool.id) };
      }

      it("20 racing $600 orders against a $1,000 limit: exactly one is placed", async () => {
        const { statuses, rows, committed, stock } = await race(1000, 100);
        expect(statuses.filter((s) => s === 201)).toHaveLength(1);
        expect(statuses.filter((s) => s === 409)).toHaveLength(19);
        expect(rows).toHaveLength(1);
        expect(committed).toBe(600_00);
        expect(stock).toBe(100_000 - 100);
      });

      it("20 racing $150 orders against a $1,000 limit: exactly six are placed", async () => {
        const { statuses, rows, committed, stock } = await race(1000, 25);
        expect(statuses.filter((s) => s === 201)).toHaveLength(6);
        expect(statuses.filter((s) => s === 409)).toHaveLength(14);
        expect(rows).toHaveLength(6);
        expect(committed).toBe(900_00);
        expect(stock).toBe(100_000 - 6 * 25);
      });

      it("a cancelled on-account order frees its amount at once", async () => {
        const { buyer } = await companyWithBuyer(env, shopAdmin, { paymentTermsDays: 30, creditLimit: 1000 });
        const tool = await newTool();
        const first = placed(await onAccount(buyer, tool.id, 100));
        const refused = await onAccount(buyer, tool.id, 100);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toEqual({ error: says.overCreditLimit });
        const cancel = await call(env.app, "DELETE", `/api/allOrder/${first._id}`, shopAdmin);
        expect(cancel.statusCode, cancel.body).toBe(200);
        expect((await getOrder(env.app, buyer, first._id)).status).toBe("cancelled");
        expect(await stockOf(tool.id)).toBe(100_000);
        placed(await onAccount(buyer, tool.id, 100));
      });

      it("tells the shop's admins once when an order takes the company past 90% of its limit, in the order's transaction", async () => {
        const { company, buyer } = await companyWithBuyer(env, shopAdmin, {
          paymentTermsDays: 30,
          creditLimit: 2000,
        });
        const tool = await newTool();
        const nearLimit = () =>
          env.db
            .select({ to: outbox.recipient, subject: outbox.subject })
            .from(outbox)
            .where(
              and(eq(outbox.kind, "admin-company-near-limit"), like(outbox.subject, `${company.name}%`)),
            );
        placed(await onAccount(buyer, tool.id, 300)); // $1,800: 90%, not past it
        expect(await nearLimit()).toEqual([]);
        placed(await onAccount(buyer, tool.id, 10)); // $1,860: past 90%
        expect(await nearLimit()).toEqual([
          { to: adminEmail, subject: `${company.name} has used 93% of its credit limit` },
        ]);
        placed(await onAccount(buyer, tool.id, 10)); // $1,920: still past it, no second message
        expect(await nearLimit()).toHaveLength(1);
      });
    });

    describe("shipping, paying and expiring on-account orders", () => {
      it("ships an on-account order unpaid: shipped_on today and due_on after the company's terms, said in the message", async () => {
        const { buyer } = await companyWithBuyer(env, shopAdmin, { paymentTermsDays: 15, creditLimit: 5000 });
        const tool = await newTool();
        const got = placed(await onAccount(buyer, tool.id, 20, { poNumber: "SHIP-1" }));
        await ship(got._id);
        const today = shopToday();
        const shipped: Order = await getOrder(env.app, buyer, got._id);
        expect(shipped).toMatchObject({
          status: "shipped",
          paid: false,
          shippedOn: today,
          dueOn: addCalendarDays(today, 15),
        });
        const mail = await lastMail(env.app, buyer.email.toLowerCase(), "order-shipped");
        expect(mail.text).toMatch(/PO number:\s*SHIP-1/i);
        expect(mail.text).toMatch(/Payment due:/i);
      });

      it("a shipped card order gets shipped_on and no due day", async () => {
        const someone = await signUp(env.app);
        const tool = await newTool();
        const got = await placeOrder(env.app, someone, tool.id, 20);
        // Paid by card the short way (a transaction id), as the shop's own tests of shipping do.
        await env.db
          .update(orders)
          .set({ status: "paid", transactionId: `pi_${got._id}` })
          .where(eq(orders.id, got._id));
        await ship(got._id);
        expect(await getOrder(env.app, someone, got._id)).toMatchObject({
          shippedOn: shopToday(),
          dueOn: null,
        });
      });

      it("an amount overdue by more than 15 days blocks orders on account; card orders still work", async () => {
        const { buyer } = await companyWithBuyer(env, shopAdmin, {
          paymentTermsDays: 15,
          creditLimit: 100_000,
        });
        const tool = await newTool();
        const first = placed(await onAccount(buyer, tool.id, 20));
        await ship(first._id);
        // The clock: the tests cannot wait weeks, so the shipped order's due day is moved back.
        const setDue = (days: number) =>
          env.db
            .update(orders)
            .set({ dueOn: addCalendarDays(shopToday(), -days) })
            .where(eq(orders.id, first._id));
        await setDue(15); // overdue by exactly 15 days: not more, still allowed
        placed(await onAccount(buyer, tool.id, 20));
        await setDue(16);
        const blocked = await onAccount(buyer, tool.id, 20);
        expect(blocked.statusCode, blocked.body).toBe(409);
        expect(blocked.json()).toEqual({ error: says.overdueBlocks });
        expect(placed(await order(buyer, tool.id, 20)).paymentMethod).toBe("card");
      });

      it("refuses a card payment of an on-account order (409) on start-payment and on PATCH /api/order/{id}", async () => {
        const { buyer } = await companyWithBuyer(env, shopAdmin, { paymentTermsDays: 30, creditLimit: 5000 });
        const tool = await newTool();
        const got = placed(await onAccount(buyer, tool.id, 20));
        const start = await call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId: got._id });
        expect(start.statusCode, start.body).toBe(409);
        expect(start.json()).toEqual({ error: accountOrderNotPaidByCard });
        const mark = await call(env.app, "PATCH", `/api/order/${got._id}`, buyer, {
          orderId: got._id,
          transactionId: "pi_simulated_made_up",
        });
        expect(mark.statusCode, mark.body).toBe(409);
        expect(mark.json()).toEqual({ error: accountOrderNotPaidByCard });
        expect((await getOrder(env.app, buyer, got._id)).status).toBe("pending");
      });

      it("the unpaid-order expiry and the pay reminders leave on-account orders alone", async () => {
        const { buyer } = await companyWithBuyer(env, shopAdmin, { paymentTermsDays: 30, creditLimit: 5000 });
        const tool = await newTool();
        const old = placed(await onAccount(buyer, tool.id, 20));
        const recent = placed(await onAccount(buyer, tool.id, 20));
        await backdateOrder(env.db, old._id, 100);
        await backdateOrder(env.db, recent._id, 30);
        const card = placed(await order(buyer, tool.id, 20));
        await backdateOrder(env.db, card._id, 100);
        await env.app.expireUnpaidOrders(new Date());
        await env.app.remindUnpaidOrders(new Date());
        expect((await getOrder(env.app, buyer, old._id)).status).toBe("pending");
        expect((await getOrder(env.app, buyer, recent._id)).status).toBe("pending");
        // The card order of the same buyer is released, as before.
        expect((await getOrder(env.app, buyer, card._id)).status).toBe("cancelled");
        expect(await stockOf(tool.id)).toBe(100_000 - 40);
        const reminders = await env.db.execute(
          sql`select count(*)::int as n from outbox where kind = 'pay-reminder' and recipient = ${buyer.email.toLowerCase()}`,
        );
        expect((reminders as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      });
    });
  },
  { ADMIN_EMAILS: adminEmail, UNPAID_ORDER_HOURS: "48" },
);
