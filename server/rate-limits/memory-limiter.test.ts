import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createRateLimiter } from "./memory-limiter";

// The limiter reads the clock: the tests set a fake one (its timers, which only drop ended
// windows' keys, stay real).
beforeEach(() => {
  vi.useFakeTimers({ now: 0, toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The limiter's call at `ms` on the test's clock. */
function at<T>(ms: number, call: () => Promise<T>): Promise<T> {
  vi.setSystemTime(ms);
  return call();
}

it("lets `limit` requests through per window and address, then says how long to wait", async () => {
  const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
  expect(await at(0, () => limiter.hit("a"))).toBeUndefined();
  expect(await at(1_000, () => limiter.hit("a"))).toBeUndefined();
  expect(await at(15_000, () => limiter.hit("a"))).toBe(45);
  expect(await at(15_000, () => limiter.hit("b"))).toBeUndefined();
  expect(await at(60_000, () => limiter.hit("a"))).toBeUndefined();
});

it("forgets old windows when many addresses have written", async () => {
  const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 });
  for (let i = 0; i <= 10_001; i++) await at(0, () => limiter.hit(`10.0.0.${i}`));
  expect(await at(500, () => limiter.hit("10.0.0.1"))).toBe(1);
  expect(await at(2_000, () => limiter.hit("fresh"))).toBeUndefined();
  expect(await at(2_000, () => limiter.hit("10.0.0.1"))).toBeUndefined();
});

it("takes back a hit (never below zero) and forgets a key's window on reset", async () => {
  const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
  expect(await at(0, () => limiter.hit("a"))).toBeUndefined();
  expect(await at(0, () => limiter.hit("a"))).toBeUndefined();
  await at(1_000, () => limiter.undo("a"));
  expect(await at(1_000, () => limiter.hit("a"))).toBeUndefined();
  expect(await at(1_000, () => limiter.hit("a"))).toBe(59);
  await limiter.reset("a");
  expect(await at(2_000, () => limiter.hit("a"))).toBeUndefined();
  await at(2_000, () => limiter.undo("a"));
  await at(2_000, () => limiter.undo("a"));
  expect(await at(2_000, () => limiter.hit("a"))).toBeUndefined();
  expect(await at(2_000, () => limiter.hit("a"))).toBeUndefined();
  expect(await at(2_000, () => limiter.hit("a"))).toBe(60);
  // An expired window is not touched: the next hit starts a new one.
  await at(62_000, () => limiter.undo("a"));
  expect(await at(62_000, () => limiter.hit("a"))).toBeUndefined();
});
