// Helpers for the invoices' tests (not a test file itself).
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The PDF's text as pdftotext lays it out, and its number of pages (pdfinfo). */
export async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "invoice-"));
  try {
    const file = path.join(dir, "doc.pdf");
    await fs.writeFile(file, bytes);
    const { stdout: text } = await run("pdftotext", ["-layout", file, "-"]);
    const { stdout: info } = await run("pdfinfo", [file]);
    return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Text with each run of spaces made one (pdftotext -layout pads columns). */
export const squeeze = (s: string) => s.replace(/[ \t]+/g, " ");
