import type { FastifyInstance } from "fastify";

/**
 * Runs `work` once when the server starts listening, then every `everyMs`, one run at a time in this
 * process (a run still going when the next is due is not doubled). A failure is logged with
 * `failure` and the next run tries again. Closing the server stops it, after a run under way ends.
 * For the sweeps several servers may run at once: each must be safe to run twice at the same moment.
 */
export function sweepWhileListening(
  app: FastifyInstance,
  everyMs: number,
  work: () => Promise<void>,
  failure: string,
): void {
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  function sweep() {
    if (sweeping) return;
    sweeping = work()
      .catch((err: unknown) => app.log.error({ err }, failure))
      .finally(() => {
        sweeping = undefined;
      });
  }
  app.addHook("onListen", async () => {
    sweep();
    timer = setInterval(sweep, everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await sweeping;
  });
}
