import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";
import { neutraliseFormula } from "#contract/csv-cells";

// The formula guard lives in contract/ (the browser writes a CSV too); the server's files use it from here.
export { neutraliseFormula, restoreFormula } from "#contract/csv-cells";

// CSV files the admins download and upload (orders export, catalog export and import).

/** A negative amount ("-49.51"): a number to a spreadsheet, never a formula, so it is written as it is. */
const negativeNumber = /^-\d+(\.\d+)?$/;

/** A text cell as written: guarded against formulas (csv-cells.ts), negative numbers left as numbers. */
const textCell = (value: string) => (negativeNumber.test(value) ? value : neutraliseFormula(value));

/** "orders-2026-11-23.csv": today's date (UTC) in a download's name. */
export function datedFilename(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Streams `rows` to the client as a CSV download under a header line: each row is written as it
 * comes, so a large export never sits whole in memory. A failure midway cuts the download short.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
): FastifyReply {
  const csv = stringify({
    header: true,
    columns: [...header],
    cast: {
      string: textCell,
      date: (date) => date.toISOString(),
      boolean: (value) => String(value),
    },
  });
  pipeline(Readable.from(rows), csv, (err) => {
    if (err) reply.log.error({ err, url: reply.request.url }, "CSV export failed midway");
  });
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(csv);
}
