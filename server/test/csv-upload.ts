// CSV uploads for the API tests (not a test file itself).
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { call } from "./requests";
import type { TestUser } from "./sessions";

/**
 * A CSV file (text, or the bytes some other program saved) in a multipart/form-data body, as the
 * admin page's file input sends it.
 */
export function csvUpload(file: string | Buffer, field = "file") {
  const boundary = `----cm-csv-${crypto.randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="tools.csv"\r\n` +
        "Content-Type: text/csv\r\n\r\n",
    ),
    typeof file === "string" ? Buffer.from(file) : file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** `POST /api/import/tools` with `file`, as `admin`. */
export function importCatalogFile(app: FastifyInstance, admin: TestUser, file: string | Buffer) {
  const { payload, headers } = csvUpload(file);
  return call(app, "POST", "/api/import/tools", admin, payload, { headers });
}
