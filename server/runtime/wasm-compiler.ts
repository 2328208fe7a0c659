import v8 from "node:v8";

/**
 * Keeps WebAssembly (PGlite's PostgreSQL, 9 MB of it) on V8's baseline compiler, Liftoff. Node 24's
 * V8 re-compiles hot functions with its optimizing compiler, and PostgreSQL's largest (the parser,
 * the expression interpreter) take ~500 MB each to optimize: a fresh server peaked at 780 MB instead
 * of 285 MB on Node 20, and idled at the same ~270 MB afterwards; with this, 220 MB. A catalog search
 * (uncached, PGlite-bound) was no slower on Liftoff within this machine's noise (decision 025).
 * Process-wide; call before any PGlite starts.
 */
export function keepWasmOnBaselineCompiler(): void {
  // Both: without dynamic tiering V8 would optimize every function in the background instead.
  v8.setFlagsFromString("--no-wasm-dynamic-tiering");
  v8.setFlagsFromString("--no-wasm-tier-up");
}
