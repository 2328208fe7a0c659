import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import type { Tool } from "#contract/catalog";
import { canOrderNow, checkLot, lotRange, nextLot, orderNowMessage } from "#contract/lot-rules";
import { formatDollars, lotTotalDollars } from "#contract/money";
import { orderFormSchema } from "#contract/orders";
import { nextPriceBreak, priceBreakHint, unitPriceFor } from "#contract/price-breaks";
import { stockState, stockStateLabels } from "#contract/stock-state";
import { countryField, regionField, shopCountry } from "#contract/tax";
import { pieces } from "#contract/tool-display";
import { CompanyPriceLabel, ListPrice } from "#web/components/CompanyPrice";
import { controlClass, Field } from "#web/components/FormField";
import { DeliveryFields } from "#web/components/forms/DeliveryFields";
import { DeliveryRegionFields } from "#web/components/forms/DeliveryRegionFields";
import { OrderTermsFields } from "#web/components/forms/OrderTermsFields";
import { AlertIcon } from "#web/components/icons";
import { LotStepper } from "#web/components/LotStepper";
import { TaxBreakdown } from "#web/components/TaxBreakdown";
import { ApiError, errorMessage } from "#web/lib/api";
import { type BuyingTerms, useBuyingTerms } from "#web/lib/companies/buying-terms";
import { atCompanyPrice, useCompanyDiscount } from "#web/lib/companies/company-price";
import {
  accountOrderNote,
  orderTermsDefaults,
  orderTermsFields,
  termsRefusalField,
} from "#web/lib/companies/order-terms";
import {
  arrivalDate,
  days,
  formatDay,
  readDeliveryDate,
  writeDeliveryDate,
} from "#web/lib/delivery/delivery-date";
import { useOrderTax } from "#web/lib/tax/use-order-tax";
import { toast } from "#web/lib/toast";
import { usePlaceOrder } from "../api/place-order";
import { PriceBreaksTable } from "./PriceBreaksTable";

type OrderFormProps = {
  tool: Tool;
  /** The signed-in buyer: the order goes out in their name (the server takes it from the session). */
  buyer: { name: string; email: string };
  /** Today in the shopper's time zone, YYYY-MM-DD. */
  today: string;
  /** What sits beside "Place order" (the tool page puts "Add to cart" there), given the quantity field. */
  besideSubmit?: (quantity: QuantityField) => ReactNode;
};

/** The form's quantity as another action on the same lot sees it. */
export type QuantityField = {
  value: unknown;
  /** Puts a quantity into the field (a suggested one, say). */
  set: (quantity: number) => void;
  /** Shows a message at the field and focuses it. */
  refuse: (message: string) => void;
};

/**
 * The tool's order form's rules (the contract's) with the buyer's company terms (PO number, payment)
 * and the delivery address's country and region (the tax rate).
 */
function toolOrderSchema(tool: Tool, today: string, terms: BuyingTerms | null | undefined) {
  return orderFormSchema(tool, today).extend({
    ...orderTermsFields(terms),
    country: countryField,
    region: regionField,
  });
}
type ToolOrderInput = z.input<ReturnType<typeof toolOrderSchema>>;
type ToolOrderValues = z.output<ReturnType<typeof toolOrderSchema>>;

/** A lot the shop takes: its price a piece (its volume price break's), total and pieces. */
type PricedLot = { quantity: number; unitPrice: number; total: number };

/**
 * The lot's price in dollars, only for a quantity the shop takes (the lot rules, as the server checks
 * them), at the price a piece of its volume break (`unitPriceFor`, counted in cents); otherwise the
 * rule it breaks, shown instead of a total nobody could order.
 */
function lotTotal(tool: Tool, quantity: unknown): PricedLot | { rule: string } {
  const rule = checkLot(tool, quantity);
  if (rule !== undefined) return { rule };
  const pieces = quantity as number;
  const unitPrice = unitPriceFor(tool, pieces);
  return { quantity: pieces, unitPrice, total: lotTotalDollars(unitPrice, pieces) };
}

/**
 * "Add 300 to pay $5.40 a piece." while a break is ahead within `largest` (the stock and the maximum):
 * never a saving the buyer could not order.
 */
function nextBreakHint(tool: Tool, quantity: number, largest: number): string {
  const next = nextPriceBreak(tool, quantity);
  return next === undefined || next.minQuantity > largest ? "" : `${priceBreakHint(tool, quantity)}.`;
}

