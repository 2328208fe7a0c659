import { describe, expect, it } from "vitest";
import { pageHref, parsePage } from "./page-param";

describe("?page=", () => {
  it("reads a page number, and anything else as the first page", () => {
    expect(parsePage("3")).toBe(3);
    for (const value of [null, "", "0", "-1", "1.5", "two", "100001"]) expect(parsePage(value)).toBe(1);
  });

  it("links to a page, the first one without ?page=, keeping the other parameters asked for", () => {
    const params = new URLSearchParams("status=paid&page=4");
    expect(pageHref("/orders", params, 2)).toBe("/orders?status=paid&page=2");
    expect(pageHref("/orders", params, 1)).toBe("/orders?status=paid");
    expect(pageHref("/users", undefined, 1)).toBe("/users");
    expect(pageHref("/users", undefined, 3)).toBe("/users?page=3");
  });
});
