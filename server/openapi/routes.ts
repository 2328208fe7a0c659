import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { notFound } from "../http/errors";

/** Where Swagger UI's files are: the copy @fastify/swagger-ui ships (swagger-ui-dist's), served by us. */
const swaggerUiFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@fastify/swagger-ui/package.json")),
  "static",
);

/** Our script that starts Swagger UI on the document: no inline script, so the shop's CSP holds. */
const startScript = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
});
`;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Car Mechanic API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/**
 * The page's own Content-Security-Policy, stricter than the shop's: our scripts only (no inline
 * script, no eval), Swagger UI's stylesheet (the styles it sets from script go through the CSSOM,
 * which CSP allows: no 'unsafe-inline'), its data: icons, and requests to the shop itself (the
 * document, and "Try it out"). Chromium showed the page, an operation opened, without a violation.
 */
export const docsContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join("; ");

/** The files `GET /api/docs/{file}` serves, and their types; nothing else of the folder. */
const docsFiles: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "start.js": "text/javascript; charset=utf-8",
};

/**
 * `GET /api/openapi.json`: the document of every route (server/openapi/document.ts); `GET /api/docs`:
 * Swagger UI reading it, from our own files under the shop's Content-Security-Policy (our scripts
 * only, no inline script, no eval).
 */
export function apiDocumentRoutes(app: FastifyInstance) {
  app.get(
    "/api/openapi.json",
    { config: { access: "public" }, schema: { hide: true } },
    async (_request, reply) => reply.header("cache-control", "no-cache").send(app.swagger()),
  );

  app.get("/api/docs", { config: { access: "public" }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", docsContentSecurityPolicy)
      .send(page),
  );

  const loaded = new Map<string, Promise<Buffer | string>>();
  const load = (file: string) => {
    let content = loaded.get(file);
    if (!content) {
      content =
        file === "start.js" ? Promise.resolve(startScript) : readFile(path.join(swaggerUiFolder, file));
      loaded.set(file, content);
    }
    return content;
  };
  app.get(
    "/api/docs/:file",
    { config: { access: "public" }, schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const type = Object.hasOwn(docsFiles, file) ? docsFiles[file] : undefined;
      if (!type) throw notFound("No such file");
      return reply
        .header("content-type", type)
        .header("cache-control", "public, max-age=3600")
        .send(await load(file));
    },
  );
}