/** The needed-by field's hint: the earliest day, and why no earlier one can be chosen. */
function earliestHint(leadTimeDays: number, earliest: string): string {
  const day = formatDay(earliest, "long");
  return leadTimeDays === 0
    ? `This tool can arrive as soon as today, ${day}.`
    : `The earliest this tool can arrive is ${day}: it takes ${days(leadTimeDays)} to deliver, so earlier days cannot be chosen.`;
}

/** Why a tool takes no order now: sold out, below what Order Now needs, or less than one lot left. */
function closedNote(tool: Tool): ReactNode {
  if (stockState(tool) === "sold-out") {
    return (
      <span>
        <strong className="font-bold">{stockStateLabels["sold-out"]}.</strong> {orderNowMessage} Ordering
        opens again after the next delivery.
      </span>
    );
  }
  if (!canOrderNow(tool)) {
    return (
      <span>
        {orderNowMessage} Only {pieces(tool.available)} {tool.available === 1 ? "is" : "are"} in stock now, so
        ordering is closed until the next delivery.
      </span>
    );
  }
  return "There is not enough stock for a lot right now. New stock arrives every week.";
}

/**
 * The order form of a tool page: the buyer's name and email (read-only, from the session), the
 * quantity in the tool's lots with the total as it changes, phone, delivery address and needed-by
 * date. Checked with the server's own rules; sent to POST /api/order.
 */
