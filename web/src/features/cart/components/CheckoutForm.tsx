import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import type { Cart, CartLine } from "#contract/cart";
import type { ShortLine } from "#contract/checkout";
import { formatDollars } from "#contract/money";
import { orderAddressField, orderDateField, orderPhoneField } from "#contract/orders";
import { countryField, regionField, shopCountry } from "#contract/tax";
import { pieces } from "#contract/tool-display";
import { DeliveryFields } from "#web/components/forms/DeliveryFields";
import { DeliveryRegionFields } from "#web/components/forms/DeliveryRegionFields";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { OrderTermsFields } from "#web/components/forms/OrderTermsFields";
import { AlertIcon } from "#web/components/icons";
import { lineCount } from "#web/components/OrderLines";
import { TaxBreakdown } from "#web/components/TaxBreakdown";
import { errorMessage } from "#web/lib/api";
import { type BuyingTerms, useBuyingTerms } from "#web/lib/companies/buying-terms";
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
  todayIso,
  writeDeliveryDate,
} from "#web/lib/delivery/delivery-date";
import { totalDollars } from "#web/lib/tax/tax-summary";
import { useOrderTax } from "#web/lib/tax/use-order-tax";
import { toast } from "#web/lib/toast";
import { useAcceptPrices } from "../api/cart";
import { checkoutRefusalOf, useCheckout } from "../api/checkout";

/** A line's price that changed since it went into the cart: before and now, a piece. */
type PriceChange = { toolId: string; name: string; was: number; now: number; accepted: boolean };

/** The slowest line's tool decides the earliest needed-by day of the whole order. */
type Slowest = { name: string; leadTimeDays: number };

function checkoutSchema(
  earliest: string,
  slowest: Slowest | undefined,
  terms: BuyingTerms | null | undefined,
) {
  return z.object({
    phone: orderPhoneField,
    address: orderAddressField,
    neededBy: orderDateField.superRefine((date, ctx) => {
      if (!slowest || date >= earliest) return;
      ctx.addIssue({
        code: "custom",
        message: `The earliest all lines can arrive is ${formatDay(earliest, "long")} (${slowest.name} takes ${days(slowest.leadTimeDays)}); choose that day or a later one`,
      });
    }),
    ...orderTermsFields(terms),
    country: countryField,
    region: regionField,
  });
}
type CheckoutInput = z.input<ReturnType<typeof checkoutSchema>>;
type CheckoutValues = z.output<ReturnType<typeof checkoutSchema>>;

/** The line whose tool takes longest to arrive (each line carries its tool's lead time). */
function slowestLine(lines: readonly CartLine[]): Slowest | undefined {
  let slowest: Slowest | undefined;
  for (const line of lines) if (!slowest || line.leadTimeDays > slowest.leadTimeDays) slowest = line;
  return slowest;
}

/** The lines whose price changed: still to accept (the line has a problem until then), or accepted here. */
function usePriceChanges(cart: Cart) {
  const [accepted, setAccepted] = useState<PriceChange[]>([]);
  const pending = cart.lines
    .filter((line) => line.addedUnitPrice !== line.unitPrice)
    .map((line) => ({
      toolId: line.toolId,
      name: line.name,
      was: line.addedUnitPrice,
      now: line.unitPrice,
      accepted: false,
    }));
  const stillInCart = new Set(cart.lines.map((line) => line.toolId));
  const shown = [
    ...pending,
    ...accepted.filter(
      (change) => stillInCart.has(change.toolId) && !pending.some((p) => p.toolId === change.toolId),
    ),
  ];
  return { pending, shown, remember: (changes: PriceChange[]) => setAccepted((old) => [...old, ...changes]) };
}

function PriceChanges({
  changes,
  onAccept,
  accepting,
}: {
  changes: PriceChange[];
  onAccept: (() => void) | undefined;
  accepting: boolean;
}) {
  return (
    <div className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950 text-sm ring-1 ring-amber-200">
      <p className="font-semibold">
        {changes.length === 1 ? "A price changed" : "Prices changed"} since you added{" "}
        {changes.length === 1 ? "the line" : "these lines"}
      </p>
      <ul className="mt-2 space-y-1.5" aria-label="Changed prices">
        {changes.map((change) => (
          <li
            key={change.toolId}
            data-testid="price-change"
            className="flex flex-wrap items-baseline gap-x-2"
          >
            <span className="font-medium">{change.name}</span>
            <span className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-xs">Price changed</span>
            <span className="tabular-nums">
              was <s>{formatDollars(change.was)}</s>, now {formatDollars(change.now)} a piece
              {change.accepted && " (accepted)"}
            </span>
          </li>
        ))}
      </ul>
      {onAccept && (
        <button
          type="button"
          onClick={onAccept}
          disabled={accepting}
          className="btn btn-secondary mt-3 min-h-9 px-3 py-1.5 text-sm"
        >
          {accepting ? "Taking the new prices…" : "Accept new prices"}
        </button>
      )}
    </div>
  );
}

