import { and, count, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyBalanceAnswer, companyPaymentAnswer, statementAnswer } from "../../contract/answers";
import {
  type Company,
  type CompanyBalance,
  type CompanyPayment,
  companyMessages,
  paymentMessages,
  type StatementLine,
} from "../../contract/companies";
import { addCalendarDays, shopToday } from "../../contract/delivery-dates";
import { formatOrderNumber } from "../../contract/order-number";
import { outbox } from "../mail/tables";
import { companyAccountOrders } from "../orders/company-account";
import type { orders } from "../orders/tables";
import { expectAnswer } from "../test/answers";
import { insertOrder, insertTool } from "../test/factories";
import { call, type Method } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, type TestEnv } from "../test/test-env";
import { sendBalanceNotices } from "./balance-notices";
import {
  type CompanyCallers,
  companyCallerNames,
  companyOf,
  joinCompany as join,
  signUpCompanyCallers,
} from "./company-test-helpers";
import { companyNotices, companyPayments } from "./tables";

const today = shopToday();
const day = (offset: number) => addCalendarDays(today, offset);

/**
 * An on-account order of the company, written straight into orders and order_lines (this test may
 * write any table): placing and shipping account orders through the API is built separately, and
 * the balance only reads what those rows say. Shipped (with shippedOn and dueOn) unless `fields`
 * say otherwise; one line of one piece at `totalCents`.
 */
async function accountOrder(
  env: TestEnv,
  buyer: TestUser,
  companyId: string,
  totalCents: number,
  fields: Partial<typeof orders.$inferInsert> = {},
) {
  const tool = await insertTool(env.db, { priceCents: totalCents, minimum: 1 });
  return insertOrder(env.db, tool, buyer, {
    paymentMethod: "account",
    companyId,
    status: "shipped",
    unitPriceCents: totalCents,
    quantity: 1,
    totalCents,
    transactionId: null,
    ...fields,
  });
}

const setTerms = async (env: TestEnv, shopAdmin: TestUser, companyId: string, creditLimit: number) => {
  const res = await call(env.app, "PATCH", `/api/companies/${companyId}`, shopAdmin, {
    paymentTermsDays: 30,
    creditLimit,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const pay = (env: TestEnv, shopAdmin: TestUser, companyId: string, body: unknown) =>
  call(env.app, "POST", `/api/companies/${companyId}/payments`, shopAdmin, body);

async function balanceOf(env: TestEnv, who: TestUser, companyId: string): Promise<CompanyBalance> {
  const res = await call(env.app, "GET", `/api/companies/${companyId}/balance`, who);
  expect(res.statusCode, res.body).toBe(200);
  expectAnswer(companyBalanceAnswer, res.json());
  return res.json<CompanyBalance>();
}

const paymentsOf = async (env: TestEnv, companyId: string) =>
  (
    await env.db.select({ n: count() }).from(companyPayments).where(eq(companyPayments.companyId, companyId))
  )[0]?.n;

/** The outbox's messages of `kind` as [recipient, subject], sorted. */
async function mailsOf(env: TestEnv, kind: string, subjectContains = "") {
  const rows = await env.db
    .select({ to: outbox.recipient, subject: outbox.subject })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), like(outbox.subject, `%${subjectContains}%`)));
  return rows.map((r) => [r.to, r.subject]).sort();
}

const noticeDeps = { accountOrdersOf: companyAccountOrders, publicUrl: "http://localhost:3000" };

