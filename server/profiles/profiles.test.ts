import { expect, it } from "vitest";
import { profileAnswer, profileListAnswer, savedAnswer } from "../../contract/answers";
import type { Profile } from "../../contract/profiles";
import { expectAnswer } from "../test/answers";
import { withField, without } from "../test/bodies";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { profiles } from "./tables";

const photo = "/uploads/0123456789abcdef0123456789abcdef.webp";
const secretPhone = "+880 1712-345678";

const profileOf = (who: TestUser) => ({
  name: who.name,
  email: who.email,
  education: "Bachelor",
  location: "Dhaka, Bangladesh",
  phone: secretPhone,
  linkedIn: "https://www.linkedin.com/in/amina-rahman",
  img: photo,
});

describeEachDatabase(
  "profiles: POST/GET /api/myProfile, GET /api/showAllProfile",
  (env) => {
    const people = usersAndAdmin(env);

    const save = (payload: object, who?: TestUser) => call(env.app, "POST", "/api/myProfile", who, payload);
    const read = (url: string, who?: TestUser) => call(env.app, "GET", url, who);

    it("POST: 401 'No user is logged in' without a session, and nothing stored", async () => {
      const res = await save(profileOf(people.user));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "No user is logged in" });
      expect(await env.db.$count(profiles)).toBe(0);
    });

    it("POST: creates the profile (201), then updates the same one (200, same id)", async () => {
      const created = await save(profileOf(people.user), people.user);
      expect(created.statusCode).toBe(201);
      const { insertedId } = created.json();
      expect(created.json()).toEqual({ insertedId, updated: false });
      expectAnswer(savedAnswer, created.json());

      const updated = await save({ ...profileOf(people.user), location: "Chattogram" }, people.user);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual({ insertedId, updated: true });
      expectAnswer(savedAnswer, updated.json());
      expect(await env.db.$count(profiles)).toBe(1);

      const mine = await read(`/api/myProfile?email=${encodeURIComponent(people.user.email)}`, people.user);
      expect(mine.json()).toMatchObject({ _id: insertedId, location: "Chattogram" });
    });

    it("POST: stores the session's email, never another one from the body", async () => {
      const res = await save(
        { ...profileOf(people.other), email: people.user.email, name: "Impostor" },
        people.other,
      );
      expect(res.statusCode).toBe(201);
      const ownersProfile = await read(
        `/api/myProfile?email=${encodeURIComponent(people.user.email)}`,
        people.user,
      );
      expect(ownersProfile.json().name).toBe(people.user.name);
      const others = await read(
        `/api/myProfile?email=${encodeURIComponent(people.other.email)}`,
        people.other,
      );
      expect(others.json()).toMatchObject({ name: "Impostor", email: people.other.email });
    });

    it("GET: the owner and admins see every field", async () => {
      const url = `/api/myProfile?email=${encodeURIComponent(people.user.email)}`;
      for (const who of [people.user, people.admin]) {
        const res = await read(url, who);
        expect(res.statusCode).toBe(200);
        expectAnswer(profileAnswer, res.json());
        expect(res.json<Profile>()).toEqual({
          _id: expect.any(String),
          name: people.user.name,
          email: people.user.email,
          education: "Bachelor",
          location: "Chattogram",
          phone: secretPhone,
          linkedIn: "https://www.linkedin.com/in/amina-rahman",
          img: photo,
        });
      }
    });

    it("GET: visitors and other users get the public part only, never the phone or email", async () => {
      const url = `/api/myProfile?email=${encodeURIComponent(people.user.email.toUpperCase())}`;
      for (const who of [undefined, people.other]) {
        const res = await read(url, who);
        expect(res.statusCode).toBe(200);
        expectAnswer(profileAnswer, res.json());
        expect(Object.keys(res.json()).sort()).toEqual([
          "_id",
          "education",
          "img",
          "linkedIn",
          "location",
          "name",
        ]);
        expect(res.body).not.toContain("1712");
        expect(res.body).not.toContain(people.user.email);
      }
    });

    it("GET without ?email= reads your own profile, or 401 when signed out", async () => {
      const mine = await read("/api/myProfile", people.user);
      expect(mine.json()).toMatchObject({ email: people.user.email, phone: secretPhone });
      const anonymous = await read("/api/myProfile");
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: "No user is logged in" });
    });

    it("GET: 404 for an email without a profile, 400 for a malformed email", async () => {
      const none = await read("/api/myProfile?email=nobody@example.com");
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ error: "No profile yet" });
      const bad = await read("/api/myProfile?email=not-an-email");
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: "Provide a valid Email" });
    });

    it("GET /api/showAllProfile: 401 anonymous, 403 users, every field for an admin with the total", async () => {
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

    it.each([
      ["no name", without("name"), "Name is Required"],
      ["no email", without("email"), "Email is Required"],
      ["a malformed email", withField("email", "owner-at-example"), "Provide a valid Email"],
      ["no education", without("education"), "Choose your education"],
      ["an unknown education", withField("education", "PhD"), "Choose your education"],
      ["no location", without("location"), "Location is Required"],
      ["a blank location", withField("location", "  "), "Location is Required"],
      [
        "a location over 120 characters",
        withField("location", "l".repeat(121)),
        "Use at most 120 characters",
      ],
      ["no phone", without("phone"), "Phone Number Required"],
      ["a phone that is not a number", withField("phone", "call me"), "Provide a valid phone number"],
      ["a phone too short", withField("phone", "123"), "Provide a valid phone number"],
      ["no LinkedIn", without("linkedIn"), "LinkedIn Id Required"],
      [
        "a LinkedIn that is a script",
        withField("linkedIn", "javascript:alert(1)"),
        "Provide your LinkedIn profile link or id",
      ],
      [
        "a LinkedIn on another site",
        withField("linkedIn", "https://evil.example/in/x"),
        "Provide your LinkedIn profile link or id",
      ],
      ["no photo", without("img"), "Image is Required"],
      ["a remote photo", withField("img", "https://evil.example/me.png"), "Upload the photo here first"],
    ])("POST refuses %s with 400 and the form's message", async (_what, change, error) => {
      const res = await save(change(profileOf(people.user)), people.user);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
    });

    it("POST: the profile's uploaded photo becomes the account's photo when it has none, never over one", async () => {
      const sessionImage = async (who: TestUser) =>
        (await call(env.app, "GET", "/api/auth/get-session", who)).json().user.image;
      const without = await signUp(env.app);
      expect(await sessionImage(without)).toBeNull();
      expect((await save(profileOf(without), without)).statusCode).toBe(201);
      expect(await sessionImage(without)).toBe(photo);

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
