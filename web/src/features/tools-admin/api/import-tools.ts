import { useMutation, useQueryClient } from "@tanstack/react-query";

/** A row of the file the shop refused, with its line number (the header is line 1). */
export type ImportRowProblem = { row: number; messages: string[] };

export type ImportToolsResult =
  | { ok: true; created: number; updated: number; unchanged: number; placeholderPhotoRows: number[] }
  | { ok: false; error: string; rows: ImportRowProblem[] };

const importFailed = "The import failed. Please try again.";

/**
 * `POST /api/import/tools` (admins): the catalog CSV (UTF-8), all rows or none. A refused file is an answer
 * (with its rows' problems), not an error; only an unreachable shop throws.
 */
export async function importTools(file: File): Promise<ImportToolsResult> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch("/api/import/tools", {
    method: "POST",
    body: form,
    credentials: "same-origin",
  });
  const body: unknown = await response.json().catch(() => undefined);
  const fields = (body ?? {}) as Partial<
    Record<"created" | "updated" | "unchanged" | "placeholderPhotoRows" | "error" | "rows", unknown>
  >;
  if (response.ok && typeof fields.created === "number" && typeof fields.updated === "number") {
    return {
      ok: true,
      created: fields.created,
      updated: fields.updated,
      unchanged: typeof fields.unchanged === "number" ? fields.unchanged : 0,
      placeholderPhotoRows: Array.isArray(fields.placeholderPhotoRows)
        ? fields.placeholderPhotoRows.filter((row): row is number => typeof row === "number")
        : [],
    };
  }
  const rows = Array.isArray(fields.rows)
    ? fields.rows.filter(
        (r): r is ImportRowProblem => typeof r?.row === "number" && Array.isArray(r?.messages),
      )
    : [];
  return { ok: false, error: typeof fields.error === "string" ? fields.error : importFailed, rows };
}

/** Import CSV on Manage Tools; every tools list refreshes afterwards. */
export function useImportTools() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTools,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}
