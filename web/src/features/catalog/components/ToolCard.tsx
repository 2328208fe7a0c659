import type { ReactNode } from "react";
import type { Tool } from "#contract/catalog";
import { canOrderNow, orderNowMessage } from "#contract/lot-rules";
import { formatDollars } from "#contract/money";
import { type StockState, stockState, stockStateLabels, stockText } from "#contract/stock-state";
import { descriptionPreview, lowestUnitPrice, pieces } from "#contract/tool-display";
import { CompanyPriceLabel, ListPrice } from "#web/components/CompanyPrice";
import { Link } from "#web/components/Link";
import { atCompanyPrice, useCompanyDiscount } from "#web/lib/companies/company-price";

const badgeClass: Record<Exclude<StockState, "in-stock">, string> = {
  low: "bg-amber-300 text-navy",
  "sold-out": "bg-navy/90 text-white",
};

type ToolCardProps = {
  tool: Tool;
  /** Load the picture at once (the first row, which is on screen when the page opens). */
  eager?: boolean;
  /** h2 on the tools page; h3 where the cards sit under a section heading (the home page). */
  headingLevel?: 2 | 3;
  /** More about the tool for this page, shown under its facts (the home page's delivery estimate). */
  children?: ReactNode;
};

/** One tool of the catalog: picture, name, a short description, price, stock, minimum lot and Order Now. */
export function ToolCard({ tool, eager = false, headingLevel = 2, children }: ToolCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const canOrder = canOrderNow(tool);
  const stock = stockState(tool);
  // A company's buyer sees their price (after hydration: the page is drawn at list prices).
  const discount = useCompanyDiscount();
  const lowest = lowestUnitPrice(tool);
  const nameId = `tool-${tool._id}-name`;
  const noteId = `tool-${tool._id}-note`;

  return (
    <article
      data-testid="tool-card"
      aria-labelledby={nameId}
      className="group flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[3/2] overflow-hidden bg-mist">
        <img
          src={tool.img}
          alt={tool.name}
          width={600}
          height={400}
          loading={eager ? "eager" : "lazy"}
          // The first row holds the tools page's largest paint: fetched ahead of other pictures.
          fetchPriority={eager ? "high" : "auto"}
          decoding="async"
          className="size-full object-cover"
        />
        {stock !== "in-stock" && (
          <span
            data-testid="stock-badge"
            className={`absolute top-3 left-3 rounded-full px-2.5 py-1 text-xs font-semibold ${badgeClass[stock]}`}
          >
            {stockStateLabels[stock]}
          </span>
        )}
      </div>

      <div className="flex flex-1 flex-col p-5">
        <Heading id={nameId} className="text-lg font-semibold text-navy">
          {tool.name}
        </Heading>
        <p className="mt-1 text-sm text-slate-600" title={tool.description}>
          {descriptionPreview(tool.description)}
        </p>

        <ul className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm">
          <li className="flex items-baseline justify-between gap-3">
            <span className="text-slate-600">Price:</span>{" "}
            <span className="text-right text-slate-600">
              {/* With volume price breaks, the lowest a piece can cost ("from $4.95"). */}
              {tool.priceBreaks.length > 0 && "from "}
              {discount > 0 && <ListPrice dollars={lowest} className="mr-1" />}
              <span className="text-lg font-bold text-navy" data-testid="card-price">
                {formatDollars(lowestUnitPrice(atCompanyPrice(tool, discount)))}
              </span>
              {" per piece"}
              {discount > 0 && <CompanyPriceLabel discountPercent={discount} className="block" />}
            </span>
          </li>
          <li className="flex items-baseline justify-between gap-3">
            <span className="text-slate-600">Available:</span>{" "}
            <span className="text-right font-medium text-navy">{stockText(tool)}</span>
          </li>
          <li className="flex items-baseline justify-between gap-3">
            <span className="text-slate-600">Minimum order:</span>{" "}
            <span className="text-right font-medium text-navy">{pieces(tool.minimum)}</span>
          </li>
        </ul>

        {children}

        <div className="mt-auto pt-5">
          {canOrder ? (
            <Link to={`/tools/${tool._id}`} className="btn btn-primary w-full" aria-describedby={nameId}>
              Order Now
            </Link>
          ) : (
            <>
              <button type="button" className="btn w-full" disabled aria-describedby={noteId}>
                Order Now
              </button>
              <p id={noteId} className="mt-2 text-center text-xs text-slate-600">
                {orderNowMessage}
              </p>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
