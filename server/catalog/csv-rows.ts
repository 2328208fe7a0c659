import { toolIdParams } from "#contract/catalog";
import { controlCharacterMessage, hasControlCharacter } from "#server/http/json-body";
import type { CsvRow } from "./csv-file";

/** The catalog file's columns, in order; the names are the API's fields (`id` is the tool's). */
export const toolCsvHeader = [
  "id",
  "sku",
  "name",
  "description",
  "price",
  "available",
  "minimum",
  "maximum",
  "increment",
  "leadTimeDays",
  "lowStockAt",
  "img",
  "priceBreaks",
] as const;
export type ToolCsvColumn = (typeof toolCsvHeader)[number];

/** A row of the file that cannot be applied: its row number (the header is row 1) and why. */
export type RowProblem = { row: number; messages: string[] };

/** A row that may be applied: its cells by column (a column the file leaves out is undefined). */
export type ToolFileRow = {
  row: number;
  cells: Partial<Record<ToolCsvColumn, string>>;
  /** The tool it changes, when the file names it (our export does). */
  id: string | undefined;
  /** Its SKU as the row gives it, trimmed; how a row without an id finds its tool. */
  sku: string | undefined;
};

const toolId = toolIdParams.shape.id;

/**
 * The address of a photo of this shop as a browser copies it (`https://shop.example/uploads/….webp`)
 * is taken as its path, the form the photo fields hold; anything else is left to their rules.
 */
function ownPhotoPath(img: string, shopOrigins: readonly string[]): string {
  if (!/^https?:\/\//i.test(img.trim())) return img;
  try {
    const url = new URL(img.trim());
    return shopOrigins.includes(url.origin) && !url.search && !url.hash ? url.pathname : img;
  } catch {
    return img;
  }
}

/**
 * What can be said of the rows without the database: a row with more or fewer cells than the
 * header, a control character in a cell (refused as the JSON API refuses it), an id that is not a
 * tool's, and an id or a SKU given on two rows. `shopOrigins`: this shop's addresses, whose photo
 * addresses are taken as their paths.
 */
export function checkFileRows(
  header: readonly string[],
  rows: readonly CsvRow[],
  shopOrigins: readonly string[],
): { ok: true; rows: ToolFileRow[] } | { ok: false; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const checked: ToolFileRow[] = [];
  const rowOfId = new Map<string, number>();
  const rowOfSku = new Map<string, number>();
  for (const { row, cells } of rows) {
    const messages: string[] = [];
    if (cells.length !== header.length) {
      messages.push(`This row has ${cells.length} cells; the header line has ${header.length}`);
    }
    const byColumn: ToolFileRow["cells"] = {};
    for (const [i, column] of header.entries()) {
      const cell = cells[i] ?? "";
      if (hasControlCharacter(cell)) messages.push(controlCharacterMessage(column, cell));
      byColumn[column as ToolCsvColumn] = cell;
    }
    const id = byColumn.id?.trim() || undefined;
    const sku = byColumn.sku?.trim() || undefined;
    if (id !== undefined) {
      const parsed = toolId.safeParse(id);
      if (!parsed.success) messages.push(parsed.error.issues[0]?.message ?? "That is not a valid tool id");
      const first = rowOfId.get(id.toLowerCase());
      if (first !== undefined) messages.push(`The tool ${id} is also on row ${first}`);
      else rowOfId.set(id.toLowerCase(), row);
    }
    if (sku !== undefined) {
      const first = rowOfSku.get(sku.toLowerCase());
      if (first !== undefined) messages.push(`SKU ${sku} is also on row ${first}`);
      else rowOfSku.set(sku.toLowerCase(), row);
    }
    if (byColumn.img !== undefined) byColumn.img = ownPhotoPath(byColumn.img, shopOrigins);
    if (messages.length > 0) problems.push({ row, messages });
    else checked.push({ row, cells: byColumn, id: id?.toLowerCase(), sku });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows: checked };
}
