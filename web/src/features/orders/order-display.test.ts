import { describe, expect, it } from "vitest";
import {
  adminStatusLabels,
  buyerStatusLabels,
  canRefund,
  dueLabel,
  orderStatusLabel,
  poNumberLabel,
  refundLabel,
} from "./order-display";

describe("how the order lists show an order's company terms", () => {
  it("reads a pending on-account order as confirmed, never awaiting payment", () => {
    const order = { status: "pending", paymentMethod: "account" } as const;
    expect(orderStatusLabel(order, buyerStatusLabels)).toBe("Preparing shipment");
    expect(orderStatusLabel(order, adminStatusLabels)).toBe("Ready to ship");
  });

  it("reads every card order, and a later on-account one, by its status", () => {
    expect(orderStatusLabel({ status: "pending", paymentMethod: "card" }, buyerStatusLabels)).toBe(
      "Awaiting payment",
    );
    expect(orderStatusLabel({ status: "pending", paymentMethod: "card" }, adminStatusLabels)).toBe(
      "Awaiting payment",
    );
    expect(orderStatusLabel({ status: "shipped", paymentMethod: "account" }, adminStatusLabels)).toBe(
      "Shipped",
    );
    expect(orderStatusLabel({ status: "cancelled", paymentMethod: "account" }, buyerStatusLabels)).toBe(
      "Cancelled",
    );
  });

  it("names the PO number when there is one", () => {
    expect(poNumberLabel("ABC-123")).toBe("PO ABC-123");
    expect(poNumberLabel(null)).toBeUndefined();
    expect(poNumberLabel("")).toBeUndefined();
  });

  it("says when a shipped on-account order is due, in full", () => {
    expect(dueLabel({ paymentMethod: "account", dueOn: "2026-12-28" })).toBe("Due Monday, December 28, 2026");
    expect(dueLabel({ paymentMethod: "account", dueOn: null })).toBeUndefined();
    expect(dueLabel({ paymentMethod: "card", dueOn: "2026-12-28" })).toBeUndefined();
  });
});

describe("which orders Manage All Order offers to refund", () => {
  it("refunds a paid or shipped card order and a shipped on-account one, never an unpaid or a cancelled one", () => {
    expect(canRefund({ status: "paid", paymentMethod: "card" })).toBe(true);
    expect(canRefund({ status: "shipped", paymentMethod: "card" })).toBe(true);
    expect(canRefund({ status: "shipped", paymentMethod: "account" })).toBe(true);
    expect(canRefund({ status: "pending", paymentMethod: "account" })).toBe(false);
    expect(canRefund({ status: "pending", paymentMethod: "card" })).toBe(false);
    expect(canRefund({ status: "cancelled", paymentMethod: "card" })).toBe(false);
  });
});

describe("what a cancelled order's money became", () => {
  const order = { transactionId: null, shippedOn: null } as const;
  it("says Refunded for a paid card order cancelled, Credited for a shipped on-account one, nothing when unpaid", () => {
    expect(refundLabel({ ...order, status: "cancelled", paymentMethod: "card", transactionId: "pi_1" })).toBe(
      "Refunded",
    );
    expect(
      refundLabel({ ...order, status: "cancelled", paymentMethod: "account", shippedOn: "2026-11-20" }),
    ).toBe("Credited");
    expect(refundLabel({ ...order, status: "cancelled", paymentMethod: "card" })).toBeUndefined();
    expect(refundLabel({ ...order, status: "cancelled", paymentMethod: "account" })).toBeUndefined();
    expect(
      refundLabel({ ...order, status: "paid", paymentMethod: "card", transactionId: "pi_1" }),
    ).toBeUndefined();
  });
});
