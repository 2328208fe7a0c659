// npm run bench:invoices — a benchmark, not a test (it prints, it asserts no time):
// 1. renders a 200-line invoice BENCH_RENDERS times (default 50) and prints p50/p95 (target: p95 ≤ 1 s);
// 2. issues 1,000 invoices at once on a scratch PostgreSQL database (a pool of 10, as the server's),
//    each in its own transaction through the shop's port (server/invoices/issue.ts), prints the
//    elapsed time and checks that the numbers are exactly 1 to 1,000.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openPostgres } from "../server/db/database";
import { createOrderInvoices } from "../server/invoices/issue";
import { renderInvoicePdf } from "../server/invoices/render-pdf";
import { sampleInvoice } from "../server/invoices/sample-documents";
import { lockOrder } from "../server/orders/change-status";
import { invoiceOrder } from "../server/orders/invoice-order";
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
    // The rows in SQL (benchmarks do not import another domain's tables): a buyer, a tool, 1,000 paid orders.
    await db.execute(
      sql`insert into "user" (id, name, email) values ('bench-user', 'Bench Workshop', 'bench@example.com')`,
    );
    const placed = await db.execute<{ id: string }>(sql`
      with tool as (
        insert into tools (name, img, description, price_cents, minimum, available, sku)
        values ('Bench wrench', '/images/tools/piston.svg', 'Bench', 1000, 1, 1000000, 'BW-1') returning id, name, sku
      ), placed as (
        insert into orders (tool_id, user_id, name, email, phone, address, needed_by, product_name,
          unit_price_cents, quantity, total_cents, status, transaction_id)
        select tool.id, 'bench-user', 'Bench Workshop', 'bench@example.com', '+1 555 010 0100', '12 Garage Lane',
          '2030-01-15', tool.name, 1000, 2, 2000, 'paid', 'pi_bench_' || g
        from tool, generate_series(1, ${issues}) g
        returning id, tool_id, product_name
      ), lines as (
        insert into order_lines (order_id, line_no, tool_id, sku, product_name, unit_price_cents, quantity)
        select placed.id, 1, placed.tool_id, 'BW-1', placed.product_name, 1000, 2 from placed
      )
      select id from placed`);
    // openPostgres: node-postgres's result.
    const { rows } = placed as unknown as { rows: { id: string }[] };
    const port = createOrderInvoices(() => "2026-06-01");
    const start = performance.now();
    const issued = await Promise.all(
      rows.map(({ id }) =>
        // As a card payment does: the order locked, its invoice issued and its number kept on it.
        db.transaction(async (tx) => (await invoiceOrder(tx, port, await lockOrder(tx, id))).invoice),
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
