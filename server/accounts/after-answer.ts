import { AsyncLocalStorage } from "node:async_hooks";

type Task = () => Promise<unknown>;

/**
 * Work a request asks for and does not wait for before answering (a password reset's account
 * lookup, token and mail): started once that request's answer is sent, its failure reported, and
 * `settled()` waits for what is still running (the server's close, before the database closes).
 */
export type AfterAnswer = {
  /** Runs `task` once the answer of the request under way (see `collect`) is sent; outside one, at once. */
  run(task: Task): void;
  /** Handles one request, keeping the tasks it asks for; `start` them when its answer has been sent. */
  collect<T>(handle: () => Promise<T>): Promise<{ result: T; start: () => void }>;
  settled(): Promise<void>;
};

export function createAfterAnswer(onError: (err: unknown) => void): AfterAnswer {
  const requestTasks = new AsyncLocalStorage<Task[]>();
  const running = new Set<Promise<void>>();
  const begin = (task: Task) => {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (err: unknown) => onError(err),
      )
      .finally(() => running.delete(done));
    running.add(done);
  };
  return {
    run(task) {
      const kept = requestTasks.getStore();
      if (kept) kept.push(task);
      else begin(task);
    },
    async collect(handle) {
      const kept: Task[] = [];
      const result = await requestTasks.run(kept, handle);
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        for (const task of kept.splice(0)) begin(task);
      };
      return { result, start };
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
