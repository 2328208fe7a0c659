import { describe, expect, it } from "vitest";
import { assertJsonDepth, assertNoControlCharacters, maxJsonDepth } from "./json-body";

const arrays = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

describe("assertJsonDepth: one pass over the raw text", () => {
  it(`passes ${maxJsonDepth} levels and refuses ${maxJsonDepth + 1}, arrays and objects alike`, () => {
    expect(() => assertJsonDepth(arrays(maxJsonDepth))).not.toThrow();
    expect(() => assertJsonDepth(arrays(maxJsonDepth + 1))).toThrow(/nested too deeply/);
    expect(() =>
      assertJsonDepth(`${'{"a":'.repeat(maxJsonDepth + 1)}1${"}".repeat(maxJsonDepth + 1)}`),
    ).toThrow(/nested too deeply/);
  });

  it("counts depth, not brackets: many siblings pass", () => {
    expect(() => assertJsonDepth(`[${Array(10_000).fill("[{}]").join(",")}]`)).not.toThrow();
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ a: `${"[".repeat(100)}\\"${"{".repeat(100)}`, b: '"[[[', c: "\\" });
    expect(() => assertJsonDepth(text)).not.toThrow();
    expect(() => assertJsonDepth(JSON.stringify({ a: '\\"' }) + arrays(maxJsonDepth + 1))).toThrow();
  });

  it("refuses 1,000,000 brackets without a stack overflow", () => {
    expect(() => assertJsonDepth(arrays(1_000_000))).toThrow(/nested too deeply/);
  });
});

describe("assertNoControlCharacters: keys and strings at any depth", () => {
  it("names the field, with its path inside arrays and objects", () => {
    expect(() => assertNoControlCharacters({ items: [{ note: "a\u0000" }] })).toThrow(
      /^items\.0\.note contains a control character \(U\+0000\)/,
    );
    expect(() => assertNoControlCharacters({ "k\u0007": 1 })).toThrow(/^A field name .*U\+0007/);
    expect(() => assertNoControlCharacters("\u009b")).toThrow(/^The request body .*U\+009B/);
  });

  it("lets tab, newline, carriage return, emoji and other text through", () => {
    expect(() =>
      assertNoControlCharacters({ a: "line\r\nnext\tcol", b: ["😀", "ünï", "\u2028"], c: 5, d: null }),
    ).not.toThrow();
  });
});
