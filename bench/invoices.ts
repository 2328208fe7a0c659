// npm run bench:invoices — a benchmark, not a test (it prints, it asserts no time):
// 1. renders a 200-line invoice BENCH_RENDERS times (default 50) and prints p50/p95 (target: p95 ≤ 1 s);
// 2. issues 1,000 invoices at once on a scratch PostgreSQL database (a pool of 10, as the server's),
//    each in its own transaction through the shop's port (server/invoices/issue.ts), prints the
//    elapsed time and checks that the numbers are exactly 1 to 1,000.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { asc, eq } from "drizzle-orm";
import { user } from "../server/accounts/tables";
import { tools } from "../server/catalog/tables";
import { openPostgres } from "../server/db/database";
import { createOrderInvoices } from "../server/invoices/issue";
import { renderInvoicePdf } from "../server/invoices/render-pdf";
import { sampleInvoice } from "../server/invoices/sample-documents";
import { orderLines, orders } from "../server/orders/tables";
import { percentile, scratchDatabase } from "./harness";

const renders = Number(process.env.BENCH_RENDERS ?? 50);
const issues = 1000;

async function benchRender(): Promise<void> {
  const document = sampleInvoice(200);
  await renderInvoicePdf(document); // warm-up
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < renders; i++) {
    const start = performance.now();
    size = (await renderInvoicePdf(document)).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `render a 200-line invoice ×${renders}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (target ≤ 1000 ms), ${(size / 1024).toFixed(0)} KiB`,
  );
}

async function benchIssue(): Promise<void> {
  const scratch = await scratchDatabase("bench_invoices");
  const database = await openPostgres(scratch.url, 10);
  try {
    const { db } = database;
    const userId = randomUUID();
    await db
      .insert(user)
      .values({ id: userId, name: "Bench Workshop", email: `bench.${userId}@example.com` });
    const [tool] = await db
      .insert(tools)
      .values({
        name: "Bench wrench",
        img: "/images/tools/piston.svg",
        description: "Bench",
        priceCents: 1000,
        minimum: 1,
        available: 1_000_000,
      })
      .returning();
    if (!tool) throw new Error("no tool");
    const rows = await db
      .insert(orders)
      .values(
        Array.from({ length: issues }, () => ({
          toolId: tool.id,
          userId,
          name: "Bench Workshop",
          email: "bench@example.com",
          phone: "+1 555 010 0100",
          address: "12 Garage Lane",
          neededBy: "2030-01-15",
          productName: tool.name,
          unitPriceCents: 1000,
          quantity: 2,
          totalCents: 2000,
          status: "paid" as const,
          transactionId: `pi_${randomUUID()}`,
        })),
      )
      .returning({ id: orders.id });
    await db.insert(orderLines).values(
      rows.map((r) => ({
        orderId: r.id,
        lineNo: 1,
        toolId: tool.id,
        sku: tool.sku,
        productName: tool.name,
        unitPriceCents: 1000,
        quantity: 2,
      })),
    );
    const port = createOrderInvoices(() => "2026-06-01");
    const start = performance.now();
    const issued = await Promise.all(
      rows.map(({ id }) =>
        db.transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
          if (!order) throw new Error("no order");
          const lines = await tx
            .select()
            .from(orderLines)
            .where(eq(orderLines.orderId, id))
            .orderBy(asc(orderLines.lineNo));
          return port.issueInvoice(tx, order, lines);
        }),
      ),
    );
    const elapsed = performance.now() - start;
    const sequences = issued.map((d) => Number(d.number.slice(-6))).sort((a, b) => a - b);
    const exact = sequences.every((s, i) => s === i + 1) && sequences.length === issues;
    console.log(
      `issue ${issues} invoices at once (PostgreSQL, pool 10): ${elapsed.toFixed(0)} ms, ${((issues / elapsed) * 1000).toFixed(0)}/s; numbers 1..${issues} exactly: ${exact ? "yes" : "NO"}`,
    );
    if (!exact) process.exitCode = 1;
  } finally {
    await database.close();
    await scratch.drop();
  }
}

await benchRender();
await benchIssue();
