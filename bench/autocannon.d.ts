// autocannon 9 ships no types and @types/autocannon describes version 7: only what bench/ uses.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    type Request = {
      method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Changes the request before it is sent (a new path each time, say). */
      setupRequest?: (request: Request) => Request;
      onResponse?: (status: number, body: string) => void;
    };

    type Options = Request & {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Sent in turn, over and over. */
      requests?: Request[];
    };

    /** Averages and percentiles of one measure (latency in ms, requests per second). */
    type Histogram = { average: number; p50: number; p97_5: number; p99: number };

    type Result = {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    };

    interface Instance extends EventEmitter {
      on(
        event: "response",
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export default autocannon;
}