describeEachDatabase(
  "company balance: payments, balance, statement and its messages",
  (env) => {
    const who = {} as CompanyCallers;
    let a: Company;
    beforeAll(async () => {
      ({ a } = await signUpCompanyCallers(env, who));
    });

    describe("who may call each route", () => {
      const callers = companyCallerNames;
      const rows: { method: Method; route: string; body?: () => unknown; expected: number[] }[] = [
        { method: "GET", route: "balance", expected: [401, 404, 403, 200, 404, 200] },
        { method: "GET", route: "statement", expected: [401, 404, 403, 200, 404, 200] },
        { method: "GET", route: "statement?format=csv", expected: [401, 404, 403, 200, 404, 200] },
        {
          method: "POST",
          route: "payments",
          body: () => ({ amount: 1, reference: "Matrix", receivedOn: today }),
          expected: [401, 403, 403, 403, 403, 201],
        },
      ];
      for (const row of rows) {
        it(`${row.method} /api/companies/:id/${row.route}`, async () => {
          const got: number[] = [];
          for (const caller of [undefined, ...callers]) {
            const url = `/api/companies/${a._id}/${row.route}`;
            const res = await call(env.app, row.method, url, caller && who[caller], row.body?.());
            got.push(res.statusCode);
            if (res.statusCode >= 400) expect(res.json(), `${caller}: ${res.body}`).toHaveProperty("error");
          }
          expect(got).toEqual(row.expected);
        });
      }

      it("answers 404 for a company that does not exist, to the shop admin too", async () => {
        const none = "00000000-0000-4000-8000-000000000000";
        for (const [method, route, body] of [
          ["GET", "balance", undefined],
          ["GET", "statement", undefined],
          ["POST", "payments", { amount: 1, reference: "X", receivedOn: today }],
        ] as const) {
          const res = await call(env.app, method, `/api/companies/${none}/${route}`, who.shopAdmin, body);
          expect(res.statusCode, res.body).toBe(404);
          expect(res.json()).toEqual({ error: companyMessages.noCompany });
        }
      });
    });

    describe("recording a payment", () => {
      it("answers the payment in dollars, stored in cents", async () => {
        const res = await pay(env, who.shopAdmin, a._id, {
          amount: 1234.56,
          reference: " TRF 0042 ",
          receivedOn: day(-2),
        });
        expect(res.statusCode, res.body).toBe(201);
        expectAnswer(companyPaymentAnswer, res.json());
        expect(res.json()).toMatchObject({ amount: 1234.56, reference: "TRF 0042", receivedOn: day(-2) });
        const [row] = await env.db
          .select()
          .from(companyPayments)
          .where(eq(companyPayments.id, res.json<CompanyPayment>()._id));
        expect(row?.amountCents).toBe(1_234_56);
      });

      it("refuses a bad body with the contract's message and writes nothing", async () => {
        const before = await paymentsOf(env, a._id);
        const good = { amount: 10, reference: "TRF", receivedOn: today };
        for (const [body, error] of [
          [{ ...good, amount: undefined }, "Enter the amount received in dollars"],
          [{ ...good, amount: "10" }, "Enter the amount received in dollars"],
          [{ ...good, amount: 0 }, "The amount must be more than $0.00"],
          [{ ...good, amount: -5 }, "The amount must be more than $0.00"],
          [{ ...good, amount: 10.001 }, "Use at most two decimals for the amount"],
          [{ ...good, amount: 10_000_001 }, "The amount must be at most $10,000,000.00"],
          [{ ...good, reference: "  " }, "Reference is Required"],
          [{ ...good, reference: "x".repeat(101) }, "Use at most 100 characters"],
          [{ ...good, receivedOn: undefined }, "Enter the day the payment was received"],
          [{ ...good, receivedOn: "27/11/2026" }, "Enter the date as YYYY-MM-DD"],
          [{ ...good, receivedOn: "2026-02-30" }, "That date does not exist"],
          [{ ...good, receivedOn: day(1) }, paymentMessages.receivedInFuture],
        ] as const) {
          const res = await pay(env, who.shopAdmin, a._id, body);
          expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
          expect(res.json()).toEqual({ error });
        }
        expect(await paymentsOf(env, a._id)).toBe(before);
      });
    });

    describe("balance and statement figures", () => {
      let c: Company;
      let owner: TestUser;
      let first: number;
      let second: number;
      beforeAll(async () => {
        owner = await signUp(env.app);
        c = await companyOf(env, owner, who.shopAdmin, "Figures & Sons");
        await setTerms(env, who.shopAdmin, c._id, 1000);
        // Shipped 40 days ago, due 10 days ago; shipped 20 days ago, due in 10 days.
        first = (
          await accountOrder(env, owner, c._id, 300_00, {
            shippedOn: day(-40),
            dueOn: day(-10),
            poNumber: "ABC-123",
          })
        ).number;
        second = (await accountOrder(env, owner, c._id, 250_50, { shippedOn: day(-20), dueOn: day(10) }))
          .number;
        // Not shipped yet: holds credit, owes nothing yet. Cancelled and card orders count nowhere.
        await accountOrder(env, owner, c._id, 120_00, { status: "pending" });
        await accountOrder(env, owner, c._id, 500_00, { status: "cancelled" });
        await accountOrder(env, owner, c._id, 77_00, { paymentMethod: "card", transactionId: "pi_card" });
      });

      it("owes what shipped on account, with the oldest amount overdue", async () => {
        const balance = await balanceOf(env, owner, c._id);
        expect(balance).toEqual({
          balance: 550.5,
          committed: 670.5,
          creditLimit: 1000,
          available: 329.5,
          overdue: 300,
          due: [
            expect.objectContaining({
              orderNumber: formatOrderNumber(first),
              poNumber: "ABC-123",
              total: 300,
              open: 300,
              shippedOn: day(-40),
              dueOn: day(-10),
              daysOverdue: 10,
            }),
            expect.objectContaining({ orderNumber: formatOrderNumber(second), open: 250.5, daysOverdue: 0 }),
          ],
          payments: [],
        });
      });

      it("applies a partial payment to the oldest amount due first", async () => {
        expect(
          (await pay(env, who.shopAdmin, c._id, { amount: 100, reference: "TRF-1", receivedOn: day(-5) }))
            .statusCode,
        ).toBe(201);
        const balance = await balanceOf(env, who.shopAdmin, c._id);
        expect(balance).toMatchObject({ balance: 450.5, committed: 570.5, available: 429.5, overdue: 200 });
        expect(balance.due.map((d) => [d.orderNumber, d.total, d.open, d.daysOverdue])).toEqual([
          [formatOrderNumber(first), 300, 200, 10],
          [formatOrderNumber(second), 250.5, 250.5, 0],
        ]);
      });

      it("clears the overdue amount, then keeps an overpayment as a credit", async () => {
        expect(
          (await pay(env, who.shopAdmin, c._id, { amount: 400, reference: "TRF-2", receivedOn: today }))
            .statusCode,
        ).toBe(201);
        let balance = await balanceOf(env, owner, c._id);
        expect(balance).toMatchObject({ balance: 50.5, committed: 170.5, available: 829.5, overdue: 0 });
        expect(balance.due.map((d) => [d.orderNumber, d.open])).toEqual([[formatOrderNumber(second), 50.5]]);

        expect(
          (await pay(env, who.shopAdmin, c._id, { amount: 100.01, reference: "TRF-3", receivedOn: today }))
            .statusCode,
        ).toBe(201);
        balance = await balanceOf(env, owner, c._id);
        expect(balance).toMatchObject({
          balance: -49.51,
          committed: 70.49,
          available: 929.51,
          overdue: 0,
          due: [],
        });
        // Newest first.
        expect(balance.payments.map((p) => [p.reference, p.amount, p.receivedOn])).toEqual([
          ["TRF-3", 100.01, today],
          ["TRF-2", 400, today],
          ["TRF-1", 100, day(-5)],
        ]);
      });

      it("lists orders shipped and payments oldest first with a running balance", async () => {
        const res = await call(env.app, "GET", `/api/companies/${c._id}/statement`, owner);
        expect(res.statusCode, res.body).toBe(200);
        expectAnswer(statementAnswer, res.json());
        expect(res.json<StatementLine[]>()).toEqual([
          {
            date: day(-40),
            kind: "order",
            reference: `${formatOrderNumber(first)} · PO ABC-123`,
            charge: 300,
            credit: 0,
            runningBalance: 300,
          },
          {
            date: day(-20),
            kind: "order",
            reference: formatOrderNumber(second),
            charge: 250.5,
            credit: 0,
            runningBalance: 550.5,
          },
          {
            date: day(-5),
            kind: "payment",
            reference: "TRF-1",
            charge: 0,
            credit: 100,
            runningBalance: 450.5,
          },
          { date: today, kind: "payment", reference: "TRF-2", charge: 0, credit: 400, runningBalance: 50.5 },
          {
            date: today,
            kind: "payment",
            reference: "TRF-3",
            charge: 0,
            credit: 100.01,
            runningBalance: -49.51,
          },
        ]);
      });

      it("downloads the statement as CSV, by query or by Accept header", async () => {
        const expected = [
          "date,kind,reference,charge,credit,balance",
          `${day(-40)},order,${formatOrderNumber(first)} · PO ABC-123,300.00,0.00,300.00`,
          `${day(-20)},order,${formatOrderNumber(second)},250.50,0.00,550.50`,
          `${day(-5)},payment,TRF-1,0.00,100.00,450.50`,
          `${today},payment,TRF-2,0.00,400.00,50.50`,
          `${today},payment,TRF-3,0.00,100.01,-49.51`,
          "",
        ].join("\n");
        const byQuery = await call(env.app, "GET", `/api/companies/${c._id}/statement?format=csv`, owner);
        const byAccept = await call(
          env.app,
          "GET",
          `/api/companies/${c._id}/statement`,
          who.shopAdmin,
          undefined,
          {
            headers: { accept: "text/csv" },
          },
        );
        for (const res of [byQuery, byAccept]) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers["content-type"]).toContain("text/csv");
          expect(res.headers["content-disposition"]).toBe(
            `attachment; filename="statement-figures-sons-${new Date().toISOString().slice(0, 10)}.csv"`,
          );
          expect(res.body).toBe(expected);
        }
        const bad = await call(env.app, "GET", `/api/companies/${c._id}/statement?format=pdf`, owner);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ error: 'format must be "json" or "csv"' });
      });
    });

    describe("messages", () => {
      let d: Company;
      let owner: TestUser;
      let bookkeeper: TestUser;
      let mechanic: TestUser;
      let dueSoon: number;
      let overdue: number;
      beforeAll(async () => {
        owner = await signUp(env.app);
        bookkeeper = await signUp(env.app);
        mechanic = await signUp(env.app);
        d = await companyOf(env, owner, who.shopAdmin, "Notice Motors");
        await join(env, owner, d._id, bookkeeper, "admin");
        await join(env, owner, d._id, mechanic, "buyer");
        await setTerms(env, who.shopAdmin, d._id, 1000);
        dueSoon = (
          await accountOrder(env, mechanic, d._id, 200_00, {
            shippedOn: day(-27),
            dueOn: day(3),
            poNumber: "PO-7",
          })
        ).number;
        overdue = (await accountOrder(env, mechanic, d._id, 150_00, { shippedOn: day(-31), dueOn: day(-1) }))
          .number;
        // Due in 10 days, and one overdue but paid (by the payment below): no message for either.
        await accountOrder(env, mechanic, d._id, 100_00, { shippedOn: day(-20), dueOn: day(10) });
        await accountOrder(env, mechanic, d._id, 50_00, { shippedOn: day(-40), dueOn: day(-10) });
        expect(
          (await pay(env, who.shopAdmin, d._id, { amount: 50, reference: "Old", receivedOn: day(-9) }))
            .statusCode,
        ).toBe(201);
        // Committed: 500.00 shipped + 350.00 not shipped − 50.00 paid = 800.00 of 1,000.00: not near yet.
        await accountOrder(env, mechanic, d._id, 350_00, { status: "pending" });
      });

      const admins = () => [owner.email, bookkeeper.email].sort();

      it("tells the company's admins, once, of an amount due in 3 days and of one overdue", async () => {
        // Two servers sweeping at the same moment, then the next sweep: one message each.
        await Promise.all([
          sendBalanceNotices(env.db, noticeDeps, today),
          sendBalanceNotices(env.db, noticeDeps, today),
        ]);
        await sendBalanceNotices(env.db, noticeDeps, today);
        const soon = await mailsOf(env, "company-due-soon", formatOrderNumber(dueSoon));
        expect(soon.map(([to]) => to)).toEqual(admins());
        expect(soon[0]?.[1]).toBe(
          `$200.00 for order ${formatOrderNumber(dueSoon)} · PO PO-7 is due on ${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day(3)}T00:00:00Z`))}`,
        );
        const late = await mailsOf(env, "company-overdue", formatOrderNumber(overdue));
        expect(late).toEqual(
          admins().map((to) => [to, `$150.00 for order ${formatOrderNumber(overdue)} is overdue`]),
        );
        // The buyer hears nothing, and nothing else of this company was due soon or overdue.
        const toMechanic = await env.db
          .select()
          .from(outbox)
          .where(inArray(outbox.kind, ["company-due-soon", "company-overdue"]));
        expect(toMechanic.filter((m) => m.recipient === mechanic.email)).toEqual([]);
        const notices = await env.db
          .select({ kind: companyNotices.kind })
          .from(companyNotices)
          .where(eq(companyNotices.companyId, d._id));
        expect(notices.map((n) => n.kind).sort()).toEqual(["due_soon", "overdue"]);
      });

      it("tells the shop's admins once when the company passes 90% of its limit, again only after it fell below", async () => {
        const nearLimit = () => mailsOf(env, "admin-company-near-limit", "Notice Motors");
        // 800.00 + 150.00 = 950.00 of 1,000.00.
        await accountOrder(env, mechanic, d._id, 150_00, { status: "pending" });
        await sendBalanceNotices(env.db, noticeDeps, today);
        await sendBalanceNotices(env.db, noticeDeps, today);
        expect(await nearLimit()).toEqual([[adminEmail, "Notice Motors has used 95% of its credit limit"]]);
        // Another order while above: no second message.
        await accountOrder(env, mechanic, d._id, 10_00, { status: "pending" });
        await sendBalanceNotices(env.db, noticeDeps, today);
        expect(await nearLimit()).toHaveLength(1);
        // A payment takes it to 860.00, below 90%; the next order passes it again: a second message.
        expect(
          (await pay(env, who.shopAdmin, d._id, { amount: 100, reference: "Part", receivedOn: today }))
            .statusCode,
        ).toBe(201);
        await sendBalanceNotices(env.db, noticeDeps, today);
        expect(await nearLimit()).toHaveLength(1);
        await accountOrder(env, mechanic, d._id, 60_00, { status: "pending" });
        await sendBalanceNotices(env.db, noticeDeps, today);
        await sendBalanceNotices(env.db, noticeDeps, today);
        expect(await nearLimit()).toEqual([
          [adminEmail, "Notice Motors has used 92% of its credit limit"],
          [adminEmail, "Notice Motors has used 95% of its credit limit"],
        ]);
        expect((await balanceOf(env, owner, d._id)).committed).toBe(920);
      });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
