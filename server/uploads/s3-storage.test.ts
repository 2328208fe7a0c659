import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startFakeS3 } from "../test/fakes/fake-s3";
import { createS3Storage, type S3StorageOptions } from "./s3-storage";

const fake = await startFakeS3();
afterAll(() => fake.close());
afterEach(() => fake.fail(undefined));

const credentials = { accessKeyId: "AKIATESTCARMECHANIC", secretAccessKey: "fake-secret-for-tests" };

/** The adapter through the official SDK, pointed at the fake as at MinIO or R2. */
const s3 = (options: Partial<S3StorageOptions> = {}) =>
  createS3Storage({
    bucket: fake.bucket,
    region: "us-east-1",
    endpoint: fake.url,
    forcePathStyle: true,
    credentials,
    ...options,
  });

const readAll = async (body: Readable) => Buffer.concat(await body.toArray());
const newKey = (suffix = ".webp") => `${crypto.randomBytes(16).toString("hex")}${suffix}`;
const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path);

describe("S3 upload storage (the official SDK against a fake S3-compatible server)", () => {
  it("stores, serves and deletes a file through signed requests", async () => {
    const storage = s3();
    const key = newKey();
    const bytes = crypto.randomBytes(3000);

    await storage.put(key, bytes, "image/webp");
    expect(fake.objects.get(key)).toMatchObject({
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });
    expect(fake.objects.get(key)?.body.equals(bytes)).toBe(true);

    const file = await storage.get(key);
    expect(file).toMatchObject({ size: 3000, contentType: "image/webp" });
    expect((await readAll(file?.body as Readable)).equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(fake.objects.has(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();

    const path = `/${fake.bucket}/${key}`;
    expect(requestsTo(path).map((r) => r.method)).toEqual(["PUT", "GET", "DELETE", "GET"]);
    for (const request of requestsTo(path)) {
      expect(request).toMatchObject({ signed: true, accessKeyId: credentials.accessKeyId });
    }
  });

  it("answers undefined for a key with no file, and deleting one is not an error", async () => {
    const storage = s3();
    const key = newKey(".thumb.webp");
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(requestsTo(`/${fake.bucket}/${key}`).map((r) => r.method)).toEqual(["GET", "DELETE"]);
  });

  it("keeps files under the prefix, whatever slashes the prefix was given with", async () => {
    const storage = s3({ prefix: "/shop/uploads/" });
    const key = newKey();
    await storage.put(key, Buffer.from("photo"), "image/webp");
    expect(fake.objects.has(`shop/uploads/${key}`)).toBe(true);
    expect(fake.objects.has(key)).toBe(false);
    expect(requestsTo(`/${fake.bucket}/shop/uploads/${key}`)).toHaveLength(1);

    expect((await storage.get(key))?.size).toBe(5);
    expect(await s3().get(key)).toBeUndefined();
    expect(await s3({ prefix: "shop" }).get(key)).toBeUndefined();

    await storage.delete(key);
    expect(fake.objects.has(`shop/uploads/${key}`)).toBe(false);
  });

  it("refuses keys that could leave the prefix, without a request", async () => {
    const storage = s3({ prefix: "shop/uploads" });
    const before = fake.requests.length;
    for (const key of [
      "../secret.webp",
      "a/b.webp",
      "..",
      ".hidden",
      "x.webp/..",
      "",
      "x%2F.webp",
      "x\n.webp",
    ]) {
      await expect(storage.put(key, Buffer.from("x"), "image/webp"), key).rejects.toThrow(
        /Unsafe storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect(fake.requests.length).toBe(before);
  });

  it("surfaces a failing server as an error, never as a missing file", async () => {
    const storage = s3();
    const key = newKey();
    await storage.put(key, Buffer.from("photo"), "image/webp");

    fake.fail(500);
    await expect(storage.get(key)).rejects.toThrow();
    await expect(storage.put(newKey(), Buffer.from("x"), "image/webp")).rejects.toThrow();
    await expect(storage.delete(key)).rejects.toThrow();

    fake.fail(undefined);
    expect((await storage.get(key))?.size).toBe(5);
  });

  it("treats a bucket that does not exist as an error, not as a missing file", async () => {
    await expect(s3({ bucket: "no-such-bucket" }).get(newKey())).rejects.toThrow(/bucket/i);
    await expect(s3({ bucket: "no-such-bucket" }).delete(newKey())).rejects.toThrow(/bucket/i);
  });
});
