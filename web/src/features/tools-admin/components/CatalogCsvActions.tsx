import { useId } from "react";
import type { useImportTools } from "../api/import-tools";

const smallButton = "btn btn-secondary min-h-10 cursor-pointer px-3.5 py-2 text-sm";

type ImportTools = ReturnType<typeof useImportTools>;

/** Download the catalog as CSV, and Import CSV (create or update tools, all rows or none). */
export function CatalogCsvActions({ importTools }: { importTools: ImportTools }) {
  const inputId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href="/api/export/tools.csv" download className={smallButton}>
        Download CSV
      </a>
      <label htmlFor={inputId} className={smallButton} aria-disabled={importTools.isPending}>
        {importTools.isPending ? "Importing…" : "Import CSV"}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        disabled={importTools.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) importTools.mutate(file);
        }}
      />
    </div>
  );
}

const rowList = (rows: readonly number[]) => `${rows.length === 1 ? "Row" : "Rows"} ${rows.join(", ")}`;

/**
 * The import's answer, under the page's heading (so the toolbar never moves): what changed, or the
 * rows that failed and why. Always present, so screen readers hear each new answer.
 */
export function CatalogCsvResult({ importTools }: { importTools: ImportTools }) {
  const result = importTools.data;
  const panel = "mb-6 rounded-2xl border p-4 text-sm sm:p-5";
  return (
    <div role="status">
      {importTools.isError && (
        <p className={`${panel} border-red-200 bg-red-50 text-red-800`}>
          We could not reach the shop. Please try again.
        </p>
      )}
      {result?.ok && (
        <div className={`${panel} border-emerald-200 bg-emerald-50 text-emerald-900`}>
          <p>
            Imported: {result.created} added, {result.updated} updated, {result.unchanged} unchanged.
          </p>
          {result.placeholderPhotoRows.length > 0 && (
            <p className="mt-1">
              {rowList(result.placeholderPhotoRows)} had no photo: the new{" "}
              {result.placeholderPhotoRows.length === 1 ? "tool shows" : "tools show"} a placeholder until you
              add one with Edit.
            </p>
          )}
        </div>
      )}
      {result && !result.ok && (
        <div className={`${panel} border-red-200 bg-red-50 text-red-800`}>
          <p className="font-semibold">{result.error}</p>
          {result.rows.length > 0 && (
            <ul
              aria-label="Rows that failed"
              className="mt-2 list-disc space-y-1 pl-5 [overflow-wrap:anywhere]"
            >
              {result.rows.map((r) => (
                <li key={r.row}>
                  Row {r.row}: {r.messages.join("; ")}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
