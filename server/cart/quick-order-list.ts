import { maxCartLines } from "#contract/cart";

// Reading a quick-order list (pasted, or a CSV file's text): one `SKU quantity` a line, the two
// separated by a comma, tab, semicolon or spaces, as a spreadsheet or a supplier's list gives them.
// Nothing in a cell is ever evaluated: a formula stays text, and is refused as a SKU or quantity.

/** A line of the list with its number in what was sent (1-based, blank lines counted). */
export type ListLine = { line: number; sku: string; quantity: ListQuantity };

/** A line's quantity as a number (any number: the lot rules judge it), or why it is not one. */
export type ListQuantity = { ok: true; value: number } | { ok: false; value: number | null; error: string };

export type QuickOrderList = { ok: true; lines: ListLine[] } | { ok: false; error: string };

/** The longest SKU or cell a problem repeats back (a SKU is at most 64 characters). */
const maxEchoed = 100;

/** A cell a spreadsheet would take for a formula (OWASP's CSV injection list). */
export const looksLikeFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

export const formulaSku = "This looks like a spreadsheet formula, not a SKU: write the SKU as plain text";
const formulaQuantity = "This looks like a spreadsheet formula: write the quantity as a number of pieces";
const noQuantity = "Write the quantity after the SKU";
const notANumber = "Write the quantity as a whole number of pieces";
export const tooLarge = "That quantity is too large";

/** The list's lines: byte-order mark dropped, blank lines and a header row skipped. */
export function readQuickOrderList(text: string): QuickOrderList {
  const rows = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const lines: ListLine[] = [];
  let first = true;
  for (const [index, row] of rows.entries()) {
    const cells = cellsOf(row);
    const [sku, quantity] = cells;
    if (sku === undefined) continue;
    if (first && isHeader(sku, quantity)) {
      first = false;
      continue;
    }
    first = false;
    lines.push({ line: index + 1, sku: sku.slice(0, maxEchoed), quantity: quantityOf(quantity) });
  }
  if (lines.length === 0)
    return { ok: false, error: "The list is empty: write one SKU and its quantity a line" };
  if (lines.length > maxCartLines) {
    return {
      ok: false,
      error: `A list holds at most ${maxCartLines} lines; this one has ${lines.length.toLocaleString("en-US")}. Split it into smaller lists`,
    };
  }
  return { ok: true, lines };
}

/**
 * A row's cells: split at commas, semicolons or tabs when it has any (a cell may then hold spaces),
 * else at spaces; each trimmed, a quoted cell unquoted ("" is a quote), empty cells dropped.
 */
function cellsOf(row: string): string[] {
  const parts = /[,;\t]/.test(row) ? splitDelimited(row) : row.trim().split(/\s+/);
  return parts.map((cell) => cell.trim()).filter((cell) => cell !== "");
}

/** Splits at , ; and tabs outside double quotes, and unquotes the quoted cells. */
function splitDelimited(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (quoted) {
      if (c === '"' && row[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (c === "," || c === ";" || c === "\t") {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

const numberLike = /^[+-]?\d+(\.\d+)?$/;
/** 1,000 or 1 000 as a spreadsheet in the US or Europe writes a thousand (the list then uses ; or tabs). */
const grouped = /^\d{1,3}([, ]\d{3})+$/;

function isHeader(first: string, second: string | undefined): boolean {
  if (second !== undefined && (numberLike.test(second) || grouped.test(second))) return false;
  return (
    /^(sku|part|item|article|product|code|ref)/i.test(first) ||
    (second !== undefined && /^(qty|quantity|pieces|amount|count|units)/i.test(second))
  );
}

function quantityOf(cell: string | undefined): ListQuantity {
  if (cell === undefined) return { ok: false, value: null, error: noQuantity };
  const plain = grouped.test(cell) ? cell.replace(/[, ]/g, "") : cell;
  if (numberLike.test(plain)) {
    const value = Number(plain);
    if (Number.isInteger(value) && !Number.isSafeInteger(value))
      return { ok: false, value: null, error: tooLarge };
    return { ok: true, value };
  }
  if (looksLikeFormula(cell)) return { ok: false, value: null, error: formulaQuantity };
  return { ok: false, value: null, error: notANumber };
}
