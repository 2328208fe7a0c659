import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/test-env";

// Issue 22: with the web app served, an address under /uploads/ that the photo route's parameter
// does not take (longer than the router's 100 characters, or in a sub-folder) answered the web app's
// HTML not-found page, where every other miss under /uploads/ is JSON.

const web = fs.mkdtempSync(path.join(os.tmpdir(), "cm-uploads-web-"));
fs.writeFileSync(
  path.join(web, "index.html"),
  "<!doctype html><html><body><div id=root></div></body></html>",
);
afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

describeEachDatabase(
  "photo addresses: every miss under /uploads/ is a JSON 404",
  (env) => {
    it.each([
      ["115 letters", "a".repeat(115)],
      ["a long name that looks like a photo's", `${"0".repeat(200)}.webp`],
      ["a sub-folder", "0123456789abcdef0123456789abcdef/x.webp"],
      ["a photo's name that is not stored", "0123456789abcdef0123456789abcdef.webp"],
      ["100 letters", "a".repeat(100)],
    ])("%s: 404 {error}", async (_what, name) => {
      const res = await env.app.inject({ method: "GET", url: `/uploads/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: "No such photo" });
    });

    it("still answers the web app's not-found page elsewhere", async () => {
      const res = await env.app.inject({ method: "GET", url: `/no-such-page-${"a".repeat(115)}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    });
  },
  {},
  { distDir: web, rendererDir: path.join(web, "no-renderer") },
);
