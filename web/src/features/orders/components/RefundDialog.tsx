import { useId, useState } from "react";
import { refundBody } from "#contract/invoices";
import { formatDollars } from "#contract/money";
import type { Order } from "#contract/orders";
import { ConfirmDialog } from "#web/components/ConfirmDialog";
import { controlClass, FieldError } from "#web/components/FormField";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useRefundOrder } from "../api/refund-order";

type RefundDialogProps = {
  /** The order to refund; null closes the dialog. */
  order: Order | null;
  onClose: () => void;
};

/**
 * Refund (Manage All Order): asks why (printed on the credit note), then cancels the paid or
 * invoiced order. The contract's message for a missing reason, and the shop's refusal as it comes
 * (already refunded, not refundable), are shown in the dialog, which stays open.
 */
export function RefundDialog({ order, onClose }: RefundDialogProps) {
  const refund = useRefundOrder();
  const id = useId();
  // The dialog keeps showing the order while it closes.
  const [shown, setShown] = useState<Order | null>(order);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  if (order && order !== shown) {
    setShown(order);
    setReason("");
    setProblem(undefined);
  }

  async function confirm() {
    if (!order) return;
    const parsed = refundBody.safeParse({ reason });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Give the reason for the refund";
      setProblem(message);
      throw new Error(message);
    }
    try {
      await refund.mutateAsync({ id: order._id, reason: parsed.data.reason });
    } catch (error) {
      setProblem(errorMessage(error));
      toast.error("The order was not refunded", { description: errorMessage(error) });
      throw error;
    }
  }

  return (
    <ConfirmDialog
      open={order !== null}
      onClose={onClose}
      title="Refund this order?"
      text={
        shown && (
          <div className="space-y-3">
            <p>
              Order {shown.orderNumber} ({formatDollars(shown.total)}) for {shown.orderName} will be cancelled
              {shown.invoiceNumber ? `, and a credit note will correct invoice ${shown.invoiceNumber}.` : "."}
            </p>
            <div>
              <label htmlFor={id} className="font-semibold text-sm text-steel">
                Reason for the refund
              </label>
              <textarea
                id={id}
                rows={3}
                maxLength={300}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setProblem(undefined);
                }}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
                placeholder="Returned damaged"
                className={`${controlClass} resize-y`}
              />
              {problem && <FieldError id={`${id}-error`} message={problem} />}
            </div>
          </div>
        )
      }
      confirmLabel="Refund"
      busyLabel="Refunding…"
      onConfirm={confirm}
    />
  );
}
