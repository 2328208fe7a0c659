import { describe, expect, it } from "vitest";
import { reorderNoticeOf, reorderState } from "./reorder-notice";

describe("the Order again notice carried to /cart", () => {
  const notice = {
    orderNumber: "CM-10482",
    changes: [{ toolId: "t1", sku: "SP-1", name: "Spark Plug", change: "Price changed from $6.40 to $6.90" }],
  };

  it("reads back what My Orders put in the location's state", () => {
    expect(reorderNoticeOf(reorderState(notice))).toEqual(notice);
  });

  it("reads any other state as no notice", () => {
    for (const state of [
      null,
      undefined,
      "x",
      {},
      { reorder: null },
      { reorder: { orderNumber: 1, changes: [] } },
    ]) {
      expect(reorderNoticeOf(state)).toBeUndefined();
    }
    expect(reorderNoticeOf({ reorder: { orderNumber: "CM-1" } })).toBeUndefined();
  });
});
