import type { ReactNode } from "react";
import type { Tool } from "#contract/catalog";
import { formatDollars } from "#contract/money";
import { lowestUnitPrice } from "#contract/price-breaks";
import { stockState, stockStateLabels, stockText } from "#contract/stock-state";
import { pieces } from "#contract/tool-display";
import { CompanyPriceLabel, ListPrice } from "#web/components/CompanyPrice";
import { ClockIcon, TagIcon, TruckIcon } from "#web/components/shop-icons";
import { atCompanyPrice, useCompanyDiscount } from "#web/lib/companies/company-price";
import { arrivalDate, days, formatDay } from "#web/lib/delivery/delivery-date";

function Fact({ label, children, icon }: { label: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200/70">
      <dt className="flex items-center gap-1.5 text-slate-600 text-sm">
        {icon && <span className="text-accent-dark">{icon}</span>}
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold text-navy">{children}</dd>
    </div>
  );
}

/** The tool on its order page: picture, name (the page's h1), description and its lot facts. */
export function ToolFacts({ tool, today }: { tool: Tool; today: string }) {
  const arrives = arrivalDate(tool.leadTimeDays, today);
  // A company's buyer sees their price, the list price struck through (after hydration).
  const discount = useCompanyDiscount();
  const priced = atCompanyPrice(tool, discount);
  return (
    <article aria-labelledby="tool-name" className="min-w-0">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-mist shadow-sm">
        <img
          src={tool.img}
          alt={tool.name}
          width={600}
          height={400}
          decoding="async"
          fetchPriority="high"
          className="aspect-[3/2] h-auto w-full object-cover"
        />
      </div>
      <p className="eyebrow mt-6">Tool details</p>
      <h1 id="tool-name" className="mt-1 font-bold text-3xl text-navy tracking-tight sm:text-4xl">
        {tool.name}
      </h1>
      <p className="mt-3 max-w-prose text-lg text-slate-600 leading-relaxed">{tool.description}</p>

      <dl className="mt-6 grid grid-cols-2 gap-3">
        <Fact label="Price per piece" icon={<TagIcon className="size-4" />}>
          {discount > 0 && <ListPrice dollars={tool.price} className="mr-1.5" />}
          <span className="text-xl" data-testid="tool-price">
            {formatDollars(priced.price)}
          </span>
          {tool.priceBreaks.length > 0 && (
            <span className="block font-normal text-slate-600 text-sm">
              down to {formatDollars(lowestUnitPrice(priced))} by the lot
            </span>
          )}
          {discount > 0 && <CompanyPriceLabel discountPercent={discount} className="block" />}
        </Fact>
        <Fact label="In stock">
          {stockText(tool)}
          {stockState(tool) === "low" && (
            <span className="ml-2 whitespace-nowrap rounded-full bg-amber-300 px-2 py-0.5 align-middle font-semibold text-navy text-xs">
              {stockStateLabels.low}
            </span>
          )}
        </Fact>
        {tool.sku !== null && <Fact label="Part number (SKU)">{tool.sku}</Fact>}
        <Fact label="Minimum order">{pieces(tool.minimum)}</Fact>
        {tool.maximum !== null && <Fact label="Maximum per order">{pieces(tool.maximum)}</Fact>}
        {tool.increment > 1 && <Fact label="Order in steps of">{pieces(tool.increment)}</Fact>}
        <Fact label="Lead time" icon={<ClockIcon className="size-4" />}>
          {tool.leadTimeDays === 0 ? "Ships today" : days(tool.leadTimeDays)}
        </Fact>
      </dl>
      <p className="mt-4 flex items-start gap-2 text-slate-600 text-sm">
        <TruckIcon className="mt-px size-4 shrink-0" />
        <span>
          Ordered today, it can be with you on{" "}
          <span className="font-semibold text-navy">{formatDay(arrives, "long")}</span>.
        </span>
      </p>
    </article>
  );
}