function ShortLines({ error, lines }: { error: string; lines: ShortLine[] }) {
  return (
    <div
      role="alert"
      data-testid="short-lines"
      className="rounded-xl bg-red-50 px-4 py-3 text-red-900 text-sm ring-1 ring-red-200"
    >
      <p className="flex items-start gap-2 font-semibold">
        <AlertIcon className="mt-px size-5 shrink-0" />
        <span>{error}.</span>
      </p>
      <ul className="mt-2 space-y-1.5">
        {lines.map((line) => (
          <li key={line.toolId} data-testid="short-line">
            <span className="font-medium">{line.name}</span>
            {line.sku && <span className="font-mono text-xs"> · {line.sku}</span>}:{" "}
            <span className="tabular-nums">
              {pieces(line.quantity)} in your cart, {line.available.toLocaleString("en-US")} in stock
            </span>
            {line.error && <span className="block text-red-800 text-xs">{line.error}</span>}
          </li>
        ))}
      </ul>
      <p className="mt-2">Change or remove these lines above, then place the order again.</p>
    </div>
  );
}

/**
 * The cart's checkout (a chunk of its own, loaded on "Check out"): phone, delivery address and
 * needed-by date with the tool page's rules, the total to confirm with every changed price shown as
 * changed, and "Place order", which makes one order of every line (POST /api/checkout with the
 * confirmed total) and goes on to its payment.
 */
