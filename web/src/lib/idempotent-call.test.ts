import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ApiError, apiJsonIdempotent, newIdempotencyKey } from "./api";

const anyBody = z.unknown();

/** A local shop whose answers the test scripts: "drop" cuts the connection, a number is that status. */
let script: (number | "drop")[] = [];
const keysSeen: (string | undefined)[] = [];
const server = http.createServer((req, res) => {
  keysSeen.push(req.headers["idempotency-key"] as string | undefined);
  const next = script.shift() ?? 500;
  if (next === "drop") return req.socket.destroy();
  res.writeHead(next, { "content-type": "application/json" });
  res.end(JSON.stringify(next < 400 ? { placed: true } : { error: `answer ${next}` }));
});
let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/order`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (key: string) => apiJsonIdempotent(url, anyBody, key, { method: "POST", json: { lot: 500 } });

describe("a call sent with an Idempotency-Key", () => {
  it("is sent again with the same key after a lost connection and a proxy's 502, and takes the answer", async () => {
    script = ["drop", 502, 201];
    keysSeen.length = 0;
    const key = newIdempotencyKey();
    expect(await send(key)).toEqual({ placed: true });
    expect(keysSeen).toEqual([key, key, key]);
  });

  it("takes the shop's own refusal as final", async () => {
    script = [409, 201];
    keysSeen.length = 0;
    await expect(send(newIdempotencyKey())).rejects.toEqual(
      new ApiError(409, "answer 409", { error: "answer 409" }),
    );
    expect(keysSeen).toHaveLength(1);
  });

  it("gives up after two more tries", async () => {
    script = ["drop", "drop", "drop", 201];
    keysSeen.length = 0;
    await expect(send(newIdempotencyKey())).rejects.toMatchObject({ status: 0 });
    expect(keysSeen).toHaveLength(3);
  });

  it("makes a new 32-hex-digit key each time", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
