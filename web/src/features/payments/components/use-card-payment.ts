import { useState } from "react";
import { errorMessage } from "#web/lib/api";
import { useMarkOrderPaid } from "../api/mark-order-paid";
import { isOrderConflict } from "../order-conflict";
import type { CardFormProps } from "./CardFormLayout";

/**
 * What both gateways' card forms do around the card itself: show the gateway's refusal in red, and
 * once the card is charged, mark the order paid.
 */
export function useCardPayment({
  orderId,
  onPaid,
  stillPayable,
}: Pick<CardFormProps, "orderId" | "onPaid" | "stillPayable">) {
  const markPaid = useMarkOrderPaid();
  const [cardError, setCardError] = useState<string | null>(null);

  /**
   * The card was not charged, or the order not marked paid. When the order changed meanwhile
   * (cancelled, its payment with it, or paid elsewhere) and can no longer be paid, the page shows
   * what became of it instead of the message.
   */
  async function refuse(message: string, orderChanged: boolean): Promise<void> {
    if (orderChanged && !(await stillPayable())) return;
    setCardError(message);
  }

  /** The shop refused: its message; a conflict (409) means the order changed meanwhile. */
  function failed(error: unknown): Promise<void> {
    return refuse(errorMessage(error), isOrderConflict(error));
  }

  /** The gateway took the payment `transactionId`: the order is marked paid. */
  async function charged(transactionId: string): Promise<void> {
    try {
      onPaid(await markPaid.mutateAsync({ orderId, transactionId }));
    } catch (error) {
      await failed(error);
    }
  }

  return { cardError, clearCardError: () => setCardError(null), refuse, failed, charged };
}
