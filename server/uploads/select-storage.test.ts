import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { startFakeS3 } from "../test/fakes/fake-s3";
import { createUploadStorage } from "./select-storage";

const fake = await startFakeS3();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cm-select-storage-test-"));
afterAll(async () => {
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const s3Settings = {
  S3_BUCKET: fake.bucket,
  S3_ENDPOINT: fake.url,
  S3_ACCESS_KEY_ID: "AKIATESTCARMECHANIC",
  S3_SECRET_ACCESS_KEY: "fake-secret-for-tests",
};

describe("choosing the upload storage from the configuration", () => {
  it("keeps uploads in DATA_DIR/uploads when no S3 bucket is set", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.s3).toBeUndefined();
    const storage = await createUploadStorage(config);
    await storage.put("a1.webp", Buffer.from("on disk"), "image/webp");
    expect(fs.readFileSync(path.join(dataDir, "uploads", "a1.webp"), "utf8")).toBe("on disk");
    expect(fake.objects.size).toBe(0);
  });

  it("uses the S3 bucket when S3_BUCKET is set, path-style behind a custom endpoint", async () => {
    const config = loadConfig({ ...s3Settings, DATA_DIR: dataDir, S3_PREFIX: " /shop/uploads/ " });
    expect(config.s3).toEqual({
      bucket: fake.bucket,
      region: "us-east-1",
      endpoint: fake.url,
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIATESTCARMECHANIC", secretAccessKey: "fake-secret-for-tests" },
      prefix: "shop/uploads",
    });
    const storage = await createUploadStorage(config);
    await storage.put("b2.webp", Buffer.from("in the bucket"), "image/webp");
    expect(fake.objects.get("shop/uploads/b2.webp")?.body.toString()).toBe("in the bucket");
    expect(fs.existsSync(path.join(dataDir, "uploads", "b2.webp"))).toBe(false);
  });

  it("defaults to AWS itself: virtual-hosted addressing and the SDK's own credentials", () => {
    expect(loadConfig({ S3_BUCKET: "shop-photos", S3_REGION: "eu-central-1" }).s3).toEqual({
      bucket: "shop-photos",
      region: "eu-central-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      prefix: "",
    });
    const r2 = loadConfig({
      S3_BUCKET: "shop-photos",
      S3_REGION: "auto",
      S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      S3_FORCE_PATH_STYLE: "false",
    });
    expect(r2.s3).toMatchObject({ region: "auto", forcePathStyle: false });
    expect(loadConfig({ S3_BUCKET: "shop-photos", S3_FORCE_PATH_STYLE: "true" }).s3?.forcePathStyle).toBe(
      true,
    );
  });

  it("refuses to start with an incomplete or malformed S3 configuration", () => {
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: "AKIA1", S3_SECRET_ACCESS_KEY: "s" })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY need S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/need S3_BUCKET/);
    expect(() => loadConfig({ ...s3Settings, S3_SECRET_ACCESS_KEY: " " })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: "s" })).toThrow(/go together/);
    expect(() => loadConfig({ ...s3Settings, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3Settings, S3_ENDPOINT: "ftp://files.example" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3Settings, S3_BUCKET: "s3://shop-photos" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3Settings, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
    for (const prefix of ["../other", "shop/../../x", "a//b", "shop uploads", "./x"]) {
      expect(() => loadConfig({ ...s3Settings, S3_PREFIX: prefix }), prefix).toThrow(/S3_PREFIX/);
    }
    expect(() => loadConfig({ ...s3Settings, S3_PREFIX: "shop/v1.2/up_loads" })).not.toThrow();
  });
});
