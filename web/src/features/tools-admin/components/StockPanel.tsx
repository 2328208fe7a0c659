import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { Tool } from "#contract/catalog";
import {
  manualStockReasons,
  type StockChange,
  type StockChangeInput,
  stockChangeSchema,
  stockNoteMaxLength,
  stockReasonLabels,
} from "#contract/stock";
import { pieces } from "#contract/tool-display";
import { controlClass, Field } from "#web/components/FormField";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { movementsPageSize, useAdjustStock, useStockMovements } from "../api/tool-admin";

const signed = (n: number) => `${n > 0 ? "+" : "−"}${Math.abs(n).toLocaleString("en-US")}`;
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A tool's stock: a restock / correction / damaged form, and the ledger of every change, newest first. */
export function StockPanel({ tool }: { tool: Tool }) {
  const [page, setPage] = useState(1);
  const movements = useStockMovements(tool._id, page);
  const adjust = useAdjustStock(tool._id);
  const form = useForm<StockChangeInput, unknown, StockChange>({
    resolver: zodResolver(stockChangeSchema),
    defaultValues: { change: undefined, reason: "restock", note: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (change) => {
    try {
      const { available } = await adjust.mutateAsync(change);
      toast.success("Stock updated", { description: `${tool.name}: ${pieces(available)} in stock.` });
      form.reset({ change: undefined, reason: change.reason, note: "" });
      setPage(1);
    } catch (error) {
      toast.error("Failed", { description: errorMessage(error) });
    }
  });

  const total = movements.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / movementsPageSize));
  return (
    <section
      aria-labelledby="stock-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="stock-heading" className="font-semibold text-lg text-navy">
        Stock: <span data-testid="stock-now">{pieces(tool.available)}</span>
      </h2>
      <p className="mt-1 text-slate-600 text-sm">
        Restock after a delivery, correct a count or write off damaged pieces. Every change is kept below.
      </p>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Change the stock"
        className="mt-5 grid gap-4 sm:grid-cols-3"
      >
        <Field label="Reason" error={errors.reason?.message}>
          {(control) => (
            <select {...control} className={controlClass} {...form.register("reason")}>
              {manualStockReasons.map((r) => (
                <option key={r} value={r}>
                  {stockReasonLabels[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Change (pieces)" error={errors.change?.message} hint="+ adds, − takes away">
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              step={1}
              placeholder="500"
              className={controlClass}
              {...form.register("change", { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field label="Note" error={errors.note?.message} optional>
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={stockNoteMaxLength}
              placeholder="Delivery 4471"
              className={controlClass}
              {...form.register("note")}
            />
          )}
        </Field>
        <div className="sm:col-span-3">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save stock change"}
          </button>
        </div>
      </form>

      <h3 className="mt-8 font-semibold text-navy">Stock movements</h3>
      {movements.isError && <p className="mt-2 text-red-700 text-sm">{errorMessage(movements.error)}</p>}
      <ol aria-label="Stock movements" className="mt-3 divide-y divide-slate-100 text-sm">
        {movements.data?.items.map((m) => (
          <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
            <span className="min-w-0">
              <span className="font-medium text-navy">{stockReasonLabels[m.reason]}</span>
              {m.note && <span className="text-slate-600"> · {m.note}</span>}
              <span className="block text-slate-500 text-xs">{when.format(new Date(m.createdAt))}</span>
            </span>
            <span className="text-right">
              <span className={`font-semibold ${m.change > 0 ? "text-emerald-700" : "text-red-700"}`}>
                {signed(m.change)}
              </span>
              <span className="text-slate-600"> → {m.stockAfter.toLocaleString("en-US")}</span>
            </span>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label="Movement pages" className="mt-4 flex items-center justify-between text-sm">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span className="text-slate-600">
            Page {page} of {pages}
          </span>
          <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}
