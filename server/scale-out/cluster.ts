// The scale-out suite's harness (not a test file itself): real server processes (server/main.ts) on
// one PostgreSQL database and the Redis, behind Debian's nginx running deploy/nginx.conf.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { adminConnection, postgresTestUrl, withDatabase } from "../test/postgres";
import { redisTestUrl } from "../test/redis";

const root = path.resolve(import.meta.dirname, "../..");
export const nginxBinary = process.env.NGINX_BINARY ?? "/usr/sbin/nginx";
export const deployedNginxConf = path.join(root, "deploy/nginx.conf");

/** Why nginx cannot run here ("" when it can), with how to install it. */
export function nginxProblem(): string {
  try {
    execFileSync(nginxBinary, ["-v"], { stdio: "ignore" });
    return "";
  } catch {
    return `nginx is not installed at ${nginxBinary} (Debian: apt-get install nginx, or set NGINX_BINARY to another nginx)`;
  }
}

/** A new, empty PostgreSQL database (no schema: the servers migrate it), dropped by `drop`. */
export async function emptyDatabase(label: string) {
  const name = `cm_scale_${label}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  await adminConnection((c) => c.query(`create database ${name}`));
  return {
    url: withDatabase(postgresTestUrl, name),
    drop: () => adminConnection((c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

export type ShopServer = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  output(): string;
};

/** One settings set for every server of a shop, as a deployment has. */
export function shopSettings(databaseUrl: string, publicUrl: string, overrides: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisTestUrl,
    REDIS_KEY_PREFIX: `car-mechanic-scale-out:${crypto.randomBytes(4).toString("hex")}:`,
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "127.0.0.1",
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    ...overrides,
  };
}

/** Starts server/main.ts as a process of its own (node with tsx's loader: the pid is the server's). */
export function startServer(port: number, settings: Record<string, string>): ShopServer {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cm-scale-out-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, ...settings, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { port, url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

/** Waits until the server answers its readiness probe; fails with what it said when it exits first. */
export async function waitUntilReady(server: ShopServer, timeoutMs = 90_000): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exitCode !== undefined) {
      throw new Error(
        `server on :${server.port} exited (${exitCode}) while starting. It said:\n${server.output()}`,
      );
    }
    try {
      if ((await fetch(`${server.url}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server on :${server.port} was not ready in ${timeoutMs} ms. It said:\n${server.output()}`);
}

/** Stops a server if it still runs, and waits for it. */
export async function stopServer(server: ShopServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  await server.exited;
}

/**
 * deploy/nginx.conf as committed, with this test's upstream ports and listen port, and nginx's own
 * files (pid, logs, temporary bodies) in `prefix`.
 */
export function nginxConfFor(prefix: string, listenPort: number, upstreamPorts: number[]): string {
  const committed = fs.readFileSync(deployedNginxConf, "utf8");
  const servers = upstreamPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join("\n");
  const replaced = committed
    .replace(/(upstream car_mechanic \{\n)(?:\s*#.*\n)*(?:\s*server .*\n)+/, `$1${servers}\n`)
    .replace(/listen \d+;/, `listen 127.0.0.1:${listenPort};`)
    .replace(
      /http \{\n/,
      [
        "http {",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (kind) => `  ${kind}_temp_path ${path.join(prefix, `${kind}_temp`)};`,
        ),
        "",
      ].join("\n"),
    );
  for (const port of upstreamPorts) {
    if (!replaced.includes(`127.0.0.1:${port}`))
      throw new Error("deploy/nginx.conf has no upstream car_mechanic block");
  }
  if (!replaced.includes(`listen 127.0.0.1:${listenPort};`))
    throw new Error("deploy/nginx.conf has no listen line");
  return replaced;
}

export type Nginx = { url: string; stop(): Promise<void>; output(): string };

/** Runs nginx in the foreground with deploy/nginx.conf in front of `upstreamPorts`. */
export async function startNginx(upstreamPorts: number[], port: number): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "cm-nginx-"));
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(conf, nginxConfFor(prefix, port, upstreamPorts));
  const child = spawn(
    nginxBinary,
    ["-p", prefix, "-c", conf, "-e", "stderr", "-g", `daemon off; pid ${path.join(prefix, "nginx.pid")};`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start. It said:\n${output}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > until) throw new Error(`nginx did not listen on :${port}. It said:\n${output}`);
    await sleep(50);
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
