import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertSafeKey, type StoredFile, type UploadStorage } from "./storage";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, …), e.g. http://127.0.0.1:9000; AWS itself when undefined. */
  endpoint?: string | undefined;
  /** Address objects as endpoint/bucket/key rather than bucket.endpoint/key. */
  forcePathStyle?: boolean;
  /** Undefined means the SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Folder in the bucket the keys go under, e.g. "shop/uploads"; the bucket's root when empty. */
  prefix?: string;
};

/** Stored under random names that never get other content, so any cache may keep them for a year. */
const cacheControl = "public, max-age=31536000, immutable";

/** Uploads as objects in an S3-compatible bucket; still served by our own /uploads route. */
export function createS3Storage(options: S3StorageOptions): UploadStorage {
  const { bucket, endpoint, credentials } = options;
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    ...(endpoint ? { endpoint } : {}),
    ...(credentials ? { credentials } : {}),
    // The SDK's default checksum headers (CRC32 on every upload) are refused by some S3-compatible
    // services; elsewhere than AWS, send checksums only where an operation requires them.
    ...(endpoint
      ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
      : {}),
  });
  const folder = (options.prefix ?? "").replace(/^\/+|\/+$/g, "");

  function objectKey(key: string): string {
    // Keys are made by the server; this guards the prefix against a bug passing a client's string.
    assertSafeKey(key);
    return folder ? `${folder}/${key}` : key;
  }

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
          CacheControl: cacheControl,
        }),
      );
    },

    async get(key): Promise<StoredFile | undefined> {
      let object: GetObjectCommandOutput;
      try {
        object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (err) {
        if (isMissingObject(err)) return undefined;
        throw err;
      }
      if (!object.Body) throw new Error(`S3 sent no body for ${JSON.stringify(key)}`);
      const body = toNodeStream(object.Body);
      if (object.ContentLength === undefined) {
        body.destroy();
        throw new Error(`S3 sent no Content-Length for ${JSON.stringify(key)}`);
      }
      return {
        body,
        size: object.ContentLength,
        contentType: object.ContentType ?? "application/octet-stream",
      };
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (err) {
        // S3 itself answers 204 for a missing key; some compatible services answer 404.
        if (!isMissingObject(err)) throw err;
      }
    },
  };
}

/** No object under that key; a missing bucket is a misconfiguration, so it stays an error. */
function isMissingObject(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  if (err.name === "NoSuchKey") return true;
  return err.$metadata.httpStatusCode === 404 && err.name !== "NoSuchBucket";
}

/** On Node the SDK's body is already a Readable; any other runtime's stream is converted. */
function toNodeStream(body: NonNullable<GetObjectCommandOutput["Body"]>): Readable {
  if (body instanceof Readable) return body;
  return Readable.fromWeb(body.transformToWebStream() as NodeWebStream<Uint8Array>);
}
