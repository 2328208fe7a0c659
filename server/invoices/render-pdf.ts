import PDFDocument from "pdfkit";
import { formatCents } from "#contract/money";
import { formatRate } from "#contract/tax";
import type { InvoiceDocument } from "./document";

// The PDF of an invoice or credit note, from its stored document alone (document.ts). The same
// document always gives the same bytes: the dates in the file's info are the issue day (pdfkit derives
// the trailer's ID from the info), the fonts are PDF's standard ones (nothing embedded, no subset
// names drawn at random), and nothing else reads the clock.

const page = { size: "LETTER" as const, margin: 50 };
const pageWidth = 612;
const pageHeight = 792;
const left = page.margin;
const right = pageWidth - page.margin;
const width = right - left;
/** The lowest a table row or a totals line may reach; the page number sits below. */
const bottom = pageHeight - page.margin - 20;

const regular = "Helvetica";
const bold = "Helvetica-Bold";

type Column = { title: string; width: number; align: "left" | "right"; cell: (l: Line) => string };
type Line = InvoiceDocument["lines"][number];

const columns: Column[] = [
  { title: "SKU", width: 72, align: "left", cell: (l) => l.sku ?? "" },
  { title: "Description", width: 146, align: "left", cell: (l) => l.name },
  { title: "Qty", width: 40, align: "right", cell: (l) => l.quantity.toLocaleString("en-US") },
  { title: "Unit price", width: 64, align: "right", cell: (l) => formatCents(l.unitPriceCents) },
  { title: "Tax rate", width: 48, align: "right", cell: (l) => formatRate(l.rateMilli) },
  { title: "Net", width: 74, align: "right", cell: (l) => formatCents(l.netCents) },
  { title: "Tax", width: 68, align: "right", cell: (l) => formatCents(l.taxCents) },
];
const cellPadding = 4;
const tableFontSize = 8.5;

const longDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** "November 27, 2026" from "2026-11-27". */
export function formatDay(iso: string): string {
  const at = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(at) ? iso : longDay.format(at);
}

/** The document's title: "Invoice INV-2026-000001", "Credit note CN-2026-000001". */
export function documentTitle(document: InvoiceDocument): string {
  return `${document.kind === "invoice" ? "Invoice" : "Credit note"} ${document.number}`;
}

