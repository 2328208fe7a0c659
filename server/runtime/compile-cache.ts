import module from "node:module";
import path from "node:path";

/**
 * Where Node keeps the code it compiled for the built server, beside the dependencies it mostly is
 * (node_modules/.cache, the usual place for tools' caches; two folders up from here and from
 * dist/server alike). Node files each module's entry under its own version and checks the source's
 * hash, so a new build or a new Node never reads stale code.
 */
export const compileCacheDir = path.join(
  import.meta.dirname,
  "../../node_modules/.cache/car-mechanic/compile",
);

/**
 * Node's module compile cache (Node ≥ 22.1) for every module loaded after this call: a start reads
 * V8's compiled code instead of parsing and compiling Fastify, pg, PGlite's glue and our bundle again
 * (decision 025). Kept as is when NODE_COMPILE_CACHE already turned it on; a folder that cannot be
 * written only costs the cache.
 */
export function enableCompileCache(): void {
  module.enableCompileCache?.(compileCacheDir);
}

/**
 * Writes what was compiled so far. Node writes it only at a normal exit; a server is mostly stopped
 * by a signal or killed, so the started one writes it at once.
 */
export function flushCompileCache(): void {
  module.flushCompileCache?.();
}
