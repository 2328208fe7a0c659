// Cells of the CSV files the shop writes and reads back (the admins' exports and imports, a quick
// order's problem lines downloaded in the browser).

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection"), or one that already starts
 * with quotes before such a character (so that its own leading quote survives the round trip).
 */
const formulaStart = /^'*[=+\-@\t\r]/;

/** Text that a spreadsheet would read as a formula gets a leading quote, so it stays text. */
export function neutraliseFormula(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** Undoes `neutraliseFormula` on a cell read back from one of our files. */
export function restoreFormula(value: string): string {
  return value.startsWith("'") && formulaStart.test(value.slice(1)) ? value.slice(1) : value;
}
