import { describe, expect, it } from "vitest";
import { shopToday } from "./delivery-dates";
import { isRealDate, orderBody, orderFormSchema } from "./orders";

const today = shopToday();
const valid = {
  orderId: "8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f",
  orderMinimum: 500,
  orderPhone: "+1 (555) 010-0100",
  orderAddress: "12 Garage Lane, Springfield",
  orderDate: today,
};
const firstError = (body: object) => {
  const r = orderBody.safeParse({ ...valid, ...body });
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe("the order body", () => {
  it("accepts the spec's body plus a phone, and ignores nothing it needs", () => {
    const parsed = orderBody.parse({
      ...valid,
      orderName: "x",
      orderEmail: "y",
      orderProduct: "z",
      orderPrice: 1,
    });
    expect(parsed).toMatchObject(valid);
  });

  it.each([
    [{ orderMinimum: undefined }, "Enter how many pieces you need"],
    [{ orderMinimum: "500" }, "Enter the quantity as a number of pieces"],
    [{ orderMinimum: 12.5 }, "Order a whole number of pieces"],
    [{ orderPhone: "" }, "Phone Number Required"],
    [{ orderPhone: "call me" }, "Use only digits, spaces, +, - and ( ) in the phone number"],
    [{ orderPhone: "12345" }, "Enter a phone number of at least 7 characters"],
    [{ orderPhone: "1".repeat(21) }, "Enter a phone number of at most 20 characters"],
    [{ orderPhone: "(+) - (+) - ()" }, "Enter a phone number with at least 7 digits"],
    [{ orderAddress: "  " }, "Address is Required"],
    [{ orderAddress: "Home" }, "Enter the full delivery address"],
    [{ orderAddress: "x".repeat(301) }, "Use at most 300 characters for the address"],
    [{ orderDate: undefined }, "Choose the date you need the order by"],
    [{ orderDate: "31/12/2030" }, "Enter the date as YYYY-MM-DD"],
    [{ orderDate: "2031-02-29" }, "That date does not exist"],
    [{ orderDate: "2020-01-01" }, "Choose today or a later date"],
    [{ orderId: "nope" }, "That is not a valid tool id"],
  ])("refuses %j: %s", (body, message) => {
    expect(firstError(body)).toBe(message);
  });

  it("accepts the shop's today, whatever the zone it is sent from", () => {
    expect(firstError({ orderDate: today })).toBeUndefined();
  });

  it("knows real dates", () => {
    expect(isRealDate("2028-02-29")).toBe(true);
    expect(isRealDate("2027-02-29")).toBe(false);
    expect(isRealDate("2027-13-01")).toBe(false);
  });

  it("checks the tool's lot rules in the order form", () => {
    const form = orderFormSchema({ minimum: 500, increment: 50, available: 1800, leadTimeDays: 0 }, today);
    const fields = { quantity: 500, phone: valid.orderPhone, address: valid.orderAddress, neededBy: today };
    expect(form.safeParse(fields).success).toBe(true);
    const bad = form.safeParse({ ...fields, quantity: 2000 });
    expect(bad.error?.issues[0]).toMatchObject({ path: ["quantity"], message: "Only 1,800 pieces left" });
  });

  it("refuses in the order form a needed-by date before the tool's lead time allows, naming the earliest day", () => {
    const form = orderFormSchema({ minimum: 1, available: 1800, leadTimeDays: 3 }, "2026-11-27");
    const fields = { quantity: 500, phone: valid.orderPhone, address: valid.orderAddress };
    expect(form.safeParse({ ...fields, neededBy: "2030-11-30" }).success).toBe(true);
    const early = form.safeParse({ ...fields, neededBy: "2026-11-29" });
    expect(early.error?.issues[0]).toMatchObject({
      path: ["neededBy"],
      message:
        "The earliest this tool can arrive is Monday, November 30, 2026; choose that day or a later one",
    });
  });
});
