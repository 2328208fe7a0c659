import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { siteMeta } from "./PageMeta";

// What a page without its own description has in the browser is what index.html has for a crawler
// without JavaScript (and what the server leaves in a rendered page's head).
it("the defaults a page without its own description gets are index.html's", () => {
  const html = fs.readFileSync(path.join(import.meta.dirname, "../../index.html"), "utf8");
  const content = (key: string) => new RegExp(`<meta\\s+${key}\\s+content="([^"]*)"`).exec(html)?.[1];
  expect(content('name="description"')).toBe(siteMeta.description);
  expect(content('property="og:title"')).toBe(siteMeta.ogTitle);
  expect(content('property="og:description"')).toBe(siteMeta.ogDescription);
});
