import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { insertedAnswer, reviewListAnswer } from "../../contract/answers";
import type { OrderStatus } from "../../contract/order-status";
import type { Review } from "../../contract/reviews";
import type { Db } from "../db/database";
import { demoReviews } from "../demo/demo-data";
import { seedDemoData } from "../demo/seed";
import { expectAnswer } from "../test/answers";
import { withField, without } from "../test/bodies";
import { insertOrder, insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { reviews } from "./tables";

async function placeOrder(db: Db, buyer: TestUser, status: OrderStatus) {
  await insertOrder(db, await insertTool(db), buyer, { status });
}

describeEachDatabase(
  "reviews: POST and GET /api/review",
  (env) => {
    let buyer: TestUser;
    let browser: TestUser;
    let admin: TestUser;

    beforeAll(async () => {
      await seedDemoData(env.db);
      buyer = await signUp(env.app, { name: "Paid Buyer" });
      browser = await signUp(env.app, { name: "Window Shopper" });
      admin = await signUp(env.app, { email: adminEmail });
    });

    const post = (payload: object, who?: TestUser) => call(env.app, "POST", "/api/review", who, payload);
    const reviewBy = (who: TestUser, description = "Good lots, quick pick-up.") => ({
      name: who.name,
      email: who.email,
      description,
      rating: 5,
    });
    const list = (query = "") => call(env.app, "GET", `/api/review${query}`);

    it("POST: 401 anonymous; 201 {insertedId} for a user and for an admin", async () => {
      const before = await env.db.$count(reviews);
      const anonymous = await post(reviewBy(buyer));
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toHaveProperty("error");
      expect(await env.db.$count(reviews)).toBe(before);

      for (const who of [browser, admin]) {
        const res = await post(reviewBy(who, `Review by ${who.name}`), who);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({ insertedId: expect.any(String) });
        expectAnswer(insertedAnswer, res.json());
      }
    });

    it("POST: stores the session's email, not the one in the body, and takes a rating typed as text", async () => {
      const res = await post({ ...reviewBy(buyer), email: "someone-else@example.com", rating: "4" }, buyer);
      expect(res.statusCode).toBe(201);
      const [row] = await env.db.select().from(reviews).where(eq(reviews.id, res.json().insertedId));
      expect(row).toMatchObject({ email: buyer.email, rating: 4, name: "Paid Buyer" });
    });

    it("GET: anyone reads reviews newest first, with the total, and never an email", async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const total = demoReviews.length + 3;
      expect(res.headers["x-total-count"]).toBe(String(total));
      const body = res.json<Review[]>();
      expectAnswer(reviewListAnswer, body);
      expect(body[0]).toMatchObject({ name: "Paid Buyer", rating: 4 });
      for (const r of body)
        expect(Object.keys(r).sort()).toEqual(["_id", "description", "name", "rating", "verified"]);
      expect(res.body).not.toMatch(/@/);
      const page = await list("?page=2&limit=2");
      expect(page.json()).toHaveLength(2);
      expect(page.json<Review[]>()[0]?._id).toBe(body[2]?._id);
      expect((await list("?limit=500")).statusCode).toBe(400);
    });

    it("GET: verified only for reviewers with a paid or shipped order; demo reviews never", async () => {
      await placeOrder(env.db, browser, "pending");
      let body = (await list("?limit=100")).json<Review[]>();
      expect(body.filter((r) => r.verified)).toEqual([]);

      await placeOrder(env.db, buyer, "paid");
      body = (await list("?limit=100")).json<Review[]>();
      expect(body.filter((r) => r.verified).map((r) => r.name)).toEqual(["Paid Buyer"]);
      expect(body.find((r) => r.name === "Window Shopper")?.verified).toBe(false);
      for (const demo of demoReviews) expect(body.find((r) => r.name === demo.name)?.verified).toBe(false);

      await placeOrder(env.db, admin, "shipped");
      body = (await list("?limit=100")).json<Review[]>();
      expect(
        body
          .filter((r) => r.verified)
          .map((r) => r.name)
          .sort(),
      ).toEqual(["Paid Buyer", admin.name].sort());
    });

    it.each([
      ["no name", without("name"), "Name is Required"],
      ["a name over 120 characters", withField("name", "n".repeat(121)), "Use at most 120 characters"],
      ["no email", without("email"), "Email is Required"],
      [
        "an email over 150 characters",
        withField("email", `${"e".repeat(140)}@example.com`),
        "Provide a valid Email",
      ],
      ["a malformed email", withField("email", "nope"), "Provide a valid Email"],
      ["no description", without("description"), "Description is Required"],
      ["a blank description", withField("description", "   "), "Description is Required"],
      [
        "a description over 2000 characters",
        withField("description", "d".repeat(2001)),
        "Use at most 2,000 characters",
      ],
      ["no rating", without("rating"), "Rating is Required"],
      ["a rating of 0", withField("rating", 0), "Rating must be between 1 and 5"],
      ["a rating of 6", withField("rating", 6), "Rating must be between 1 and 5"],
      ["a fractional rating", withField("rating", 4.5), "Rating must be a whole number"],
      ["a rating that is not a number", withField("rating", "five"), "Rating must be a number"],
    ])("POST refuses %s with 400 and a readable message", async (_what, change, error) => {
      const before = await env.db.$count(reviews);
      const res = await post(change(reviewBy(buyer)), buyer);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect(await env.db.$count(reviews)).toBe(before);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
