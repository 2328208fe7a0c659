import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { companyBalanceAnswer, statementAnswer } from "../../contract/answers";
import { type CompanyBalance, companyMessages, type StatementLine } from "../../contract/companies";
import { addCalendarDays, shopToday } from "../../contract/delivery-dates";
import { dollarsToCents } from "../../contract/money";
import type { PlaceOrderResponse } from "../../contract/orders";
import { discountedCents } from "../../contract/price-breaks";
import { tools as toolsTable } from "../catalog/tables";
import { daysFromNow, orderBody } from "../orders/order-test-helpers";
import { expectAnswer } from "../test/answers";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { companyWithBuyer, memberOf } from "./company-test-helpers";

// The balance as a property (issue 27): after 1,000 random operations through the API (on-account
// orders placed, by POST /api/order or a checkout of the cart, shipped or cancelled; payments
// recorded), the company's balance is exactly what was shipped on account minus what was paid, what
// the credit limit holds is every order not cancelled minus the payments, an order was accepted
// exactly when it fitted the limit, and the payments sit on the oldest amounts first. The operations
// come from a seeded generator (BALANCE_SEED overrides it): the test's title names its seed.

/** A small seeded generator (mulberry32): the same seed, the same operations. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T | undefined => items[int(0, items.length - 1)];
  return { next, int, pick };
}

const seed = Number(process.env.BALANCE_SEED ?? 270_027);
const operations = 1000;
const checkEvery = 100;
const limitCents = 5000_00;
const discountPercent = 15;
const stock = 10_000_000;
const cents = (dollars: number) => dollarsToCents(dollars) ?? Number.NaN;
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const numberOf = (orderNumber: string) => Number(orderNumber.replace(/\D/g, ""));

type Priced = { id: string; priceCents: number; priceBreaks: { minQuantity: number; priceCents: number }[] };

/** The model's own price of a line: the break at or below the quantity, then the company's discount. */
function lineCents(tool: Priced, quantity: number) {
  let unit = tool.priceCents;
  for (const b of tool.priceBreaks) if (quantity >= b.minQuantity) unit = b.priceCents;
  return discountedCents(unit, discountPercent) * quantity;
}

type Line = [toolId: string, quantity: number];
/** An order as the model keeps it: the API's id, number and total, its lines, where it stands. */
type ModelOrder = {
  id: string;
  number: number;
  totalCents: number;
  status: "pending" | "shipped" | "cancelled";
  lines: Line[];
};

