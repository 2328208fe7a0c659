import { isUtf8 } from "node:buffer";
import { CsvError, parse } from "csv-parse/sync";
import { restoreFormula } from "#server/http/csv";

// Reading an uploaded CSV file into its rows: UTF-8 only (with or without a byte-order mark), any
// line ending, formulas our export neutralised restored. Rows are numbered as a spreadsheet shows
// them: the header is row 1, and a cell spanning several lines is still one row.

/** A row of the file under its header: its number and its cells. */
export type CsvRow = { row: number; cells: string[] };

export type CsvFile =
  | { ok: true; header: string[]; rows: CsvRow[] }
  | { ok: false; row: number; message: string };

export const notUtf8 =
  "This row is not UTF-8 text. Save the file as UTF-8 (in Excel: CSV UTF-8) and import it again";

type ParsedRecord = { record: string[]; raw: string };

/** Reads `bytes` as CSV; the first problem (not UTF-8, a broken quote) is named with its row. */
export function readCsvFile(bytes: Buffer): CsvFile {
  const decoded = bytes.toString("utf8");
  const bom = decoded.startsWith("\uFEFF") ? 1 : 0;
  const text = decoded.slice(bom);
  let records: ParsedRecord[];
  try {
    records = parse(text, {
      raw: true,
      relax_column_count: true,
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as unknown as ParsedRecord[];
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const row = (typeof err.records === "number" ? err.records : 0) + 1;
    if (!isUtf8(bytes)) return { ok: false, row, message: notUtf8 };
    return { ok: false, row, message: quoteProblem(err) };
  }
  if (!isUtf8(bytes)) {
    return { ok: false, row: rowAt(records, firstInvalidCharacter(bytes) - bom), message: notUtf8 };
  }
  const [header, ...rest] = records.map((r) => r.record.map(restoreFormula));
  return {
    ok: true,
    header: (header ?? []).map((column) => column.trim()),
    rows: rest.map((cells, index) => ({ row: index + 2, cells })),
  };
}

function quoteProblem(err: CsvError): string {
  switch (err.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return 'A quoted cell of this row is never closed: a " is missing';
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
      return 'A cell of this row has a " inside it: put the whole cell in quotes and double each " inside it';
    default:
      return `This row cannot be read as CSV (${err.message})`;
  }
}

/**
 * Where the first byte that is not UTF-8 lands in the decoded text (as a string index): decoding
 * replaces it with U+FFFD, so the text re-encoded differs from the file first there.
 */
function firstInvalidCharacter(bytes: Buffer): number {
  const again = Buffer.from(bytes.toString("utf8"));
  let at = 0;
  while (at < bytes.length && bytes[at] === again[at]) at++;
  return bytes.subarray(0, at).toString("utf8").length;
}

/** The row number of the record holding the character at `index` of the text. */
function rowAt(records: readonly ParsedRecord[], index: number): number {
  let end = 0;
  for (const [i, record] of records.entries()) {
    end += record.raw.length;
    if (index < end) return i + 1;
  }
  return Math.max(records.length, 1);
}
