import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const reactRouterBuild = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at build
 * time; the server sends them to browsers that accept them (`preCompressed` in server/web/static.ts).
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "car-mechanic:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|txt|xml|json)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: {
              // 10 rather than the maximum 11: a few bytes larger, several seconds less per build.
              [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

/** The pages a first visit most often opens, and the chunk of each (its route component). */
const landingPages: Record<string, string> = { "/": "HomePage", "/home": "HomePage", "/tools": "ToolsPage" };

/**
 * Fills index.html's lists of the landing pages' chunks (each page's chunk and what it imports
 * beyond the entry), which the page's inline script preloads: their hashed names exist only once the
 * build has run. Without them a page's chunk is asked for only after the entry has run.
 */
function landingChunkLists(): Plugin {
  return {
    name: "car-mechanic:landing-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk");
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string[], seen = new Set<string>()) => {
          for (const file of start) {
            if (seen.has(file)) continue;
            seen.add(file);
            closure(byName.get(file)?.imports ?? [], seen);
          }
          return seen;
        };
        const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const lists = Object.fromEntries(
          Object.entries(landingPages).map(([page, name]) => {
            const files = closure(chunks.filter((c) => c.name === name).map((c) => c.fileName));
            return [page, [...files].filter((file) => !entry.has(file)).map((file) => `/${file}`)];
          }),
        );
        return html.replace("{/* landing chunks */}", JSON.stringify(lists));
      },
    },
  };
}

/**
 * The app's entry and the chunks it imports, for index.html's loader, which fetches them once the
 * page has loaded and painted, instead of the <script> and <link rel="modulepreload"> tags the build
 * writes (decision 023: the public pages arrive rendered and are read before the code arrives).
 */
function appCodeAfterThePage(): Plugin {
  return {
    name: "car-mechanic:app-code-after-the-page",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const entryTag = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(html);
        if (!entryTag?.[1]) throw new Error("index.html: the build wrote no entry script");
        const chunks = new Map(
          Object.values(ctx.bundle ?? {}).flatMap((c) =>
            c.type === "chunk" ? [[c.fileName, c] as const] : [],
          ),
        );
        const imports = new Set<string>();
        const visit = (file: string) => {
          for (const imported of chunks.get(file)?.imports ?? []) {
            if (imports.has(imported)) continue;
            imports.add(imported);
            visit(imported);
          }
        };
        visit(entryTag[1]);
        const app = { entry: `/${entryTag[1]}`, imports: [...imports].map((file) => `/${file}`) };
        return html.replace(entryTag[0], "").replace("{/* app code */}", JSON.stringify(app));
      },
    },
  };
}

/**
 * Lets the build drop the parts of React Router's production file we never use (Form, fetchers,
 * ScrollRestoration, HistoryRouter…). The file makes each component and context with
 * `React.forwardRef(…)`/`React.createContext(…)` and then names it (`Form.displayName = "Form"`): to
 * the bundler both are side effects, so every one of them stayed, with everything it calls (1.3 kB
 * gzipped of the first visit). Those calls are pure, and the names only label components in React's
 * developer tools, so they are marked pure and the names left out.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: "car-mechanic:react-router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/ },
      handler(code) {
        return code
          .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, "")
          .replace(/\b(React\d*\.(?:forwardRef|createContext|memo)\()/g, "/* @__PURE__ */ $1");
      },
    },
  };
}

/**
 * TanStack Query's parts that only later pages use (mutations, several queries at once): in the
 * chunks of the pages that use them rather than the vendor chunk every first visit loads.
 */
const laterQueryParts =
  /[\\/]@tanstack[\\/](query-core|react-query)[\\/].*[\\/](useMutation|mutationObserver|useQueries|queriesObserver)\.js$/;

// The web app lives in web/ and is built into dist/web, which the Fastify server serves.
// In development (`npm run dev`), Vite proxies /api to the server on :3000.
export default defineConfig(({ command }) => ({
  root: "web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    reactRouterTreeShaking(),
    landingChunkLists(),
    appCodeAfterThePage(),
    precompress(),
  ],
  resolve: {
    // react-router's package.json sends every build to its development files (dev warnings in
    // production: remix-run/react-router#12532, #14102). Builds use its production files.
    alias:
      command === "build" ? [{ find: /^react-router$/, replacement: `${reactRouterBuild}/index.mjs` }] : [],
  },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    // No list of each lazy chunk's imports in the entry (1.9 kB of the first visit's code, decision
    // 023): a page's chunk brings its imports as the browser reads it. The first page's are listed
    // for index.html's loader (appCodeAfterThePage).
    modulePreload: false,
    rolldownOptions: {
      output: {
        // React, the router and TanStack Query in one chunk that every page loads and that changes
        // only with their versions (it stays cached across our releases); TanStack Query's
        // laterQueryParts go with the pages that use them. The small shared helpers directly in
        // web/src/lib in one more, instead of a file each (every file costs a request and its own
        // compression dictionary); its folders (session/, uploads/, catalog/…) are split like any
        // other code, so the pages that need them load them. For the same reason the tool list's
        // call and the delivery dates, which the storefront's pages share (the home page among
        // them), are one chunk rather than three (0.3 kB gzipped of a first visit).
        codeSplitting: {
          groups: [
            {
              name: "vendor",
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(id) &&
                !laterQueryParts.test(id),
              priority: 2,
            },
            { name: "shell", test: /web[\\/]src[\\/]lib[\\/][^\\/]+$|vite[\\/]preload-helper/, priority: 1 },
            {
              name: "storefront",
              test: /[\\/](web[\\/]src[\\/]lib[\\/]catalog[\\/]get-tools|web[\\/]src[\\/]lib[\\/]delivery[\\/]delivery-date|contract[\\/]delivery-dates)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
}));
