import { useId } from "react";
import { useImportTools } from "../api/import-tools";

const smallButton = "btn btn-secondary min-h-10 cursor-pointer px-3.5 py-2 text-sm";

/**
 * Download the catalog as CSV, and Import CSV (create or update tools by SKU, all rows or none),
 * with the import's answer: what changed, or the rows that failed and why.
 */
export function CatalogCsvActions() {
  const importTools = useImportTools();
  const inputId = useId();
  const result = importTools.data;

  return (
    <div className="flex flex-col items-end gap-2">
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
      <div role="status" className="max-w-md text-right text-sm">
        {importTools.isError && (
          <p className="text-red-700">We could not reach the shop. Please try again.</p>
        )}
        {result?.ok && (
          <p className="text-emerald-700">
            Imported: {result.created} added, {result.updated} updated.
          </p>
        )}
        {result && !result.ok && (
          <div className="text-left text-red-700">
            <p className="font-semibold">{result.error}</p>
            {result.rows.length > 0 && (
              <ul aria-label="Rows that failed" className="mt-1 list-disc pl-5">
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
    </div>
  );
}
