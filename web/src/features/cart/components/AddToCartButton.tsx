import { useQueryClient } from "@tanstack/react-query";
import type { Tool } from "#contract/catalog";
import { checkLot, lotRange } from "#contract/lot-rules";
import { pieces } from "#contract/tool-display";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { cartQueryOptions, useSetCartLine } from "../api/cart";
import { refusalOf } from "../api/refusal";

/** The tool page's quantity field, as its order form lends it (OrderForm's `besideSubmit`). */
type QuantityField = {
  value: unknown;
  set: (quantity: number) => void;
  refuse: (message: string) => void;
};

/**
 * "Add to cart" beside "Place order": the quantity of the same stepper goes into the cart (PUT; a
 * line already there takes this quantity). A quantity the server refuses is shown at the field, and
 * the toast offers the nearest one the tool's rules allow. The toast says whether the line was added
 * or, when the tool was already in the cart, what its quantity became.
 */
export function AddToCartButton({ tool, quantity }: { tool: Tool; quantity: QuantityField }) {
  const queryClient = useQueryClient();
  const setLine = useSetCartLine();
  const { soldOut } = lotRange(tool);

  async function add() {
    const wrong = checkLot(tool, quantity.value);
    if (wrong) {
      quantity.refuse(wrong);
      return;
    }
    const asked = quantity.value as number;
    // The cart as it was (the bar's count has usually read it already): was the tool in it?
    const before = await queryClient.ensureQueryData(cartQueryOptions()).catch(() => undefined);
    const existing = before?.lines.find((line) => line.toolId === tool._id);
    try {
      await setLine.mutateAsync({ toolId: tool._id, quantity: asked });
    } catch (error) {
      const refusal = refusalOf(error);
      quantity.refuse(errorMessage(error));
      const suggested = refusal?.suggestedQuantity;
      toast.error("Not added to your cart", {
        description: errorMessage(error),
        ...(suggested != null && {
          action: {
            label: `Use ${suggested.toLocaleString("en-US")}`,
            onClick: () => quantity.set(suggested),
          },
        }),
      });
      return;
    }
    if (before && !existing) {
      toast.success("Added to your cart", { description: `${pieces(asked)} of ${tool.name}` });
    } else if (existing?.quantity === asked) {
      toast.success("Already in your cart", { description: `${pieces(asked)} of ${tool.name}` });
    } else {
      toast.success(`Cart updated: ${pieces(asked)} of ${tool.name}`, {
        ...(existing && { description: `It had ${pieces(existing.quantity)}.` }),
      });
    }
  }

  return (
    <button
      type="button"
      onClick={add}
      disabled={setLine.isPending || soldOut}
      className="btn btn-secondary w-full"
    >
      {setLine.isPending ? "Adding…" : "Add to cart"}
    </button>
  );
}
