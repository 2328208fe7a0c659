import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { UploadResponse } from "../../contract/uploads";
import { startFakeS3 } from "../test/fakes/fake-s3";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { uploads } from "./tables";

const fake = await startFakeS3();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cm-s3-uploads-test-"));
afterAll(async () => {
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => fake.fail(undefined));

const accessKeyId = "AKIATESTCARMECHANIC";
const prefix = "photos";

/** A photo as the browser's FormData sends it. */
async function photoForm() {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c82828" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") ?? "",
  };
}

const inBucket = (url: string) => fake.objects.get(`${prefix}/${path.basename(url)}`);

describeEachDatabase(
  "uploads kept in an S3-compatible bucket (S3_* settings, the official SDK against a fake S3)",
  (env) => {
    let user: TestUser;
    beforeAll(async () => {
      user = await signUp(env.app);
    });

    const upload = async () => {
      const form = await photoForm();
      return env.app.inject({
        method: "POST",
        url: "/api/upload",
        payload: form.payload,
        headers: { origin: testOrigin, cookie: user.cookie, "content-type": form.contentType },
      });
    };

    it("stores the photo and its thumbnail in the bucket, not on disk, and serves them at /uploads", async () => {
      const res = await upload();
      expect(res.statusCode).toBe(201);
      const { data } = res.json<UploadResponse>();
      expect(data).toMatchObject({ width: 40, height: 30 });

      for (const url of [data.url, data.thumbUrl]) {
        const stored = inBucket(url);
        expect(stored, url).toMatchObject({
          contentType: "image/webp",
          cacheControl: "public, max-age=31536000, immutable",
        });

        const served = await env.app.inject({ method: "GET", url });
        expect(served.statusCode, url).toBe(200);
        expect(served.headers["content-type"]).toBe("image/webp");
        expect(served.headers["content-length"]).toBe(String(stored?.body.length));
        expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(served.headers["x-content-type-options"]).toBe("nosniff");
        expect(served.rawPayload.equals(stored?.body ?? Buffer.alloc(0))).toBe(true);
        expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");

        const objectPath = `/${fake.bucket}/${prefix}/${path.basename(url)}`;
        const calls = fake.requests.filter((r) => r.path === objectPath);
        expect(calls.map((r) => r.method)).toEqual(["PUT", "GET"]);
        expect(calls.every((r) => r.signed && r.accessKeyId === accessKeyId)).toBe(true);
      }
      expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);

      const [row] = await env.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, path.basename(data.url)));
      expect(row).toMatchObject({ contentType: "image/webp", bytes: inBucket(data.url)?.body.length });
    });

    it("answers 404 for a photo the bucket does not have, after asking the bucket", async () => {
      const res = await upload();
      const { url } = res.json<UploadResponse>().data;
      fake.objects.delete(`${prefix}/${path.basename(url)}`);

      const served = await env.app.inject({ method: "GET", url });
      expect(served.statusCode).toBe(404);
      expect(served.json()).toEqual({ error: "No such photo" });
      const objectPath = `/${fake.bucket}/${prefix}/${path.basename(url)}`;
      expect(fake.requests.filter((r) => r.path === objectPath).map((r) => r.method)).toEqual(["PUT", "GET"]);
    });

    it("fails the upload when the bucket fails, leaving no row and no object", async () => {
      const rowsBefore = (await env.db.select().from(uploads)).length;
      const objectsBefore = fake.objects.size;
      fake.fail(503, "PUT");

      const res = await upload();
      expect(res.statusCode).toBe(500);
      expect(Object.keys(res.json())).toEqual(["error"]);
      expect((await env.db.select().from(uploads)).length).toBe(rowsBefore);
      expect(fake.objects.size).toBe(objectsBefore);
      expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
    });

    it("answers a bucket that fails on reading with 500, not with 404", async () => {
      const { url } = (await upload()).json<UploadResponse>().data;
      fake.fail(503, "GET");
      const served = await env.app.inject({ method: "GET", url });
      expect(served.statusCode).toBe(500);
    });
  },
  {
    DATA_DIR: dataDir,
    S3_BUCKET: fake.bucket,
    S3_ENDPOINT: fake.url,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: "fake-secret-for-tests",
    S3_PREFIX: prefix,
  },
);
