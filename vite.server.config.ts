import fs from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

const root = import.meta.dirname;
const outDir = path.join(root, "dist/server");

/**
 * Bundled with our code, with everything they import: ES-module libraries of hundreds of small files
 * each (Better Auth with Kysely and jose, Drizzle, zod), which Node would otherwise find, read and
 * link one by one at every start, and react-email, whose index loads every component (Prism's
 * highlighter, Markdown, Tailwind) where a bundle keeps the few we use. Every other dependency stays
 * in node_modules: CommonJS packages (Fastify, pg), native or WebAssembly ones that find their files
 * beside their code (sharp, PGlite), and those loaded only when configured (Stripe, S3, Redis).
 */
const bundledDependencies = ["better-auth", "drizzle-orm", "zod", "@react-email/components"];
const dependencies = Object.keys(
  (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: object })
    .dependencies,
);

/**
 * The migrations beside the built server: `server/db/database.ts` reads them from its own folder's
 * `migrations`, which for the build is dist/server.
 */
function copyMigrations(): Plugin {
  return {
    name: "car-mechanic:migrations",
    apply: "build",
    writeBundle() {
      fs.cpSync(path.join(root, "server/db/migrations"), path.join(outDir, "migrations"), {
        recursive: true,
      });
    },
  };
}

// The server built into plain JavaScript for Node (`npm start` runs dist/server/main.js): production
// loads no TypeScript loader. dist/server/pglite-template.js is the build's last step, the template of
// a new embedded database (server/db/build-pglite-template.ts). Every output file lands in dist/server
// itself: like server/<domain>/, two folders below the root, which is how the server finds dist/web
// and dist/pglite-template.
export default defineConfig({
  publicDir: false,
  plugins: [copyMigrations()],
  ssr: {
    noExternal: true,
    external: dependencies.filter((name) => !bundledDependencies.includes(name)),
  },
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: "node24",
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        main: "server/runtime/built-main.ts",
        "pglite-template": "server/db/build-pglite-template.ts",
      },
      output: { chunkFileNames: "[name]-[hash].js" },
    },
  },
});
