import { describe, expect, it } from "vitest";
import { ApiError, isNotFound, readListPage } from "./api";
import { bodySchema, isNumber, listOf } from "./parse";

const numbers = bodySchema(listOf((value) => (isNumber(value) ? value : undefined)));

function response(body: unknown, total?: string): Response {
  const headers = new Headers({ "content-type": "application/json" });
  if (total !== undefined) headers.set("x-total-count", total);
  return new Response(JSON.stringify(body), { headers });
}

describe("readListPage", () => {
  it("reads the items and the whole list's size from X-Total-Count", async () => {
    expect(await readListPage(response([1, 2], "45"), numbers, { page: 2, limit: 20 })).toEqual({
      items: [1, 2],
      total: 45,
    });
  });

  it("counts the items up to this page without a usable header", async () => {
    for (const header of [undefined, "", " ", "many", "-1", "2.5"]) {
      const page = await readListPage(response([1, 2], header), numbers, { page: 3, limit: 20 });
      expect(page.total).toBe(42);
    }
  });

  it("reads the next and previous pages' cursors from the Link header", async () => {
    const res = response([1, 2], "45");
    res.headers.set(
      "link",
      '</api/user?limit=20&cursor=eyJkIjoibmV4dCJ9>; rel="next", </api/user?limit=20&cursor=eyJkIjoicHJldiJ9>; rel="prev"',
    );
    expect(await readListPage(res, numbers, { page: 2, limit: 20 })).toEqual({
      items: [1, 2],
      total: 45,
      next: "eyJkIjoibmV4dCJ9",
      prev: "eyJkIjoicHJldiJ9",
    });
    const last = response([1], "21");
    last.headers.set("link", '</api/user?limit=20&page=1>; rel="prev"');
    expect(await readListPage(last, numbers, { page: 2, limit: 20 })).toEqual({ items: [1], total: 21 });
  });

  it("refuses a body of another shape", async () => {
    await expect(readListPage(response({ items: [] }, "0"), numbers, { page: 1, limit: 20 })).rejects.toThrow(
      ApiError,
    );
  });
});

describe("isNotFound", () => {
  it("is a 404, or a 400 for an id that is no id", () => {
    expect(isNotFound(new ApiError(404, "x"))).toBe(true);
    expect(isNotFound(new ApiError(400, "x"))).toBe(true);
    expect(isNotFound(new ApiError(500, "x"))).toBe(false);
    expect(isNotFound(new Error("x"))).toBe(false);
  });
});
