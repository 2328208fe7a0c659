// FOR TESTS ONLY: a tiny stand-in for an S3-compatible object store on 127.0.0.1, path-style
// (/{bucket}/{key}), speaking the object calls the uploads adapter makes (PUT, GET, HEAD, DELETE),
// so the S3 adapter runs through the official SDK with no account. Point the shop at it with
// S3_ENDPOINT=<url> and S3_BUCKET=<bucket>. Signatures must be present but are not verified.
import crypto from "node:crypto";
import http from "node:http";
import { listenOnLocalhost } from "../local-server";

export type FakeObject = {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  etag: string;
};

export type FakeS3Request = {
  method: string;
  /** The path as sent, e.g. "/car-mechanic-test/photos/abc.webp" (query left off). */
  path: string;
  /** Whether it carried an `authorization: AWS4-HMAC-SHA256 …` header (SigV4). */
  signed: boolean;
  /** The access key id named in that header. */
  accessKeyId: string | undefined;
};

export type FakeS3 = {
  url: string;
  /** The one bucket that exists; any other answers NoSuchBucket. */
  bucket: string;
  /** The stored objects by key (without the bucket). */
  objects: Map<string, FakeObject>;
  /** Every request the fake received. */
  requests: FakeS3Request[];
  /** Answers every request (or only those of `method`) with this 5xx status; `undefined` stops. */
  fail(status: number | undefined, method?: string): void;
  close(): Promise<void>;
};

const errorMessages: Record<string, string> = {
  AccessDenied: "Access Denied",
  NoSuchKey: "The specified key does not exist.",
  NoSuchBucket: "The specified bucket does not exist",
  MethodNotAllowed: "The specified method is not allowed against this resource.",
  InvalidURI: "Couldn't parse the specified URI.",
  NotImplemented: "A header you provided implies functionality that is not implemented",
  InternalError: "We encountered an internal error. Please try again.",
};

/** A path segment decoded, or undefined when its escapes are malformed. */
function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeS3(bucket = "car-mechanic-test"): Promise<FakeS3> {
  const objects = new Map<string, FakeObject>();
  const requests: FakeS3Request[] = [];
  let failure: { status: number; method: string | undefined } | undefined;

  const sendError = (req: http.IncomingMessage, res: http.ServerResponse, status: number, code: string) => {
    const resource = xmlEscape((req.url ?? "").split("?")[0] ?? "");
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<Error><Code>${code}</Code><Message>${errorMessages[code] ?? code}</Message>` +
      `<Resource>${resource}</Resource><RequestId>${crypto.randomBytes(8).toString("hex")}</RequestId></Error>`;
    res.writeHead(status, { "content-type": "application/xml", "x-amz-request-id": "fake" });
    // S3 answers HEAD errors with the status alone.
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = req.method ?? "";
      const path = (req.url ?? "").split("?")[0] ?? "";
      const authorization = req.headers.authorization ?? "";
      const signed = authorization.startsWith("AWS4-HMAC-SHA256 ");
      const accessKeyId = /Credential=([^/,\s]+)\//.exec(authorization)?.[1];
      requests.push({ method, path, signed, accessKeyId });

      if (!signed) return sendError(req, res, 403, "AccessDenied");
      if (failure && (!failure.method || failure.method === method)) {
        return sendError(req, res, failure.status, "InternalError");
      }
      const [, bucketName = "", ...rest] = path.split("/");
      const key = decode(rest.join("/"));
      if (key === undefined) return sendError(req, res, 400, "InvalidURI");
      if (decode(bucketName) !== bucket) return sendError(req, res, 404, "NoSuchBucket");
      // Bucket-level calls (listing and the like) are not needed by the adapter.
      if (!key) return sendError(req, res, 501, "NotImplemented");

      if (method === "PUT") {
        // Chunk-signed bodies would be stored with their framing: refuse rather than corrupt.
        if (String(req.headers["x-amz-content-sha256"]).startsWith("STREAMING-")) {
          return sendError(req, res, 501, "NotImplemented");
        }
        const body = Buffer.concat(chunks);
        const etag = `"${crypto.createHash("md5").update(body).digest("hex")}"`;
        objects.set(key, {
          body,
          contentType: req.headers["content-type"] ?? "binary/octet-stream",
          cacheControl: req.headers["cache-control"],
          etag,
        });
        res.writeHead(200, { etag });
        return res.end();
      }
      if (method === "GET" || method === "HEAD") {
        const object = objects.get(key);
        if (!object) return sendError(req, res, 404, "NoSuchKey");
        res.writeHead(200, {
          "content-type": object.contentType,
          "content-length": object.body.length,
          etag: object.etag,
          "last-modified": new Date().toUTCString(),
          ...(object.cacheControl ? { "cache-control": object.cacheControl } : {}),
        });
        return res.end(method === "GET" ? object.body : undefined);
      }
      if (method === "DELETE") {
        objects.delete(key); // a missing key is 204 too
        res.writeHead(204);
        return res.end();
      }
      return sendError(req, res, 405, "MethodNotAllowed");
    });
  });

  const { url, close } = await listenOnLocalhost(server);

  return {
    url,
    bucket,
    objects,
    requests,
    fail(status, method) {
      failure = status === undefined ? undefined : { status, method };
    },
    close,
  };
}
