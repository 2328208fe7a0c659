import { expect, it } from "vitest";
import { savedAnswer } from "../../contract/answers";
import { type OwnRecordKind, portfolioKind, profileKind } from "../../contract/profiles";
import { expectAnswer } from "../test/answers";
import { portfolioOf, profileOf, withField, without } from "../test/bodies";
import { call } from "../test/requests";
import { adminEmail, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { portfolios, profiles } from "./tables";

// What profiles and portfolios do alike (contract/profiles.ts's OwnRecordKind): one per user, saved
// as the session's, read by anyone but their private fields; and each kind's form messages.
// profiles.test.ts has what only profiles do.

type Change = (body: Record<string, unknown>) => Record<string, unknown>;

/** The messages every kind's form gives for the fields every kind has. */
const ownerRefusals: [string, Change, string][] = [
  ["no name", without("name"), "Name is Required"],
  ["no email", without("email"), "Email is Required"],
  ["a malformed email", withField("email", "owner-at-example"), "Provide a valid Email"],
  ["no education", without("education"), "Choose your education"],
  ["no photo", without("img"), "Image is Required"],
  ["a remote photo", withField("img", "https://evil.example/me.png"), "Upload the photo here first"],
];

const kinds: {
  kind: OwnRecordKind;
  table: typeof profiles | typeof portfolios;
  bodyOf: (who: TestUser) => Record<string, unknown>;
  /** A change of one of the kind's own fields. */
  edit: Record<string, string>;
  /** Bodies it accepts that a stricter check might not. */
  accepted: Record<string, unknown>[];
  refusals: [string, Change, string][];
}[] = [
  {
    kind: profileKind,
    table: profiles,
    bodyOf: profileOf,
    edit: { location: "Chattogram" },
    accepted: [],
    refusals: [
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
    ],
  },
  {
    kind: portfolioKind,
    table: portfolios,
    bodyOf: portfolioOf,
    edit: { skill: "Transmissions" },
    accepted: ["Bsc in EEE", "Msc in CSE", "Others", "JSC"].map((education) => ({ education })),
    refusals: [
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
    ],
  },
];

for (const { kind, table, bodyOf, edit, accepted, refusals } of kinds) {
  const publicFields = kind.fields.filter((field) => !kind.privateFields.includes(field));

  describeEachDatabase(
    `${kind.noun}: POST/GET ${kind.path}`,
    (env) => {
      const people = usersAndAdmin(env);
      const save = (payload: object, who?: TestUser) => call(env.app, "POST", kind.path, who, payload);
      const read = (query: string, who?: TestUser) => call(env.app, "GET", `${kind.path}${query}`, who);
      const of = (who: TestUser) => `?email=${encodeURIComponent(who.email)}`;

      it("POST: 401 'No user is logged in' without a session, and nothing stored", async () => {
        const res = await save(bodyOf(people.user));
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: "No user is logged in" });
        expect(await env.db.$count(table)).toBe(0);
      });

      it("POST: one per user, created (201) then updated (200) under the same id", async () => {
        const created = await save(bodyOf(people.user), people.user);
        expect(created.statusCode).toBe(201);
        const { insertedId } = created.json();
        expect(created.json()).toEqual({ insertedId, updated: false });
        expectAnswer(savedAnswer, created.json());

        const updated = await save({ ...bodyOf(people.user), ...edit }, people.user);
        expect(updated.statusCode).toBe(200);
        expect(updated.json()).toEqual({ insertedId, updated: true });
        expectAnswer(savedAnswer, updated.json());
        expect(await env.db.$count(table)).toBe(1);
        expect((await read(of(people.user), people.user)).json()).toMatchObject({ _id: insertedId, ...edit });
      });

      it("POST: stores the session's email, never another one from the body", async () => {
        const res = await save(
          { ...bodyOf(people.other), email: people.user.email, name: "Impostor" },
          people.other,
        );
        expect(res.statusCode).toBe(201);
        expect((await read(of(people.user), people.user)).json().name).toBe(people.user.name);
        expect((await read(of(people.other), people.other)).json()).toMatchObject({
          name: "Impostor",
          email: people.other.email,
        });
      });

      it("GET: the owner and admins see every field, in the form's order", async () => {
        for (const who of [people.user, people.admin]) {
          const res = await read(of(people.user), who);
          expect(res.statusCode).toBe(200);
          expectAnswer(kind.answer, res.json());
          expect(res.json()).toEqual({ _id: expect.any(String), ...bodyOf(people.user), ...edit });
          expect(Object.keys(res.json())).toEqual(["_id", ...kind.fields]);
        }
      });

      it("GET: visitors and other users get the public part, never a private field", async () => {
        const query = `?email=${encodeURIComponent(people.user.email.toUpperCase())}`;
        for (const who of [undefined, people.other]) {
          const res = await read(query, who);
          expect(res.statusCode).toBe(200);
          expectAnswer(kind.answer, res.json());
          expect(Object.keys(res.json()).sort()).toEqual(["_id", ...publicFields].sort());
          for (const field of kind.privateFields)
            expect(res.body).not.toContain(String(bodyOf(people.user)[field]));
        }
      });

      it("GET: your own without ?email=, 401 signed out, 404 without one, 400 for a bad email", async () => {
        expect((await read("", people.user)).json()).toMatchObject({ email: people.user.email });
        const anonymous = await read("");
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toEqual({ error: "No user is logged in" });
        const none = await read("", people.admin);
        expect(none.statusCode).toBe(404);
        expect(none.json()).toEqual({ error: kind.missing });
        const bad = await read("?email=not-an-email");
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ error: "Provide a valid Email" });
        expect((await read("?email=%27%20or%201=1--")).statusCode).toBe(400);
      });

      it.each([...ownerRefusals, ...refusals])(
        "POST refuses %s with 400 and the form's message",
        async (_what, change, error) => {
          const res = await save(change(bodyOf(people.user)), people.user);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ error });
        },
      );

      it("POST accepts what the form allows beyond the plain example", async () => {
        for (const change of accepted) {
          const res = await save({ ...bodyOf(people.user), ...change }, people.user);
          expect(res.statusCode, JSON.stringify(change)).toBe(200);
        }
      });
    },
    { ADMIN_EMAILS: adminEmail },
  );
}
