import { expect, it } from "vitest";
import { createRateLimiter } from "./memory-limiter";

it("lets `limit` requests through per window and address, then says how long to wait", async () => {
  const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
  expect(await limiter.hit("a", 0)).toBeUndefined();
  expect(await limiter.hit("a", 1_000)).toBeUndefined();
  expect(await limiter.hit("a", 15_000)).toBe(45);
  expect(await limiter.hit("b", 15_000)).toBeUndefined();
  expect(await limiter.hit("a", 60_000)).toBeUndefined();
});

it("forgets old windows when many addresses have written", async () => {
  const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 });
  for (let i = 0; i <= 10_001; i++) await limiter.hit(`10.0.0.${i}`, 0);
  expect(await limiter.hit("10.0.0.1", 500)).toBe(1);
  expect(await limiter.hit("fresh", 2_000)).toBeUndefined();
  expect(await limiter.hit("10.0.0.1", 2_000)).toBeUndefined();
});

it("takes back a hit (never below zero) and forgets a key's window on reset", async () => {
  const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
  expect(await limiter.hit("a", 0)).toBeUndefined();
  expect(await limiter.hit("a", 0)).toBeUndefined();
  await limiter.undo("a", 1_000);
  expect(await limiter.hit("a", 1_000)).toBeUndefined();
  expect(await limiter.hit("a", 1_000)).toBe(59);

  await limiter.reset("a");
  expect(await limiter.hit("a", 2_000)).toBeUndefined();
  await limiter.undo("a", 2_000);
  await limiter.undo("a", 2_000);
  expect(await limiter.hit("a", 2_000)).toBeUndefined();
  expect(await limiter.hit("a", 2_000)).toBeUndefined();
  expect(await limiter.hit("a", 2_000)).toBe(60);
  // An expired window is not touched: the next hit starts a new one.
  await limiter.undo("a", 62_000);
  expect(await limiter.hit("a", 62_000)).toBeUndefined();
});
