import { expect, it } from "vitest";
import { profileListAnswer } from "../../contract/answers";
import type { Profile } from "../../contract/profiles";
import { expectAnswer } from "../test/answers";
import { profileOf } from "../test/bodies";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";

// What only profiles do; what they do as portfolios do is in own-records.test.ts.

describeEachDatabase(
  "profiles: GET /api/showAllProfile, the account's photo, LinkedIn ids and phone numbers",
  (env) => {
    const people = usersAndAdmin(env);

    const save = (payload: object, who?: TestUser) => call(env.app, "POST", "/api/myProfile", who, payload);
    const read = (url: string, who?: TestUser) => call(env.app, "GET", url, who);

    it("GET /api/showAllProfile: 401 anonymous, 403 users, every field for an admin with the total", async () => {
      for (const who of [people.user, people.other])
        expect((await save(profileOf(who), who)).statusCode).toBe(201);
      expect((await read("/api/showAllProfile")).statusCode).toBe(401);
      for (const who of [people.user, people.other]) {
        const refused = await read("/api/showAllProfile", who);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toHaveProperty("error");
      }
      const res = await read("/api/showAllProfile", people.admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("2");
      expectAnswer(profileListAnswer, res.json());
      expect(
        res
          .json<Profile[]>()
          .map((p) => p.email)
          .sort(),
      ).toEqual([people.user.email, people.other.email].sort());
      expect(res.json<Profile[]>()[0]).toHaveProperty("phone");

      const page = await read("/api/showAllProfile?page=2&limit=1", people.admin);
      expect(page.json()).toHaveLength(1);
      expect(page.headers["x-total-count"]).toBe("2");
      expect((await read("/api/showAllProfile?limit=0", people.admin)).statusCode).toBe(400);
    });

    it("POST: the profile's uploaded photo becomes the account's photo when it has none, never over one", async () => {
      const sessionImage = async (who: TestUser) =>
        (await call(env.app, "GET", "/api/auth/get-session", who)).json().user.image;
      const without = await signUp(env.app);
      expect(await sessionImage(without)).toBeNull();
      expect((await save(profileOf(without), without)).statusCode).toBe(201);
      expect(await sessionImage(without)).toBe(profileOf(without).img);

      const own = "/uploads/fedcba9876543210fedcba9876543210.webp";
      const withOwn = await signUp(env.app);
      const chose = await call(env.app, "POST", "/api/auth/update-user", withOwn, { image: own });
      expect(chose.statusCode).toBe(200);
      expect((await save(profileOf(withOwn), withOwn)).statusCode).toBe(201);
      expect(await sessionImage(withOwn)).toBe(own);

      // One of the shop's own pictures is no photo of the user.
      const plain = await signUp(env.app);
      await save({ ...profileOf(plain), img: "/images/avatar-default.svg" }, plain);
      expect(await sessionImage(plain)).toBeNull();
    });

    it("POST accepts a LinkedIn id alone and a phone typed as a number", async () => {
      const res = await save(
        { ...profileOf(people.user), linkedIn: "amina-rahman", phone: 8801712345678 },
        people.user,
      );
      expect(res.statusCode).toBe(200);
      const mine = await read("/api/myProfile", people.user);
      expect(mine.json()).toMatchObject({ linkedIn: "amina-rahman", phone: "8801712345678" });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
