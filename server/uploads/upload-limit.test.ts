import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { uploadRule } from "./routes";
import { uploads } from "./tables";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cm-upload-limit-test-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const boundary = "----cm-upload-limit";
const form = (data: Buffer) => ({
  contentType: `multipart/form-data; boundary=${boundary}`,
  payload: Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]),
});
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } } })
    .png()
    .toBuffer();

describeEachDatabase(
  "uploads: a per-user limit",
  (env) => {
    const upload = (who: TestUser, data: Buffer) => {
      const body = form(data);
      return call(env.app, "POST", "/api/upload", who, body.payload, {
        headers: { "content-type": body.contentType },
      });
    };
    const rows = async () => (await env.db.select().from(uploads)).length;

    it(`stores ${uploadRule.limit} attempts per user in ${uploadRule.windowMs / 60_000} minutes, then answers 429 with when to retry`, async () => {
      const u = await signUp(env.app);
      const photo = await png();
      // Refused attempts count too: each one is decoded before it is refused.
      for (let i = 0; i < uploadRule.limit - 2; i++) {
        expect((await upload(u, Buffer.from("not a picture"))).statusCode).toBe(415);
      }
      expect((await upload(u, photo)).statusCode).toBe(201);
      expect((await upload(u, photo)).statusCode).toBe(201);
      const stored = await rows();

      const refused = await upload(u, photo);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: "Too many photos uploaded (up to 20 every 10 minutes). Please wait 10 minutes and try again.",
      });
      const wait = Number(refused.headers["retry-after"]);
      expect(wait).toBeGreaterThan(uploadRule.windowMs / 1000 - 60);
      expect(wait).toBeLessThanOrEqual(uploadRule.windowMs / 1000);
      expect(await rows()).toBe(stored);

      // Per user, not per address: another user on the same address still uploads.
      const other = await signUp(env.app);
      expect((await upload(other, photo)).statusCode).toBe(201);
    });
  },
  { DATA_DIR: dataDir },
);