describeEachDatabase(
  "company balance as a property",
  (env) => {
    let shopAdmin: TestUser;
    beforeAll(async () => {
      shopAdmin = await signUp(env.app, { email: adminEmail });
    });

    it(`the balance equals shipped-on-account minus payments after ${operations} random orders, cancels and payments (a property test, seed ${seed})`, async () => {
      const random = generator(seed);
      const today = shopToday();
      const { company, buyer } = await companyWithBuyer(env, shopAdmin, {
        paymentTermsDays: 30,
        creditLimit: limitCents / 100,
        discountPercent,
      });
      const buyers = [buyer, await memberOf(env, buyer, company._id, "buyer")];
      // $12.34 a piece, $11.50 from 100 on; $7.99 a piece: 15% off each, rounded half-up to the cent.
      const tools: Priced[] = [
        await insertTool(env.db, {
          priceCents: 1234,
          minimum: 10,
          available: stock,
          priceBreaks: [{ minQuantity: 100, priceCents: 1150 }],
        }),
        await insertTool(env.db, { priceCents: 799, minimum: 10, available: stock, priceBreaks: [] }),
      ];

      const orders: ModelOrder[] = [];
      const payments: number[] = [];
      const tally = {
        toTheLimit: 0,
        placed: 0,
        refused: 0,
        checkouts: 0,
        shipped: 0,
        cancelled: 0,
        payments: 0,
      };
      const withStatus = (status: ModelOrder["status"]) => orders.filter((o) => o.status === status);
      const paidCents = () => sum(payments);
      const committedCents = () =>
        sum(orders.filter((o) => o.status !== "cancelled").map((o) => o.totalCents)) - paidCents();
      const shippedCents = () => sum(withStatus("shipped").map((o) => o.totalCents));

      /** The API's answer to an order of `expectedCents`: accepted iff it fits the limit, then modelled. */
      function answered(
        step: string,
        res: { statusCode: number; body: string; json: <T>() => T },
        expectedCents: number,
        lines: Line[],
      ) {
        const fits = committedCents() + expectedCents <= limitCents;
        if (!fits) {
          expect(res.statusCode, `${step}: ${res.body}`).toBe(409);
          expect(res.json(), step).toEqual({ error: companyMessages.overCreditLimit });
          tally.refused++;
          return;
        }
        expect(res.statusCode, `${step}: ${res.body}`).toBe(201);
        const order = res.json<PlaceOrderResponse>().order;
        expect(order, step).toMatchObject({
          paymentMethod: "account",
          companyId: company._id,
          status: "pending",
        });
        expect(cents(order.total), step).toBe(expectedCents);
        orders.push({
          id: order._id,
          number: numberOf(order.orderNumber),
          totalCents: cents(order.total),
          status: "pending",
          lines,
        });
        tally.placed++;
      }

      async function placeOrder(
        step: string,
        tool = random.pick(tools) as Priced,
        quantity = random.int(1, 20) * 10,
      ) {
        const po = random.next() < 0.3 ? { poNumber: `PO-${random.int(1, 99_999)}` } : {};
        const who = random.pick(buyers) as TestUser;
        const res = await call(
          env.app,
          "POST",
          "/api/order",
          who,
          orderBody(tool.id, quantity, { paymentMethod: "account", ...po }),
        );
        answered(step, res, lineCents(tool, quantity), [[tool.id, quantity]]);
      }

      async function checkout(step: string) {
        const who = random.pick(buyers) as TestUser;
        let expectedCents = 0;
        const lines: Line[] = [];
        for (const tool of tools) {
          const quantity = random.int(1, 12) * 10;
          lines.push([tool.id, quantity]);
          const put = await call(env.app, "PUT", `/api/cart/lines/${tool.id}`, who, { quantity });
          expect(put.statusCode, `${step}: ${put.body}`).toBe(200);
          expectedCents += lineCents(tool, quantity);
        }
        const res = await call(env.app, "POST", "/api/checkout", who, {
          orderPhone: "+1 (555) 010-0100",
          orderAddress: "12 Garage Lane, Springfield",
          orderDate: daysFromNow(10),
          confirmedTotal: expectedCents / 100,
          paymentMethod: "account",
          poNumber: `CART-${random.int(1, 999)}`,
        });
        answered(step, res, expectedCents, lines);
        tally.checkouts++;
      }

      /** A shop admin ships (PUT) or cancels (DELETE /api/allOrder/{id}) a random pending order. */
      async function settle(step: string, to: "shipped" | "cancelled") {
        const order = random.pick(withStatus("pending"));
        if (!order) return;
        const method = to === "shipped" ? "PUT" : "DELETE";
        const res = await call(env.app, method, `/api/allOrder/${order.id}`, shopAdmin);
        expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
        order.status = to;
        tally[to]++;
      }

      /** Mostly part of what is owed, now and then more than everything committed (a credit). */
      const someAmount = () => {
        const owed = Math.max(0, committedCents());
        return random.next() < 0.1
          ? owed + random.int(1, 50_000)
          : random.int(1, Math.max(1, Math.floor(owed / 2)));
      };

      async function pay(step: string, amountCents = someAmount()) {
        const res = await call(env.app, "POST", `/api/companies/${company._id}/payments`, shopAdmin, {
          amount: amountCents / 100,
          reference: `TRF ${step}`,
          receivedOn: addCalendarDays(today, -random.int(0, 20)),
        });
        expect(res.statusCode, `${step}: ${res.body}`).toBe(201);
        expect(cents(res.json<{ amount: number }>().amount), step).toBe(amountCents);
        payments.push(amountCents);
        tally.payments++;
      }

      /**
       * The edge of the limit: a payment that leaves exactly room for the next order, then that order
       * (accepted: it takes the company to its limit, not past it).
       */
      async function toTheLimit(step: string) {
        const tool = random.pick(tools) as Priced;
        const quantity = random.int(1, 20) * 10;
        const over = committedCents() + lineCents(tool, quantity) - limitCents;
        if (over <= 0) return;
        await pay(step, over);
        await placeOrder(step, tool, quantity);
        expect(committedCents(), step).toBe(limitCents);
        tally.toTheLimit++;
      }

      /** The balance and the statement against the model. */
      async function check(step: string) {
        const res = await call(env.app, "GET", `/api/companies/${company._id}/balance`, shopAdmin);
        expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
        expectAnswer(companyBalanceAnswer, res.json());
        const balance = res.json<CompanyBalance>();
        const balanceCents = shippedCents() - paidCents();
        expect(cents(balance.balance), step).toBe(balanceCents);
        expect(cents(balance.committed), step).toBe(committedCents());
        expect(cents(balance.creditLimit), step).toBe(limitCents);
        expect(cents(balance.available), step).toBe(limitCents - committedCents());
        expect(balance.overdue, step).toBe(0);
        expect(sum(balance.due.map((d) => cents(d.open))), step).toBe(Math.max(0, balanceCents));
        expect(balance.payments, step).toHaveLength(payments.length);
        // Oldest due first (one ship day here: then the order placed first), payments on the oldest:
        // every amount but the first is still wholly open, and the open ones are the newest shipped.
        const due = balance.due.map((d) => ({
          number: numberOf(d.orderNumber),
          dueOn: d.dueOn,
          total: cents(d.total),
          open: cents(d.open),
        }));
        expect(due, step).toEqual(
          [...due].sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.number - b.number),
        );
        for (const [i, d] of due.entries()) {
          expect(d.dueOn, step).toBe(addCalendarDays(today, 30));
          expect(d.open, step).toBeGreaterThan(0);
          if (i > 0) expect(d.open, step).toBe(d.total);
        }
        const shipped = withStatus("shipped").sort((a, b) => a.number - b.number);
        expect(
          due.map((d) => d.number),
          step,
        ).toEqual(shipped.slice(shipped.length - due.length).map((o) => o.number));

        const statementRes = await call(env.app, "GET", `/api/companies/${company._id}/statement`, shopAdmin);
        expect(statementRes.statusCode, `${step}: ${statementRes.body}`).toBe(200);
        expectAnswer(statementAnswer, statementRes.json());
        const lines = statementRes.json<StatementLine[]>();
        const charges = lines.filter((l) => l.kind === "order");
        const credits = lines.filter((l) => l.kind === "payment");
        expect(
          charges.map((l) => cents(l.charge)).sort((a, b) => a - b),
          step,
        ).toEqual(shipped.map((o) => o.totalCents).sort((a, b) => a - b));
        expect(
          credits.map((l) => cents(l.credit)).sort((a, b) => a - b),
          step,
        ).toEqual([...payments].sort((a, b) => a - b));
        expect(cents(lines.at(-1)?.runningBalance ?? 0), step).toBe(balanceCents);
      }

      const started = Date.now();
      for (let i = 1; i <= operations; i++) {
        const step = `seed ${seed}, operation ${i}`;
        const roll = random.next();
        if (roll < 0.4) await placeOrder(step);
        else if (roll < 0.45) await checkout(step);
        else if (roll < 0.7) await settle(step, "shipped");
        else if (roll < 0.8) await settle(step, "cancelled");
        else if (roll < 0.83) await toTheLimit(step);
        else await pay(step);
        if (i % checkEvery === 0) await check(step);
      }
      await check(`seed ${seed}, at the end`);
      // A refused order reserved nothing; a cancelled one gave its pieces back.
      for (const tool of tools) {
        const held = orders
          .filter((o) => o.status !== "cancelled")
          .flatMap((o) => o.lines.filter(([id]) => id === tool.id).map(([, quantity]) => quantity));
        const [row] = await env.db
          .select({ available: toolsTable.available })
          .from(toolsTable)
          .where(eq(toolsTable.id, tool.id));
        expect(row?.available, `stock of ${tool.id} (seed ${seed})`).toBe(stock - sum(held));
      }
      // The run took every path: orders accepted and refused, shipped, cancelled, checked out and paid.
      for (const [what, n] of Object.entries(tally)) expect(n, `${what} (seed ${seed})`).toBeGreaterThan(0);
      console.info(
        `balance property [${env.kind}] seed ${seed}: ${JSON.stringify(tally)} in ${Date.now() - started} ms`,
      );
    }, 180_000);
  },
  { ADMIN_EMAILS: adminEmail },
);