export function CheckoutForm({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const checkout = useCheckout();
  const acceptPrices = useAcceptPrices();
  const [today] = useState(todayIso);
  const slowest = slowestLine(cart.lines);
  const earliest = arrivalDate(slowest?.leadTimeDays ?? 0, today);
  const terms = useBuyingTerms();
  const schema = useMemo(() => checkoutSchema(earliest, slowest, terms), [earliest, slowest, terms]);
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: {
      phone: "",
      address: "",
      neededBy: readDeliveryDate(earliest) ?? "",
      ...orderTermsDefaults,
      country: shopCountry,
      region: "",
    },
  });
  const onAccount = useWatch({ control: form.control, name: "paymentMethod" }) === "account";
  const { errors, isSubmitting } = form.formState;
  // The tax of the lines that are ordered (those without a problem), at the address's rate.
  const [country = shopCountry, region = ""] = useWatch({
    control: form.control,
    name: ["country", "region"],
  });
  const tax = useOrderTax(
    cart.lines.filter((line) => line.problem === null).map((line) => line.lineTotal),
    { country, region },
    terms,
  );
  const toPay = tax.state === "ready" ? totalDollars(tax.summary) : undefined;
  const prices = usePriceChanges(cart);
  const [short, setShort] = useState<{ error: string; lines: ShortLine[] } | null>(null);
  const [totalChanged, setTotalChanged] = useState<{ error: string; was: number } | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    heading.current?.focus({ preventScroll: true });
  }, []);

  const withProblems = cart.lines.filter((line) => line.problem !== null);
  const otherProblems = withProblems.filter((line) => line.addedUnitPrice === line.unitPrice).length;

  async function accept() {
    try {
      await acceptPrices.mutateAsync(
        prices.pending.map((change) => ({
          toolId: change.toolId,
          quantity: cart.lines.find((line) => line.toolId === change.toolId)?.quantity ?? 0,
        })),
      );
      prices.remember(prices.pending.map((change) => ({ ...change, accepted: true })));
      setTotalChanged(null);
    } catch (error) {
      toast.error("The new prices were not taken", { description: errorMessage(error) });
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setShort(null);
    setTotalChanged(null);
    setFailed(null);
    // The total with tax the buyer sees; the button waits for it (see `blocked`).
    if (toPay === undefined) return;
    const confirmedTotal = toPay;
    try {
      const placed = await checkout.mutateAsync({
        orderPhone: values.phone,
        orderAddress: values.address,
        orderDate: values.neededBy,
        confirmedTotal,
        poNumber: values.poNumber,
        paymentMethod: values.paymentMethod,
        country: values.country,
        region: values.region,
      });
      writeDeliveryDate(values.neededBy);
      if (placed.order.paymentMethod === "account") {
        // Nothing to pay now: the company's balance settles it after it ships.
        toast.success("Order placed on account");
        await navigate("/dashboard");
        return;
      }
      toast.success("Order Added in Database");
      await navigate(`/dashboard/payment/${placed.insertedId}`);
    } catch (error) {
      const refusal = checkoutRefusalOf(error);
      const termsField = termsRefusalField(error);
      if (termsField) {
        // Refused for the company's terms (PO number, credit limit, an amount overdue): said at the field.
        form.setError(termsField, { message: errorMessage(error) }, { shouldFocus: true });
      } else if (refusal && refusal.shortLines.length > 0) {
        setShort({ error: refusal.error, lines: refusal.shortLines });
      } else if (refusal) {
        // The prices moved since the total was shown: the cart as it is now is on screen; confirm again.
        setTotalChanged({ error: refusal.error, was: confirmedTotal });
      } else {
        setFailed(error);
      }
      toast.error("Order Failed", { description: errorMessage(error) });
    }
  });

  const blocked = withProblems.length > 0;
  const taxPending = toPay === undefined;
  const noteId = "checkout-note";

  return (
    <section
      aria-labelledby="checkout-heading"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <h2
        id="checkout-heading"
        ref={heading}
        tabIndex={-1}
        className="font-bold text-navy text-xl outline-none"
      >
        Checkout
      </h2>
      <p className="mt-1 text-slate-600 text-sm">
        Every line becomes one order, delivered together.{" "}
        {onAccount ? accountOrderNote : "You pay the whole order by card on the next page."}
      </p>

      <form noValidate onSubmit={onSubmit} aria-label="Checkout" className="mt-5 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <DeliveryFields
            register={form.register}
            errors={errors}
            earliest={earliest}
            neededByHint={
              slowest && slowest.leadTimeDays > 0
                ? `The earliest all lines can arrive is ${formatDay(earliest, "long")}.`
                : undefined
            }
            afterAddress={<DeliveryRegionFields register={form.register} errors={errors} />}
          />
          <OrderTermsFields register={form.register} errors={errors} terms={terms} />
        </div>

        {prices.shown.length > 0 && (
          <PriceChanges
            changes={prices.shown}
            onAccept={prices.pending.length > 0 ? () => void accept() : undefined}
            accepting={acceptPrices.isPending}
          />
        )}

        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl bg-orange-50 px-4 py-3 ring-1 ring-orange-200">
          <span className="text-slate-700">
            Total to pay{" "}
            <span className="text-slate-600 text-sm">
              (
              {blocked
                ? `${cart.lines.length - withProblems.length} of ${lineCount(cart.lines.length)}`
                : lineCount(cart.lines.length)}
              )
            </span>
          </span>
          <output
            aria-live="polite"
            aria-label="Total to pay"
            data-testid="checkout-total"
            className="font-bold text-2xl text-navy tabular-nums"
          >
            {toPay === undefined ? "—" : formatDollars(toPay)}
          </output>
          <TaxBreakdown tax={tax} />
        </div>

        {totalChanged && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-amber-950 text-sm ring-1 ring-amber-200"
          >
            <AlertIcon className="mt-px size-5 shrink-0" />
            <span>
              <span className="font-semibold">{totalChanged.error}</span> The total was{" "}
              {formatDollars(totalChanged.was)} and is now{" "}
              {toPay === undefined ? "being worked out" : formatDollars(toPay)}. Check the lines, then place
              the order again to confirm the new total.
            </span>
          </p>
        )}
        {short && <ShortLines error={short.error} lines={short.lines} />}
        {failed !== null && <FailedAlert error={failed} />}

        <div>
          <button
            type="submit"
            className="btn btn-primary w-full"
            disabled={isSubmitting || blocked || taxPending}
            aria-describedby={noteId}
          >
            {isSubmitting ? "Placing your order…" : "Place order"}
          </button>
          <p id={noteId} className="mt-2 text-slate-600 text-xs">
            {blocked
              ? otherProblems > 0
                ? "Change or remove the lines marked with a problem first: they cannot be ordered as they are."
                : "Accept the new prices first: no price changes without your say."
              : toPay === undefined
                ? "The total with tax is worked out before you can place the order."
                : `Placing the order confirms this total of ${formatDollars(toPay)}, tax included.`}
          </p>
        </div>
      </form>
    </section>
  );
}
