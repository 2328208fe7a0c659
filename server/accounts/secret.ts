import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The secret that signs session cookies: AUTH_SECRET when set; otherwise one generated on first
 * start and kept in the data folder (so the embedded default needs no configuration and sessions
 * survive restarts). Never a constant in the code.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) {
    if (configured.length < 32) throw new Error("AUTH_SECRET must be at least 32 characters long");
    return configured;
  }
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
