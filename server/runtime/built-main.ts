// The built server's entry point (dist/server/main.js): turns Node's compile cache on before the
// server's modules load, starts the server, and writes the cache once it listens. `npm run serve`
// and the tests run server/main.ts directly.
import { enableCompileCache, flushCompileCache } from "./compile-cache";

enableCompileCache();
await import("../main");
flushCompileCache();
