import path from "node:path";
import type { Config } from "../config";
import { createDiskStorage } from "./disk-storage";
import type { UploadStorage } from "./storage";

/** The S3-compatible bucket when S3_BUCKET is configured; otherwise files in DATA_DIR/uploads. */
export async function createUploadStorage(config: Pick<Config, "dataDir" | "s3">): Promise<UploadStorage> {
  if (!config.s3) return createDiskStorage(path.join(config.dataDir, "uploads"));
  // Loaded only when used: the AWS SDK adds about 0.2 s to every start-up.
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage(config.s3);
}
