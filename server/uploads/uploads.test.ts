import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { uploadAnswer } from "../../contract/answers";
import { maxUploadBytes, type UploadResponse } from "../../contract/uploads";
import { expectAnswer } from "../test/answers";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { uploads } from "./tables";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cm-uploads-test-"));
const uploadDir = path.join(dataDir, "uploads");
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Part = { name: string; data: Buffer | string; filename?: string; type?: string };

/** A multipart/form-data body, as a browser's FormData would send it. */
function multipart(parts: Part[]) {
  const boundary = `----cm-test-${crypto.randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const filename = p.filename ? `; filename="${p.filename}"` : "";
    const type = p.type ? `Content-Type: ${p.type}\r\n` : "";
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\n${type}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const picture = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

const files = {
  jpegWithExif: () =>
    picture()
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-owner", Artist: "GPS 23.8103N 90.4125E" } } })
      .toBuffer(),
  png: () => picture().png().toBuffer(),
  webp: () => picture().webp().toBuffer(),
  gif: () => picture().gif().toBuffer(),
  avif: () => picture().avif().toBuffer(),
};

function listUploadDir(): string[] {
  return fs.existsSync(uploadDir) ? fs.readdirSync(uploadDir).sort() : [];
}

describeEachDatabase(
  "uploads: POST /api/upload and GET /uploads/{name}",
  (env) => {
    let user: TestUser;
    let admin: TestUser;

    beforeAll(async () => {
      user = await signUp(env.app);
      admin = await signUp(env.app, { email: adminEmail });
    });

    const upload = (parts: Part[], who?: TestUser) => {
      const body = multipart(parts);
      return call(env.app, "POST", "/api/upload", who, body.payload, {
        headers: { "content-type": body.contentType },
      });
    };
    const photo = (data: Buffer | string, filename = "photo.jpg", type = "image/jpeg"): Part[] => [
      { name: "image", data, filename, type },
    ];
    const storedRows = async () => (await env.db.select().from(uploads)).length;

    it("refuses anonymous uploads with 401 and stores nothing", async () => {
      const before = listUploadDir();
      const res = await upload(photo(await files.jpegWithExif()));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty("error");
      expect(listUploadDir()).toEqual(before);
    });

    it("accepts a JPEG from a user, strips its metadata and serves a WebP with long cache headers", async () => {
      const original = await files.jpegWithExif();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      expect(original.includes("secret-owner")).toBe(true);

      const res = await upload(photo(original), user);
      expect(res.statusCode).toBe(201);
      const body = res.json<UploadResponse>();
      expectAnswer(uploadAnswer, body);
      expect(body.success).toBe(true);
      expect(body.data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      expect(body.data.thumbUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.thumb\.webp$/);
      expect(body.data).toMatchObject({ width: 40, height: 30 });

      const served = await env.app.inject({ method: "GET", url: body.data.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["content-security-policy"]).toMatch(/default-src 'none'/);
      const bytes = served.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes("secret-owner")).toBe(false);
      expect(bytes.includes("GPS")).toBe(false);

      const onDisk = fs.readFileSync(path.join(uploadDir, path.basename(body.data.url)));
      expect(onDisk.equals(bytes)).toBe(true);

      const thumb = await env.app.inject({ method: "GET", url: body.data.thumbUrl });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toBe("image/webp");
      expect(thumb.headers["cache-control"]).toMatch(/immutable/);

      const [row] = await env.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, path.basename(body.data.url)));
      expect(row).toMatchObject({ contentType: "image/webp", width: 40, height: 30, bytes: bytes.length });
      expect(row?.ownerId).toBeTruthy();
    });

    it.each([
      ["PNG", files.png, "p.png", "image/png"],
      ["WebP", files.webp, "p.webp", "image/webp"],
      ["GIF", files.gif, "p.gif", "image/gif"],
      ["AVIF", files.avif, "p.avif", "image/avif"],
    ])("accepts a %s from an admin and stores it as WebP", async (_kind, make, filename, type) => {
      const res = await upload(photo(await make(), filename, type), admin);
      expect(res.statusCode).toBe(201);
      const served = await env.app.inject({ method: "GET", url: res.json<UploadResponse>().data.url });
      expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
    });

    it("judges the type by content: a PNG sent as application/octet-stream named .txt is accepted", async () => {
      const res = await upload(photo(await files.png(), "notes.txt", "application/octet-stream"), user);
      expect(res.statusCode).toBe(201);
    });

    it("bounds the stored size to 1600 px and the thumbnail to 400 px", async () => {
      const res = await upload(
        photo(await picture(3200, 1000).png().toBuffer(), "wide.png", "image/png"),
        user,
      );
      expect(res.statusCode).toBe(201);
      const { data } = res.json<UploadResponse>();
      expect(data).toMatchObject({ width: 1600, height: 500 });
      const thumb = await env.app.inject({ method: "GET", url: data.thumbUrl });
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 400, height: 125 });
    });

    it("re-encodes a GIF with HTML appended, so none of the HTML is ever served", async () => {
      const gif = Buffer.concat([
        await files.gif(),
        Buffer.from("<html><script>alert(document.cookie)</script>"),
      ]);
      const res = await upload(photo(gif, "cat.gif", "image/gif"), user);
      expect(res.statusCode).toBe(201);
      const served = await env.app.inject({ method: "GET", url: res.json<UploadResponse>().data.url });
      expect(served.rawPayload.includes("<script")).toBe(false);
      expect(served.headers["content-type"]).toBe("image/webp");
    });

    const svgWithScript =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    const refusals: [string, () => Promise<Part[]>, number][] = [
      [
        "a text file renamed .png",
        async () => photo("just some text, not a picture", "photo.png", "image/png"),
        415,
      ],
      ["an SVG with a script", async () => photo(svgWithScript, "logo.svg", "image/svg+xml"), 415],
      ["an SVG named .png", async () => photo(svgWithScript, "logo.png", "image/png"), 415],
      [
        "a polyglot: a GIF header followed by JavaScript",
        async () => photo("GIF89a/*<html><script>alert(1)</script>*/=1;", "x.gif", "image/gif"),
        415,
      ],
      [
        "a truncated JPEG",
        async () => {
          const jpeg = await picture(400, 300).jpeg().toBuffer();
          return photo(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
        },
        415,
      ],
      [
        "a TIFF, which is not an accepted format",
        async () => photo(await picture().tiff().toBuffer(), "p.tiff"),
        415,
      ],
      [
        "a file over 5 MB",
        async () =>
          photo(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), crypto.randomBytes(maxUploadBytes)])),
        413,
      ],
      [
        "a small file that decodes to too many pixels",
        async () => photo(await picture(8000, 8000).png({ compressionLevel: 9 }).toBuffer(), "bomb.png"),
        413,
      ],
      ["no file at all", async () => [{ name: "title", data: "hello" }], 400],
      [
        "a photo in another field",
        async () => [{ name: "file", data: await files.png(), filename: "p.png" }],
        400,
      ],
      [
        "two photos",
        async () => [
          { name: "image", data: await files.png(), filename: "a.png" },
          { name: "image", data: await files.png(), filename: "b.png" },
        ],
        413,
      ],
    ];

    it.each(refusals)(
      "refuses %s with {error} and stores no file and no row",
      async (_what, parts, status) => {
        const filesBefore = listUploadDir();
        const rowsBefore = await storedRows();
        const res = await upload(await parts(), user);
        expect(res.statusCode).toBe(status);
        expect(Object.keys(res.json())).toEqual(["error"]);
        expect(listUploadDir()).toEqual(filesBefore);
        expect(await storedRows()).toBe(rowsBefore);
      },
    );

    it("refuses a body that is not multipart with 415 and a malformed form with 400", async () => {
      const json = await env.app.inject({
        method: "POST",
        url: "/api/upload",
        payload: { image: "data:image/png;base64,AAAA" },
        headers: { origin: testOrigin, cookie: user.cookie },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().error).toMatch(/multipart/);

      const broken = await env.app.inject({
        method: "POST",
        url: "/api/upload",
        payload: '--nope\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
        headers: {
          origin: testOrigin,
          cookie: user.cookie,
          "content-type": "multipart/form-data; boundary=nope",
        },
      });
      expect(broken.statusCode).toBeGreaterThanOrEqual(400);
      expect(broken.statusCode).toBeLessThan(500);
      expect(broken.json()).toHaveProperty("error");
    });

    it("refuses an upload posted from another site", async () => {
      const body = multipart(photo(await files.png()));
      const res = await env.app.inject({
        method: "POST",
        url: "/api/upload",
        payload: body.payload,
        headers: { origin: "https://evil.example", "content-type": body.contentType, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(403);
    });

    it("answers unknown and malformed upload names with 404 JSON", async () => {
      for (const url of [
        `/uploads/${"0".repeat(32)}.webp`,
        "/uploads/..%2F..%2Fetc%2Fpasswd",
        "/uploads/photo.svg",
        `/uploads/${"a".repeat(32)}.webp.partial`,
      ]) {
        const res = await env.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ error: "No such photo" });
      }
      const dots = await env.app.inject({ method: "GET", url: "/uploads/%2e%2e/%2e%2e/etc/passwd" });
      expect(dots.statusCode).toBe(404);
      expect(dots.json()).toHaveProperty("error");
    });
  },
  { ADMIN_EMAILS: adminEmail, DATA_DIR: dataDir },
);