export function OrderForm({ tool, buyer, today, besideSubmit }: OrderFormProps) {
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const terms = useBuyingTerms();
  const schema = useMemo(() => toolOrderSchema(tool, today, terms), [tool, today, terms]);
  const form = useForm<ToolOrderInput, unknown, ToolOrderValues>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: {
      quantity: tool.minimum,
      phone: "",
      address: "",
      // The date chosen on the home page, when this tool can be there by then.
      neededBy: readDeliveryDate(arrivalDate(tool.leadTimeDays, today)) ?? "",
      ...orderTermsDefaults,
      country: shopCountry,
      region: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const quantity = useWatch({ control: form.control, name: "quantity" });
  // A company's buyer's price a piece and total (after hydration), the list's struck through beside.
  const discount = useCompanyDiscount();
  const priced = useMemo(() => atCompanyPrice(tool, discount), [tool, discount]);
  const lot = lotTotal(priced, quantity);
  const listLot = discount > 0 ? lotTotal(tool, quantity) : undefined;
  const onAccount = useWatch({ control: form.control, name: "paymentMethod" }) === "account";
  // The tax at the address's rate, after hydration (the rates and the buyer's company are read then).
  const [country = shopCountry, region = ""] = useWatch({
    control: form.control,
    name: ["country", "region"],
  });
  const tax = useOrderTax("total" in lot ? [lot.total] : [], { country, region }, terms);

  const { largest, soldOut, step } = lotRange(tool);
  const inSteps = step > 1 ? `, in steps of ${step.toLocaleString("en-US")}` : "";
  const earliest = arrivalDate(tool.leadTimeDays, today);

  function stepBy(direction: 1 | -1) {
    // Back onto the lot grid first, then one step; never past the tool's limits.
    const next = nextLot(tool, quantity, direction);
    form.setValue("quantity", next, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await placeOrder.mutateAsync({
        orderId: tool._id,
        orderMinimum: values.quantity,
        orderPhone: values.phone,
        orderAddress: values.address,
        orderDate: values.neededBy,
        poNumber: values.poNumber,
        paymentMethod: values.paymentMethod,
        country: values.country,
        region: values.region,
        // The spec's body: the server ignores these and uses the session and the tool.
        orderName: buyer.name,
        orderEmail: buyer.email,
        orderProduct: tool.name,
        orderPrice: unitPriceFor(tool, values.quantity),
      });
    } catch (error) {
      // Refused for the company's terms (PO number, credit limit, an amount overdue): said at the field.
      const termsField = termsRefusalField(error);
      if (termsField) {
        form.setError(termsField, { message: errorMessage(error) }, { shouldFocus: true });
        toast.error("Order Failed", { description: errorMessage(error) });
        return;
      }
      // 409: the stock moved since the page opened ("Only 600 pieces left"): say it at the quantity.
      if (error instanceof ApiError && error.status === 409) {
        form.setError("quantity", { message: error.message }, { shouldFocus: true });
      }
      toast.error("Order Failed", { description: errorMessage(error) });
      return;
    }
    writeDeliveryDate(values.neededBy);
    toast.success(values.paymentMethod === "account" ? "Order placed on account" : "Order Added in Database");
    await navigate("/dashboard");
  });

  const quantityError = errors.quantity?.message;
  const quantity$ = form.register("quantity", { valueAsNumber: true });

  return (
    <section
      aria-labelledby="order-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 lg:sticky lg:top-24"
    >
      <h2 id="order-heading" className="font-bold text-navy text-xl">
        Place your order
      </h2>
      <p className="mt-1 text-slate-600 text-sm">
        Sold in lots of at least {pieces(tool.minimum)}
        {inSteps}. {onAccount ? accountOrderNote : "You pay by card from My Orders."}
      </p>

      {soldOut && (
        <p
          role="status"
          className="mt-4 flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 font-medium text-amber-900 text-sm"
        >
          <AlertIcon className="mt-px size-5 shrink-0" />
          {closedNote(tool)}
        </p>
      )}

      <form noValidate onSubmit={onSubmit} aria-label={`Order ${tool.name}`} className="mt-5 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
          <Field label="Name">
            {(control) => (
              <input
                {...control}
                name="name"
                type="text"
                autoComplete="name"
                value={buyer.name}
                readOnly
                className={controlClass}
              />
            )}
          </Field>
          <Field label="Email">
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                autoComplete="email"
                value={buyer.email}
                readOnly
                className={controlClass}
              />
            )}
          </Field>
        </div>

        <Field
          label="Quantity (pieces)"
          error={quantityError}
          hint={
            stockState(tool) === "sold-out"
              ? `From ${pieces(tool.minimum)}${inSteps}, once back in stock.`
              : `From ${pieces(tool.minimum)} to ${pieces(Math.max(largest, tool.minimum))}${inSteps}.`
          }
        >
          {(control) => (
            <LotStepper
              step={step}
              onStep={stepBy}
              fewerDisabled={soldOut || (typeof quantity === "number" && quantity <= tool.minimum)}
              moreDisabled={soldOut || (typeof quantity === "number" && quantity >= largest)}
            >
              {/* Text, not number: the − and + buttons are the one stepper (no native spinners beside them). */}
              <input
                {...control}
                {...quantity$}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                required
                className={`${controlClass} text-center font-semibold tabular-nums`}
              />
            </LotStepper>
          )}
        </Field>

        <PriceBreaksTable
          tool={tool}
          quantity={"total" in lot ? lot.quantity : undefined}
          discountPercent={discount}
        />

        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl bg-orange-50 px-4 py-3 ring-1 ring-orange-200">
          <span className="text-slate-700 text-sm">
            Subtotal
            {"total" in lot && (
              <span className="text-slate-600" data-testid="order-unit-price">
                {" "}
                ({pieces(lot.quantity)} ×{" "}
                {listLot && "total" in listLot && <ListPrice dollars={listLot.unitPrice} className="mr-1" />}
                {formatDollars(lot.unitPrice)})
              </span>
            )}
          </span>
          <output
            aria-live="polite"
            aria-label="Order subtotal"
            data-testid="order-total"
            className={
              "total" in lot || soldOut
                ? "font-bold text-2xl text-navy tabular-nums"
                : "min-w-0 text-right font-semibold text-amber-900 text-sm"
            }
          >
            {"total" in lot ? formatDollars(lot.total) : soldOut ? "—" : `${lot.rule} to see the total`}
          </output>
          {listLot && "total" in listLot && (
            <p data-testid="company-price" className="basis-full text-right text-sm">
              <CompanyPriceLabel discountPercent={discount} /> <ListPrice dollars={listLot.total} />
            </p>
          )}
          {"total" in lot && tool.priceBreaks.length > 0 && (
            <p
              aria-live="polite"
              data-testid="price-break-hint"
              className="basis-full text-slate-700 text-sm"
            >
              {formatDollars(lot.unitPrice)} a piece at this quantity.{" "}
              {nextBreakHint(priced, lot.quantity, largest)}
            </p>
          )}
          {"total" in lot && (
            <TaxBreakdown
              tax={tax}
              subtotal={false}
              total={{ label: "Total with tax", testId: "order-total-with-tax" }}
            />
          )}
        </div>

        <DeliveryFields
          register={form.register}
          errors={errors}
          earliest={earliest}
          neededByHint={earliestHint(tool.leadTimeDays, earliest)}
          afterAddress={<DeliveryRegionFields register={form.register} errors={errors} />}
        />

        <OrderTermsFields register={form.register} errors={errors} terms={terms} />

        <div className={besideSubmit ? "grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2" : undefined}>
          <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting || soldOut}>
            {isSubmitting ? "Placing your order…" : "Place order"}
          </button>
          {besideSubmit?.({
            value: quantity,
            set: (next) =>
              form.setValue("quantity", next, { shouldValidate: true, shouldDirty: true, shouldTouch: true }),
            refuse: (message) => form.setError("quantity", { message }, { shouldFocus: true }),
          })}
        </div>
      </form>
    </section>
  );
}
