import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ApiError, isNotFound, lazySchema, readJson, readListPage } from "./api";

const numbers = z.array(z.number());

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

describe("lazySchema", () => {
  it("loads the schema with the first answer, once, and checks every answer with it", async () => {
    let loads = 0;
    const schema = lazySchema(async () => {
      loads++;
      return numbers;
    });
    expect(loads).toBe(0);
    expect(await readJson(response([1, 2]), schema)).toEqual([1, 2]);
    expect(await readJson(response([3]), schema)).toEqual([3]);
    expect(loads).toBe(1);
    const refused = readJson(response(["1"]), schema);
    await expect(refused).rejects.toThrow(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 200,
      message: "The shop sent an answer we could not read. Please try again.",
    });
  });

  it("says the shop could not be reached when the schema cannot be loaded, and loads it again next time", async () => {
    let loads = 0;
    const schema = lazySchema(async () => {
      loads++;
      if (loads === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return numbers;
    });
    await expect(readJson(response([1]), schema)).rejects.toMatchObject({
      status: 0,
      message: "We could not reach the shop. Check your connection and try again.",
    });
    expect(await readJson(response([1]), schema)).toEqual([1]);
    expect(loads).toBe(2);
  });

  it("reads an answer with the contract's schema, loaded as the web app loads it", async () => {
    const schema = lazySchema(() => import("#contract/answers").then((a) => a.savedAnswer));
    expect(await readJson(response({ insertedId: "p1" }), schema)).toEqual({
      insertedId: "p1",
      updated: false,
    });
    await expect(readJson(response({ insertedId: "" }), schema)).rejects.toThrow(ApiError);
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
