import type { InvoiceListItem } from "#contract/invoices";
import { formatDollars } from "#contract/money";
import { Link } from "#web/components/Link";
import { formatAccountDay } from "#web/lib/companies/account-display";
import { invoiceKindLabels } from "../invoice-filters";

const cell = "px-2.5 py-3 align-top 2xl:px-4";

/** The company's name, linking to its invoices only (the list's `?companyId=`). */
function CompanyCell({
  invoice,
  companyHref,
}: {
  invoice: InvoiceListItem;
  companyHref: (id: string) => string;
}) {
  if (!invoice.companyId) return <span className="text-slate-600">—</span>;
  return (
    <Link
      to={companyHref(invoice.companyId)}
      className="whitespace-nowrap rounded font-medium text-accent-dark underline-offset-4 hover:underline"
    >
      {invoice.companyName ?? "Company's invoices"}
    </Link>
  );
}

function PdfLink({ invoice }: { invoice: InvoiceListItem }) {
  return (
    <a
      href={invoice.pdfUrl}
      download
      className="whitespace-nowrap rounded font-semibold text-accent-dark underline-offset-4 hover:underline"
    >
      PDF<span className="sr-only"> of {invoice.number}</span>
    </a>
  );
}

/** A credit note's amounts are what it credits: shown negative. */
const signed = (invoice: InvoiceListItem, amount: number) =>
  formatDollars(invoice.kind === "credit_note" ? -amount : amount);

/** Why a credit note was issued, and the invoice it corrects. */
function CreditNoteOf({ invoice }: { invoice: InvoiceListItem }) {
  if (invoice.kind !== "credit_note") return null;
  return (
    <span className="block text-slate-600 text-xs [overflow-wrap:anywhere]">
      {invoice.refersTo && `Corrects ${invoice.refersTo}`}
      {invoice.reason && ` · ${invoice.reason}`}
    </span>
  );
}

type InvoiceListProps = {
  invoices: InvoiceListItem[];
  /** The list filtered to one company. */
  companyHref: (companyId: string) => string;
};

/** The invoices and credit notes: a table on wide screens, cards below (nothing wider than the page). */
export function InvoiceList({ invoices, companyHref }: InvoiceListProps) {
  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm xl:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoices and credit notes, newest first</caption>
          <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wider">
            <tr>
              <th scope="col" className={cell}>
                Number
              </th>
              <th scope="col" className={cell}>
                Issued
              </th>
              <th scope="col" className={cell}>
                Order
              </th>
              <th scope="col" className={cell}>
                Buyer
              </th>
              <th scope="col" className={cell}>
                Company
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Total
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoices.map((invoice) => (
              <tr key={invoice._id} data-testid="invoice-row" className="text-steel">
                <td className={cell}>
                  <span className="block whitespace-nowrap font-mono font-semibold text-navy">
                    {invoice.number}
                  </span>
                  <span className="block text-slate-600 text-xs">{invoiceKindLabels[invoice.kind]}</span>
                  <CreditNoteOf invoice={invoice} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={invoice.issuedOn}>{formatAccountDay(invoice.issuedOn)}</time>
                </td>
                <td className={`${cell} whitespace-nowrap font-mono`}>{invoice.orderNumber}</td>
                <td className={`${cell} max-w-48 [overflow-wrap:anywhere]`}>{invoice.buyerName}</td>
                <td className={cell}>
                  <CompanyCell invoice={invoice} companyHref={companyHref} />
                </td>
                <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                  <span className="block font-semibold text-navy">{signed(invoice, invoice.total)}</span>
                  <span className="block text-slate-600 text-xs">
                    incl. {signed(invoice, invoice.tax)} tax
                  </span>
                </td>
                <td className={cell}>
                  <PdfLink invoice={invoice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Invoices and credit notes" className="grid gap-3 sm:grid-cols-2 xl:hidden">
        {invoices.map((invoice) => (
          <li
            key={invoice._id}
            data-testid="invoice-card"
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-slate-600 text-xs">{invoiceKindLabels[invoice.kind]}</p>
                <p className="font-mono font-semibold text-navy [overflow-wrap:anywhere]">{invoice.number}</p>
                <CreditNoteOf invoice={invoice} />
              </div>
              <PdfLink invoice={invoice} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-3 border-slate-100 border-t pt-3 text-sm">
              <div>
                <dt className="text-slate-600">Total</dt>
                <dd className="font-bold text-navy tabular-nums">
                  {signed(invoice, invoice.total)}
                  <span className="block font-normal text-slate-600 text-xs">
                    incl. {signed(invoice, invoice.tax)} tax
                  </span>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Issued</dt>
                <dd className="font-medium text-navy">
                  <time dateTime={invoice.issuedOn}>{formatAccountDay(invoice.issuedOn)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Order</dt>
                <dd className="font-medium font-mono text-navy">{invoice.orderNumber}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-slate-600">Buyer</dt>
                <dd className="font-medium text-navy [overflow-wrap:anywhere]">{invoice.buyerName}</dd>
              </div>
              {invoice.companyId && (
                <div className="col-span-2">
                  <dt className="sr-only">Company</dt>
                  <dd>
                    <CompanyCell invoice={invoice} companyHref={companyHref} />
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
