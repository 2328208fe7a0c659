import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useParams } from "react-router";
import { formatLongDay } from "#contract/delivery-dates";
import { formatDollars } from "#contract/money";
import { accountOrderNotPaidByCard, awaitsCardPayment } from "#contract/order-status";
import type { Order } from "#contract/orders";
import { cardText, type PaidOrder, type PaymentReceipt } from "#contract/payments";
import { pieces } from "#contract/tool-display";
import { BoxIcon, ChevronLeftIcon } from "#web/components/icons";
import { Link } from "#web/components/Link";
import { LoadError } from "#web/components/LoadError";
import { lineCount, OrderLines } from "#web/components/OrderLines";
import { PanelHeading } from "#web/components/PanelHeading";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { StatusPanel } from "#web/components/StatusPanel";
import { CheckCircleIcon, ShieldCheckIcon } from "#web/components/shop-icons";
import { orderTaxLines } from "#web/lib/orders/order-documents";
import { orderLinesOf } from "#web/lib/orders/order-lines";
import { ordersQueryKey } from "#web/lib/orders/query-keys";
import { useSession } from "#web/lib/session/get-session";
import { usePaymentIntent } from "../api/create-payment-intent";
import { useOrder } from "../api/get-order";
import { usePaymentsConfig } from "../api/get-payments-config";
import type { CardFormProps } from "../components/CardFormLayout";
import { SimulatedCardForm } from "../components/SimulatedCardForm";
import { isOrderConflict } from "../order-conflict";

// Stripe.js comes only with the Stripe gateway, in its own chunk.
const StripeCardForm = lazy(async () => ({
  default: (await import("../components/StripeCardForm")).StripeCardForm,
}));

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function neededBy(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
}

/** The sentence under the heading: which order is paid for. */
function payFor(order: Order | undefined): string {
  if (!order) return "Pay for your order by card.";
  if (order.paymentMethod === "account") return `Your order ${order.orderNumber} is on account.`;
  const lines = orderLinesOf(order);
  return lines.length > 1
    ? `Pay for your order of ${lineCount(lines.length)} in one payment.`
    : `Pay for your ${order.orderProduct} order.`;
}

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7";

