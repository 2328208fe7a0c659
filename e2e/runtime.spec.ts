// The browser tests and the server they drive run on the Node that `npm ci` brings
// (node_modules/.bin/node, decision 025), not on the machine's own.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

const bundledNode = fs.realpathSync(path.resolve(import.meta.dirname, "../node_modules/.bin/node"));

test("the test runner and the shop's server run on Node 24 from node_modules", () => {
  expect(process.versions.node).toMatch(/^24\./);
  expect(fs.realpathSync(process.execPath)).toBe(bundledNode);

  const file = process.env.E2E_SERVER_RUNTIME ?? "";
  const server = JSON.parse(fs.readFileSync(file, "utf8")) as { node: string; execPath: string };
  expect(server.node).toMatch(/^24\./);
  expect(fs.realpathSync(server.execPath)).toBe(bundledNode);
});
