import { expect, it } from "vitest";
import { describeEachDatabase } from "../test/test-env";

describeEachDatabase("API errors", (env) => {
  it("answers an unknown API path with 404 JSON", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found" });
  });

  it("answers a wrong method with 404 JSON, not a 500", async () => {
    const res = await env.app.inject({ method: "DELETE", url: "/api/health" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty("error");
  });

  it("answers malformed JSON with 400 and a body over the limit with 413", async () => {
    const bad = await env.app.inject({
      method: "POST",
      url: "/api/health",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect([400, 404]).toContain(bad.statusCode);
    expect(bad.json()).toHaveProperty("error");

    const huge = await env.app.inject({
      method: "POST",
      url: "/api/service",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ description: "x".repeat(200_000) }),
    });
    expect([404, 413]).toContain(huge.statusCode);
    expect(huge.json()).toHaveProperty("error");
  });

  it("never answers garbage in ids or queries with a 500", async () => {
    const urls = [
      "/api/service/%00",
      "/api/service/%E0%A4%A",
      "/api/service/'%20or%201=1--",
      `/api/service/${"9".repeat(5000)}`,
      "/api/service?page=1e400",
      "/api/service?page=1&page=2",
      "/api/service?limit=-1",
    ];
    for (const url of urls) {
      const res = await env.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toHaveProperty("error");
    }
  });
});