/** Renders the document to PDF bytes. */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const issued = new Date(`${document.issuedOn}T00:00:00Z`);
  const pdf = new PDFDocument({
    ...page,
    bufferPages: true,
    compress: true,
    info: {
      Title: documentTitle(document),
      Author: document.seller?.legalName ?? "Car Mechanic",
      Creator: "Car Mechanic",
      Producer: "Car Mechanic",
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  let y = drawHeading(pdf, document);
  y = drawLines(pdf, document, y);
  drawTotals(pdf, document, y);
  numberPages(pdf, document);
  pdf.end();
  return done;
}

function text(
  pdf: PDFKit.PDFDocument,
  value: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions,
) {
  pdf.text(value, x, y, { lineBreak: true, ...options });
}

/** A horizontal line from x to the right margin. */
function rule(pdf: PDFKit.PDFDocument, x: number, y: number, lineWidth: number, color: string) {
  pdf.moveTo(x, y).lineTo(right, y).lineWidth(lineWidth).strokeColor(color).stroke();
}

/** A labelled block of lines (seller, buyer) at x; answers where it ends. */
function block(pdf: PDFKit.PDFDocument, title: string, lines: string[], x: number, y: number, w: number) {
  pdf.font(bold).fontSize(9).fillColor("#555555");
  text(pdf, title.toUpperCase(), x, y, { width: w });
  let at = y + 14;
  pdf.font(regular).fontSize(10).fillColor("#000000");
  for (const line of lines.filter((l) => l.trim() !== "")) {
    text(pdf, line, x, at, { width: w });
    at += pdf.heightOfString(line, { width: w }) + 1;
  }
  return at;
}

function drawHeading(pdf: PDFKit.PDFDocument, d: InvoiceDocument): number {
  pdf.font(bold).fontSize(20).fillColor("#000000");
  text(pdf, documentTitle(d), left, page.margin, { width });
  let y = page.margin + 34;

  const half = (width - 20) / 2;
  const seller = d.seller
    ? [
        d.seller.legalName,
        d.seller.address,
        `Tax ID: ${d.seller.taxId}`,
        `Bank details for transfers: ${d.seller.bankDetails}`,
      ]
    : ["Car Mechanic"];
  const place = [d.buyer.region, d.buyer.country].filter((p) => p !== "").join(", ");
  const buyer = [
    d.buyer.company ?? "",
    d.buyer.name,
    d.buyer.address,
    place,
    d.buyer.taxId ? `Tax ID: ${d.buyer.taxId}` : "",
    d.buyer.email,
  ];
  const sellerEnd = block(pdf, "From", seller, left, y, half);
  const buyerEnd = block(pdf, "Bill to", buyer, left + half + 20, y, half);
  y = Math.max(sellerEnd, buyerEnd) + 14;

  const facts: [string, string][] = [
    ["Order number", d.order.number],
    ...(d.order.poNumber ? [["PO number", d.order.poNumber] as [string, string]] : []),
    ["Order date", formatDay(d.order.placedOn)],
    [d.kind === "invoice" ? "Invoice date" : "Credit note date", formatDay(d.issuedOn)],
  ];
  if (d.kind === "invoice" && d.order.paymentMethod === "account") {
    const days = d.order.paymentTermsDays;
    facts.push(["Terms", days === null ? "Payment on account" : `Payment due ${days} days after shipping`]);
    if (d.order.dueOn) facts.push(["Due date", formatDay(d.order.dueOn)]);
  } else if (d.kind === "invoice") {
    facts.push(["Payment", "Paid by card"]);
  }
  pdf.fontSize(10);
  for (const [label, value] of facts) {
    pdf.font(bold);
    text(pdf, label, left, y, { width: 110 });
    pdf.font(regular);
    text(pdf, value, left + 110, y, { width: width - 110 });
    y += pdf.heightOfString(value, { width: width - 110 }) + 3;
  }

  if (d.refersTo) {
    y += 8;
    pdf.font(bold);
    const about = `Credit note for invoice ${d.refersTo.number} of ${formatDay(d.refersTo.issuedOn)}`;
    text(pdf, about, left, y, { width });
    y += pdf.heightOfString(about, { width }) + 3;
    if (d.reason) {
      pdf.font(regular);
      const reason = `Reason: ${d.reason}`;
      text(pdf, reason, left, y, { width });
      y += pdf.heightOfString(reason, { width }) + 3;
    }
  }
  return y + 16;
}

function drawTableHeader(pdf: PDFKit.PDFDocument, y: number): number {
  pdf.font(bold).fontSize(tableFontSize).fillColor("#000000");
  let x = left;
  for (const c of columns) {
    text(pdf, c.title, x + cellPadding, y, { width: c.width - 2 * cellPadding, align: c.align });
    x += c.width;
  }
  const end = y + 13;
  rule(pdf, left, end, 0.8, "#000000");
  return end + 4;
}

/** One line of table text; a cell that fits it is not measured (measuring is most of the time spent). */
const singleLine = tableFontSize * 1.2;

function rowHeight(pdf: PDFKit.PDFDocument, line: Line): number {
  pdf.font(regular).fontSize(tableFontSize);
  let height = singleLine;
  for (const c of columns) {
    const value = c.cell(line);
    const room = c.width - 2 * cellPadding;
    if (pdf.widthOfString(value) > room)
      height = Math.max(height, pdf.heightOfString(value, { width: room }));
  }
  return height + 5;
}

function drawLines(pdf: PDFKit.PDFDocument, d: InvoiceDocument, start: number): number {
  let y = drawTableHeader(pdf, start);
  for (const line of d.lines) {
    const h = rowHeight(pdf, line);
    if (y + h > bottom) {
      pdf.addPage();
      pdf.font(regular).fontSize(9).fillColor("#555555");
      text(pdf, `${documentTitle(d)} (continued)`, left, page.margin, { width });
      y = drawTableHeader(pdf, page.margin + 18);
    }
    pdf.font(regular).fontSize(tableFontSize).fillColor("#000000");
    let x = left;
    for (const c of columns) {
      text(pdf, c.cell(line), x + cellPadding, y, { width: c.width - 2 * cellPadding, align: c.align });
      x += c.width;
    }
    y += h;
    rule(pdf, left, y - 2.5, 0.3, "#bbbbbb");
  }
  return y + 8;
}

function drawTotals(pdf: PDFKit.PDFDocument, d: InvoiceDocument, start: number): void {
  const rows: { label: string; value: string; strong?: boolean }[] = [];
  for (const r of d.totals.byRate) {
    rows.push({
      label: `${r.label} ${formatRate(r.rateMilli)} on ${formatCents(r.netCents)}`,
      value: formatCents(r.taxCents),
    });
  }
  rows.push({ label: "Subtotal", value: formatCents(d.totals.subtotalCents) });
  rows.push({ label: "Tax", value: formatCents(d.totals.taxCents) });
  rows.push({
    label: d.kind === "invoice" ? "Total" : "Total credited",
    value: formatCents(d.totals.totalCents),
    strong: true,
  });
  const note = d.taxExemptReason ? `Tax exempt: ${d.taxExemptReason} (0%)` : undefined;

  const labelWidth = 230;
  const valueWidth = 90;
  const x = right - labelWidth - valueWidth;
  pdf.fontSize(10);
  const needed = rows.length * 16 + (note ? 30 : 0) + 10;
  let y = start;
  if (y + needed > bottom) {
    pdf.addPage();
    y = page.margin;
  }
  for (const row of rows) {
    if (row.strong) {
      rule(pdf, x, y - 3, 0.8, "#000000");
    }
    pdf.font(row.strong ? bold : regular).fillColor("#000000");
    text(pdf, row.label, x, y, { width: labelWidth - 8, align: "right" });
    text(pdf, row.value, x + labelWidth, y, { width: valueWidth, align: "right" });
    y += 16;
  }
  if (note) {
    y += 8;
    pdf.font(regular).fontSize(10);
    text(pdf, note, left, y, { width });
  }
}

/** "Page 1 of 3" at the foot of every page (the pages are buffered until the end). */
function numberPages(pdf: PDFKit.PDFDocument, d: InvoiceDocument): void {
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // Writing in the bottom margin would start a new page: lift the margin for the footer.
    const margins = pdf.page.margins;
    pdf.page.margins = { ...margins, bottom: 0 };
    pdf.font(regular).fontSize(8).fillColor("#555555");
    text(pdf, `${d.number} · Page ${i + 1} of ${range.count}`, left, pageHeight - page.margin, {
      width,
      align: "center",
      lineBreak: false,
    });
    pdf.page.margins = margins;
  }
}
