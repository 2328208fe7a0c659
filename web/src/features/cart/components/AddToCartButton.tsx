import type { Tool } from "#contract/catalog";
import { checkLot, lotRange } from "#contract/lot-rules";
import { pieces } from "#contract/tool-display";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { refusalOf, useSetCartLine } from "../api/cart";

/** The tool page's quantity field, as its order form lends it (OrderForm's `besideSubmit`). */
type QuantityField = {
  value: unknown;
  set: (quantity: number) => void;
  refuse: (message: string) => void;
};

/**
 * "Add to cart" beside "Place order": the quantity of the same stepper goes into the cart (PUT; a
 * line already there takes this quantity). A quantity the server refuses is shown at the field, and
 * the toast offers the nearest one the tool's rules allow.
 */
export function AddToCartButton({ tool, quantity }: { tool: Tool; quantity: QuantityField }) {
  const setLine = useSetCartLine();
  const { soldOut } = lotRange(tool);

  async function add() {
    const wrong = checkLot(tool, quantity.value);
    if (wrong) {
      quantity.refuse(wrong);
      return;
    }
    const asked = quantity.value as number;
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
    toast.success("Added to your cart", { description: `${pieces(asked)} of ${tool.name}` });
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
