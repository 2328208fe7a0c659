import type { StatementLine } from "#contract/companies";
import { formatDollars } from "#contract/money";
import { formatAccountDay, statementWhat } from "#web/lib/companies/account-display";

const money = (dollars: number) => (dollars === 0 ? "" : formatDollars(dollars));

/** A line's key: its running balance tells apart two alike lines of a day. */
const lineKey = (line: StatementLine) => `${line.date}-${line.kind}-${line.reference}-${line.runningBalance}`;

const columns = ["Date", "What", "Charge", "Credit", "Balance"] as const;

/**
 * A company's statement, oldest first: orders shipped on account (charges) and payments received
 * (credits) with the running balance. A table on wide screens, a card per line on phones.
 */
export function StatementTable({ lines, label }: { lines: StatementLine[]; label: string }) {
  if (lines.length === 0) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-600">
        Nothing on the statement yet: orders appear once they ship on account, and payments once they are
        recorded.
      </p>
    );
  }
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-[0.9375rem]">
          <caption className="sr-only">{label}</caption>
          <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wider">
            <tr>
              {columns.map((column, i) => (
                <th
                  key={column}
                  scope="col"
                  className={`px-3 py-3 font-semibold ${i >= 2 ? "text-right" : ""}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line) => (
              <tr key={lineKey(line)} data-testid="statement-line">
                <td className="whitespace-nowrap px-3 py-3 text-steel">
                  <time dateTime={line.date}>{formatAccountDay(line.date)}</time>
                </td>
                <td className="px-3 py-3 text-navy [overflow-wrap:anywhere]">{statementWhat(line)}</td>
                <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums">{money(line.charge)}</td>
                <td className="whitespace-nowrap px-3 py-3 text-right text-emerald-800 tabular-nums">
                  {money(line.credit)}
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right font-semibold text-navy tabular-nums">
                  {formatDollars(line.runningBalance)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={label} className="space-y-2 md:hidden">
        {lines.map((line) => (
          <li
            key={lineKey(line)}
            data-testid="statement-card"
            className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-medium text-navy [overflow-wrap:anywhere]">
                {statementWhat(line)}
              </span>
              <time dateTime={line.date} className="shrink-0 text-slate-600">
                {formatAccountDay(line.date)}
              </time>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-2">
              <div>
                <dt className="text-slate-600">{line.kind === "order" ? "Charge" : "Credit"}</dt>
                <dd className="font-medium text-navy tabular-nums">
                  {formatDollars(line.kind === "order" ? line.charge : line.credit)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Balance</dt>
                <dd className="font-semibold text-navy tabular-nums">{formatDollars(line.runningBalance)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
