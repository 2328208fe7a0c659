import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";

export type ShutdownOptions = {
  /** Readiness answers 503 while requests are still served this long (the proxy stops sending). */
  drainMs: number;
  /** Exit (code 1) this long after the signal, whatever clients still hold open. */
  timeoutMs: number;
  /** After the server closed: what else to close (the database). */
  afterClose(): Promise<void>;
};

/**
 * On SIGTERM/SIGINT: not ready at once (GET /api/health/ready answers 503), every response during
 * the drain tells its client to close the connection, then the server stops accepting, its idle
 * keep-alive connections are closed, requests under way finish, `afterClose` runs and the process
 * exits 0, or 1 once `timeoutMs` has passed.
 */
export function closeGracefullyOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  // A callback hook, not an async one: it runs on every response, and a promise per response shows in bench:catalog.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (app.draining) reply.header("connection", "close");
    done(null, payload);
  });

  async function shutDown(signal: string) {
    if (app.draining) return;
    app.draining = true;
    const cap = setTimeout(() => {
      app.log.error(
        `${signal}: still not closed after ${options.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting`,
      );
      process.exit(1);
    }, options.timeoutMs);
    cap.unref();
    app.log.info(`${signal}: not ready any more; serving for ${options.drainMs} ms more, then closing`);
    await sleep(options.drainMs);
    const closed = app.close();
    // Keep-alive connections with no request under way would hold close() open until they time out.
    app.server.closeIdleConnections();
    await closed;
    await options.afterClose();
    app.log.info(`${signal}: closed`);
    process.exit(0);
  }

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      shutDown(signal).catch((err: unknown) => {
        app.log.error({ err }, `${signal}: shutting down failed`);
        process.exit(1);
      });
    });
  }
}
