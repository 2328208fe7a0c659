import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = import.meta.dirname;

// The server's half of the server-rendered public pages (docs/decisions/023): web/src/entry-server.tsx
// and the pages it draws, built for Node into dist/web-ssr, which server/web/public-pages.ts loads.
// Everything is bundled (React's server renderer included), with React's and the router's production
// builds, as in the browser's bundle (vite.config.ts).
export default defineConfig({
  root: path.join(root, "web"),
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: [
      {
        find: /^react-router$/,
        replacement: path.join(root, "node_modules/react-router/dist/production/index.mjs"),
      },
    ],
  },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true, target: "node" },
  build: {
    ssr: "src/entry-server.tsx",
    outDir: path.join(root, "dist/web-ssr"),
    emptyOutDir: true,
    target: "node20",
    reportCompressedSize: false,
    copyPublicDir: false,
  },
});
