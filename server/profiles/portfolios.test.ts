import { expect, it } from "vitest";
import { portfolioAnswer, savedAnswer } from "../../contract/answers";
import { expectAnswer } from "../test/answers";
import { withField, without } from "../test/bodies";
import { call } from "../test/requests";
import { adminEmail, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { portfolios } from "./tables";

const photo = "/uploads/fedcba9876543210fedcba9876543210.webp";

const portfolioOf = (who: TestUser) => ({
  name: who.name,
  email: who.email,
  education: "Bsc in CSE",
  skill: "Engine diagnostics, brake systems, React",
  project1: "https://github.com/example/obd-reader",
  project2: "https://example.com/projects/brake-bench",
  project3: "http://example.org/fleet",
  img: photo,
});

describeEachDatabase(
  "portfolios: POST/GET /api/myPortfolio",
  (env) => {
    const people = usersAndAdmin(env);

    const save = (payload: object, who?: TestUser) => call(env.app, "POST", "/api/myPortfolio", who, payload);
    const read = (url: string, who?: TestUser) => call(env.app, "GET", url, who);
    const ownerUrl = () => `/api/myPortfolio?email=${encodeURIComponent(people.user.email)}`;

    it("POST: 401 'No user is logged in' without a session", async () => {
      const res = await save(portfolioOf(people.user));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "No user is logged in" });
      expect(await env.db.$count(portfolios)).toBe(0);
    });

    it("POST: one portfolio per user, created (201) then updated (200) under the same id", async () => {
      const created = await save(portfolioOf(people.user), people.user);
      expect(created.statusCode).toBe(201);
      const { insertedId } = created.json();
      expect(created.json()).toEqual({ insertedId, updated: false });
      expectAnswer(savedAnswer, created.json());
      const updated = await save({ ...portfolioOf(people.user), skill: "Transmissions" }, people.user);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual({ insertedId, updated: true });
      expectAnswer(savedAnswer, updated.json());
      expect(await env.db.$count(portfolios)).toBe(1);
    });

    it("POST: another user's email in the body is ignored; their own portfolio is saved", async () => {
      const res = await save(
        { ...portfolioOf(people.other), email: people.user.email, skill: "Hijacking" },
        people.other,
      );
      expect(res.statusCode).toBe(201);
      expect((await read(ownerUrl(), people.user)).json().skill).toBe("Transmissions");
    });

    it("GET: anyone reads a portfolio; the email only for its owner and admins", async () => {
      for (const who of [people.user, people.admin]) {
        const res = await read(ownerUrl(), who);
        expect(res.statusCode).toBe(200);
        expectAnswer(portfolioAnswer, res.json());
        expect(res.json()).toEqual({
          _id: expect.any(String),
          ...portfolioOf(people.user),
          skill: "Transmissions",
        });
      }
      for (const who of [undefined, people.other]) {
        const res = await read(ownerUrl(), who);
        expect(res.statusCode).toBe(200);
        expectAnswer(portfolioAnswer, res.json());
        expect(res.json()).not.toHaveProperty("email");
        expect(res.body).not.toContain(people.user.email);
        expect(res.json()).toMatchObject({
          skill: "Transmissions",
          project1: portfolioOf(people.user).project1,
        });
      }
    });

    it("GET: your own without ?email=, 401 signed out, 404 without a portfolio, 400 for a bad email", async () => {
      expect((await read("/api/myPortfolio", people.user)).json()).toMatchObject({
        email: people.user.email,
      });
      expect((await read("/api/myPortfolio")).json()).toEqual({ error: "No user is logged in" });
      const none = await read("/api/myPortfolio", people.admin);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ error: "No portfolio yet" });
      expect((await read("/api/myPortfolio?email=%27%20or%201=1--")).statusCode).toBe(400);
    });

    it.each([
      ["no name", without("name"), "Name is Required"],
      ["no email", without("email"), "Email is Required"],
      ["an education not on the list", withField("education", "Bsc in Magic"), "Choose your education"],
      [
        "a profile-only education spelled differently",
        withField("education", "masters"),
        "Choose your education",
      ],
      ["no skill", without("skill"), "Skill is Required"],
      ["a blank skill", withField("skill", " "), "Skill is Required"],
      ["no project1", without("project1"), "Project1 Link Required"],
      ["no project2", without("project2"), "Project2 Link Required"],
      ["no project3", without("project3"), "Project3 Link Required"],
      [
        "a project that is not a link",
        withField("project1", "my garage app"),
        "Project1 Link must start with http:// or https://",
      ],
      [
        "a javascript: project",
        withField("project2", "javascript:alert(1)//x.com"),
        "Project2 Link must start with http:// or https://",
      ],
      [
        "an ftp project",
        withField("project3", "ftp://example.com/x"),
        "Project3 Link must start with http:// or https://",
      ],
      ["no photo", without("img"), "Image is Required"],
      ["a remote photo", withField("img", "http://evil.example/p.png"), "Upload the photo here first"],
    ])("POST refuses %s with 400 and the form's message", async (_what, change, error) => {
      const res = await save(change(portfolioOf(people.user)), people.user);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
    });

    it("POST accepts every education on the portfolio list", async () => {
      for (const education of ["Bsc in EEE", "Msc in CSE", "Others", "JSC"]) {
        const res = await save({ ...portfolioOf(people.user), education }, people.user);
        expect(res.statusCode, education).toBe(200);
      }
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
