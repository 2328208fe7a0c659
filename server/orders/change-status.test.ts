import { describe, expect, it } from "vitest";
import { allowedTransitions, canTransition, orderStatuses } from "../../contract/order-status";
import { HttpError } from "../http/errors";
import { assertTransition } from "./change-status";

describe("the order status machine", () => {
  it("moves only pending → paid → shipped, or pending → cancelled", () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(["paid->shipped", "pending->cancelled", "pending->paid"]);
    expect(allowedTransitions.shipped).toEqual([]);
    expect(allowedTransitions.cancelled).toEqual([]);
  });

  it.each([
    ["pending", "shipped", "Only paid orders can be shipped; this order is not paid yet"],
    ["paid", "paid", "This order is already paid"],
    ["paid", "cancelled", "Only unpaid orders can be removed; this order is paid"],
    ["shipped", "shipped", "This order has already been shipped"],
    ["cancelled", "paid", "This order was cancelled and cannot be paid"],
    ["cancelled", "cancelled", "This order is already cancelled"],
    ["shipped", "pending", "An order that is shipped cannot become pending"],
  ] as const)("refuses %s → %s with a 409 that says why", (from, to, message) => {
    let thrown: unknown;
    try {
      assertTransition(from, to);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ statusCode: 409, message });
  });

  it("lets allowed moves through", () => {
    expect(() => assertTransition("pending", "paid")).not.toThrow();
    expect(() => assertTransition("paid", "shipped")).not.toThrow();
    expect(() => assertTransition("pending", "cancelled")).not.toThrow();
  });
});
