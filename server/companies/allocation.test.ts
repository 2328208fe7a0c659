import { describe, expect, it } from "vitest";
import { type AmountDueCents, allocatePayments } from "./allocation";

const amount = (number: number, totalCents: number, dueOn: string): AmountDueCents => ({
  orderId: `order-${number}`,
  number,
  totalCents,
  shippedOn: "2026-10-01",
  dueOn,
});

const openOf = (amounts: AmountDueCents[], paidCents: number) => {
  const { open, creditCents } = allocatePayments(amounts, paidCents);
  return { open: open.map((a) => [a.number, a.openCents]), creditCents };
};

describe("allocatePayments: payments applied to the oldest amount due first", () => {
  // Given out of order on purpose: the earliest due comes first, not the first listed.
  const amounts = [
    amount(3, 300_00, "2026-11-20"),
    amount(1, 100_00, "2026-11-01"),
    amount(2, 250_50, "2026-11-10"),
  ];

  it("leaves every amount open when nothing is paid", () => {
    expect(openOf(amounts, 0)).toEqual({
      open: [
        [1, 100_00],
        [2, 250_50],
        [3, 300_00],
      ],
      creditCents: 0,
    });
  });

  it("pays the earliest due in full, then part of the next", () => {
    expect(openOf(amounts, 150_00)).toEqual({
      open: [
        [1, 0],
        [2, 200_50],
        [3, 300_00],
      ],
      creditCents: 0,
    });
  });

  it("settles amounts exactly to the cent", () => {
    expect(openOf(amounts, 350_50)).toEqual({
      open: [
        [1, 0],
        [2, 0],
        [3, 300_00],
      ],
      creditCents: 0,
    });
  });

  it("keeps what is paid beyond every amount as a credit", () => {
    expect(openOf(amounts, 700_51)).toEqual({
      open: [
        [1, 0],
        [2, 0],
        [3, 0],
      ],
      creditCents: 50_01,
    });
  });

  it("orders amounts due the same day by order number", () => {
    const sameDay = [amount(9, 50_00, "2026-11-01"), amount(4, 50_00, "2026-11-01")];
    expect(openOf(sameDay, 60_00).open).toEqual([
      [4, 0],
      [9, 40_00],
    ]);
  });

  it("is a credit only when there is nothing to pay", () => {
    expect(openOf([], 12_34)).toEqual({ open: [], creditCents: 12_34 });
  });
});
