import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { addCalendarDays, formatLongDay, shopToday } from "../../contract/delivery-dates";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { orderBody } from "./order-test-helpers";

const tooSoon = (earliest: string) =>
  `The earliest this tool can arrive is ${formatLongDay(earliest)}; choose that day or a later one`;

/** The day of the week of a YYYY-MM-DD day, 0 Sunday … 6 Saturday. */
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

describeEachDatabase("the needed-by date against the tool's lead time: POST /api/order", (env) => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await signUp(env.app, { name: "Amina Workshop" });
  });
  afterEach(() => vi.useRealTimers());

  const order = (toolId: string, orderDate: string) =>
    call(env.app, "POST", "/api/order", buyer, orderBody(toolId, 10, { orderDate }));

  it("accepts the earliest day the lead time allows and refuses the day before with 400 naming it", async () => {
    const tool = await insertTool(env.db, { leadTimeDays: 3 });
    const earliest = addCalendarDays(shopToday(), 3);
    const early = await order(tool.id, addCalendarDays(earliest, -1));
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: tooSoon(earliest) });
    const onTime = await order(tool.id, earliest);
    expect(onTime.statusCode, onTime.body).toBe(201);
    expect(onTime.json().order.orderDate).toBe(earliest);
  });

  it("counts weekends as delivery days: a Saturday is the earliest day when the lead time ends there", async () => {
    const today = shopToday();
    const toSaturday = (6 - weekday(today) + 7) % 7 || 7;
    const tool = await insertTool(env.db, { leadTimeDays: toSaturday });
    const saturday = addCalendarDays(today, toSaturday);
    expect(weekday(saturday)).toBe(6);
    expect((await order(tool.id, saturday)).statusCode).toBe(201);
    const friday = await order(tool.id, addCalendarDays(saturday, -1));
    expect(friday.json()).toEqual({ error: tooSoon(saturday) });
  });

  it("turns the day at midnight in the shop's zone (New York), not at midnight UTC", async () => {
    const tool = await insertTool(env.db, { leadTimeDays: 3 });
    // The next midnight in New York: a whole UTC hour (New York is 4 or 5 hours behind).
    let midnight = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    while (shopToday(new Date(midnight)) === shopToday()) midnight += 3_600_000;
    const before = new Date(midnight - 30 * 60_000);
    const after = new Date(midnight + 30 * 60_000);
    expect(new Date(midnight).getUTCHours()).not.toBe(0);
    const earliestBefore = addCalendarDays(shopToday(before), 3);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(before);
    expect((await order(tool.id, earliestBefore)).statusCode).toBe(201);
    // Half an hour later it is the next day in New York: that day is now one too early.
    vi.setSystemTime(after);
    const late = await order(tool.id, earliestBefore);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: tooSoon(addCalendarDays(earliestBefore, 1)) });
  });

  it("allows a tool that ships today to be needed today, and no earlier", async () => {
    const tool = await insertTool(env.db, { leadTimeDays: 0 });
    expect((await order(tool.id, shopToday())).statusCode).toBe(201);
    const yesterday = await order(tool.id, addCalendarDays(shopToday(), -1));
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json()).toEqual({ error: "Choose today or a later date" });
  });
});