function OrderSummary({ order }: { order: Order }) {
  const lines = orderLinesOf(order);
  return (
    <section aria-labelledby="summary-heading" className={card}>
      <h2 id="summary-heading" className="font-bold text-lg text-navy">
        Order summary
      </h2>
      <dl className="mt-4 space-y-3 text-[0.9375rem]">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Order</dt>
          <dd data-testid="order-number" className="text-right font-mono font-semibold text-navy">
            {order.orderNumber}
          </dd>
        </div>
        {order.poNumber && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">PO number</dt>
            <dd data-testid="po-number" className="break-all text-right font-mono text-navy">
              {order.poNumber}
            </dd>
          </div>
        )}
        {lines.length > 1 ? (
          <div>
            <dt className="sr-only">Lines</dt>
            <dd>
              <OrderLines lines={lines} orderNumber={order.orderNumber} first={5} />
            </dd>
          </div>
        ) : (
          <>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Product</dt>
              <dd className="text-right font-semibold text-navy">{order.orderProduct}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Quantity</dt>
              <dd className="text-right text-navy">
                {pieces(order.orderMinimum)} × {formatDollars(order.orderPrice)}
              </dd>
            </div>
          </>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Needed by</dt>
          <dd className="text-right text-navy">
            <time dateTime={order.orderDate}>{neededBy(order.orderDate)}</time>
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-slate-600">Deliver to</dt>
          <dd className="min-w-0 text-right text-navy [overflow-wrap:anywhere]">{order.orderAddress}</dd>
        </div>
        <div className="flex justify-between gap-4 border-slate-200 border-t pt-4">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-right text-navy tabular-nums">{formatDollars(order.subtotal)}</dd>
        </div>
        {orderTaxLines(order).map((line) => (
          <div key={line} data-testid="payment-tax" className="text-slate-700 tabular-nums">
            <dt className="sr-only">Tax</dt>
            <dd>{line}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 border-slate-200 border-t pt-4">
          <dt className="font-semibold text-navy">Total with tax</dt>
          <dd data-testid="payment-total" className="font-bold text-2xl text-navy tabular-nums">
            {formatDollars(order.total)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function TransactionLine({ id }: { id: string }) {
  return (
    <p className="mt-3 text-slate-700 text-sm">
      Transaction id:{" "}
      <code
        data-testid="transaction-id"
        className="rounded bg-white/70 px-1.5 py-0.5 font-mono font-semibold text-navy [overflow-wrap:anywhere]"
      >
        {id}
      </code>
    </p>
  );
}

const receiptMoment = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" });

function ReceiptRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-semibold text-navy tabular-nums">{children}</dd>
    </div>
  );
}

/** The receipt under the congratulation: what was paid, for which order, with which card, when. */
function Receipt({ receipt }: { receipt: PaymentReceipt }) {
  const card =
    receipt.cardBrand && receipt.cardLast4
      ? cardText({ brand: receipt.cardBrand, last4: receipt.cardLast4 })
      : "Card payment";
  return (
    <section
      aria-labelledby="receipt-heading"
      className="mt-4 rounded-xl bg-white/80 p-4 ring-1 ring-emerald-200"
    >
      <h3 id="receipt-heading" className="font-bold text-navy">
        Receipt
      </h3>
      <dl data-testid="receipt" className="mt-2 space-y-1.5 text-sm">
        <ReceiptRow label="Order">
          <span className="font-mono">{receipt.orderNumber}</span>
        </ReceiptRow>
        <ReceiptRow label="Amount paid">{formatDollars(receipt.amount)}</ReceiptRow>
        <ReceiptRow label="Card">{card}</ReceiptRow>
        <ReceiptRow label="Date">
          <time dateTime={receipt.paidAt}>{receiptMoment.format(new Date(receipt.paidAt))}</time>
        </ReceiptRow>
      </dl>
      <p className="mt-3 text-slate-600 text-sm">
        We emailed this receipt to{" "}
        <span className="font-medium text-navy [overflow-wrap:anywhere]">{receipt.emailedTo}</span>.
      </p>
    </section>
  );
}

/** Spec §8: the congratulation and the transaction id, right after the payment went through, and the receipt. */
function PaymentComplete({ paid }: { paid: PaidOrder }) {
  return (
    <section
      aria-labelledby="paid-heading"
      role="status"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:p-7"
    >
      <CheckCircleIcon className="size-10 text-emerald-700" />
      <h2 id="paid-heading" className="mt-3 font-bold text-emerald-900 text-xl">
        Congrates!Your Payment is completed.
      </h2>
      {paid.transactionId && <TransactionLine id={paid.transactionId} />}
      <Receipt receipt={paid.receipt} />
      <p className="mt-3 text-slate-700 text-sm">
        We have your payment and start preparing the lot for shipping. You can follow it in My Orders.
      </p>
      <Link to="/dashboard" className="btn btn-primary mt-5">
        Back to My Orders
      </Link>
    </section>
  );
}

function AlreadyPaid({ order }: { order: Order }) {
  return (
    <section
      aria-labelledby="paid-heading"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:p-7"
    >
      <CheckCircleIcon className="size-10 text-emerald-700" />
      <h2 id="paid-heading" className="mt-3 font-bold text-emerald-900 text-xl">
        Paid
      </h2>
      <p className="mt-1 text-slate-700 text-sm">
        {order.status === "shipped"
          ? "This order is paid and on its way."
          : "This order is paid: nothing left to pay."}
      </p>
      {order.transactionId && <TransactionLine id={order.transactionId} />}
      <Link to="/dashboard" className="btn btn-secondary mt-5">
        Back to My Orders
      </Link>
    </section>
  );
}

function Cancelled({ reason }: { reason: string | null }) {
  return (
    <section aria-labelledby="cancelled-heading" className={card}>
      <h2 id="cancelled-heading" className="font-bold text-lg text-navy">
        This order was cancelled
      </h2>
      {reason && (
        <p data-testid="cancel-reason" className="mt-2 font-medium text-navy">
          Reason: {reason}
        </p>
      )}
      <p className="mt-2 text-slate-600">
        A cancelled order cannot be paid. Place a new order from the tool's page if you still need it.
      </p>
      <Link to="/tools" className="btn btn-primary mt-5">
        Browse tools
      </Link>
    </section>
  );
}

/** An on-account order: nothing to pay by card here; its company pays it by transfer after it ships. */
function OnAccount({ order }: { order: Order }) {
  return (
    <section aria-labelledby="account-heading" data-testid="on-account-payment" className={card}>
      <h2 id="account-heading" className="font-bold text-lg text-navy">
        On account: no card payment
      </h2>
      <p className="mt-2 text-slate-700">{accountOrderNotPaidByCard}.</p>
      <p className="mt-2 text-slate-600 text-sm">
        {order.status === "cancelled"
          ? "This order was cancelled: nothing is owed for it."
          : order.dueOn
            ? `It was shipped and is due ${formatLongDay(order.dueOn)}.`
            : "It is due after it ships, within your company's payment terms."}
      </p>
      <Link to="/dashboard" className="btn btn-primary mt-5">
        Back to My Orders
      </Link>
    </section>
  );
}

type CardPaymentProps = Pick<CardFormProps, "onPaid" | "stillPayable"> & { order: Order };

/** The card form of the shop's gateway, with the payment's client secret once it has arrived. */
function CardPayment({ order, onPaid, stillPayable }: CardPaymentProps) {
  const session = useSession();
  const config = usePaymentsConfig();
  const intent = usePaymentIntent(order._id, true);
  const queryClient = useQueryClient();
  // 409: paid meanwhile (in another tab, or a payment whose confirmation was lost) or cancelled. The
  // order, read again, shows which.
  const conflict = isOrderConflict(intent.error);
  useEffect(() => {
    if (conflict) void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  }, [conflict, queryClient]);

  if (config.isError || intent.isError) {
    const error = config.error ?? intent.error;
    return (
      <LoadError
        title="We could not start the payment"
        error={error}
        onRetry={() => {
          if (config.isError) void config.refetch();
          if (intent.isError) void intent.refetch();
        }}
        retrying={config.isFetching || intent.isFetching}
      />
    );
  }

  const props: CardFormProps = {
    orderId: order._id,
    total: order.total,
    clientSecret: intent.data?.clientSecret,
    buyer: { name: session.data?.name ?? "", email: session.data?.email ?? "" },
    onPaid,
    stillPayable,
  };

  let form: ReactNode;
  if (config.isPending) {
    form = <Spinner label="Loading the card form…" />;
  } else if (config.data.gateway === "stripe" && config.data.publishableKey) {
    form = (
      <Suspense fallback={<Spinner label="Loading the card form…" />}>
        <StripeCardForm publishableKey={config.data.publishableKey} {...props} />
      </Suspense>
    );
  } else {
    form = <SimulatedCardForm {...props} />;
  }

  return (
    <section aria-labelledby="card-heading" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="card-heading" className="font-bold text-lg text-navy">
          Pay by card
        </h2>
        <span className="inline-flex items-center gap-1.5 text-slate-600 text-xs">
          <ShieldCheckIcon className="size-4 text-emerald-700" />
          Secure payment
        </span>
      </div>
      {config.data?.gateway === "simulated" && (
        <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-slate-600 text-sm ring-1 ring-slate-200">
          Test mode: pay with <span className="font-mono text-navy">4242 4242 4242 4242</span>, any future
          date and any 3-digit CVC.
        </p>
      )}
      <div className="mt-5">{form}</div>
    </section>
  );
}

/** The congratulation right after paying, why the order needs no payment, or the card form. */
function OrderPayment({
  order,
  paidNow,
  onPaid,
  stillPayable,
}: CardPaymentProps & { paidNow: PaidOrder | null }) {
  if (paidNow) return <PaymentComplete paid={paidNow} />;
  if (order.paymentMethod === "account") return <OnAccount order={order} />;
  if (awaitsCardPayment(order)) {
    return <CardPayment order={order} onPaid={onPaid} stillPayable={stillPayable} />;
  }
  if (order.status === "cancelled") return <Cancelled reason={order.cancelReason} />;
  return <AlreadyPaid order={order} />;
}

/** /dashboard/payment/{id}: the order's summary and its card payment. */
export function PaymentPage() {
  const { id = "" } = useParams();
  const order = useOrder(id);
  const [paidNow, setPaidNow] = useState<PaidOrder | null>(null);
  // A payment refused with a conflict: the order, read again, shows whether it was cancelled meanwhile.
  const stillPayable = async () => {
    const now = (await order.refetch()).data;
    return now !== undefined && awaitsCardPayment(now);
  };

  const body = (
    <QueryState
      query={order}
      pending={<Spinner label="Loading the order…" />}
      errorTitle="We could not load the order"
      notFound={
        <StatusPanel
          icon={BoxIcon}
          title="Order not found"
          action={
            <Link to="/dashboard" className="btn btn-primary mt-6">
              Go to My Orders
            </Link>
          }
        >
          There is no order of yours with this address. Your orders are in My Orders.
        </StatusPanel>
      }
    >
      {(current) => (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <OrderSummary order={current} />
          <OrderPayment order={current} paidNow={paidNow} onPaid={setPaidNow} stillPayable={stillPayable} />
        </div>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="payment-heading">
      <title>Payment · Car Mechanic</title>
      <Link
        to="/dashboard"
        className="mb-3 inline-flex items-center gap-1.5 rounded font-semibold text-accent-dark text-sm underline-offset-4 hover:underline"
      >
        <ChevronLeftIcon />
        My Orders
      </Link>
      <PanelHeading id="payment-heading" title="Payment">
        {payFor(order.data)}
      </PanelHeading>
      {body}
    </section>
  );
}
