import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyAnswer, companyListAnswer, myCompanyAnswer } from "../../contract/answers";
import { type Company, type MyCompany, companyMessages as says } from "../../contract/companies";
import { pageLinks } from "../../contract/paging";
import { expectAnswer } from "../test/answers";
import { userIdOf } from "../test/factories";
import { call, type Method } from "../test/requests";
import { adminEmail, lastMail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, type TestEnv } from "../test/test-env";
import {
  application,
  type CompanyCallers,
  companyCallerNames,
  companyOf,
  invitationToken,
  joinCompany as join,
  signUpCompanyCallers,
} from "./company-test-helpers";
import { companies, companyInvitations } from "./tables";

const mine = async (env: TestEnv, who: TestUser) => {
  const res = await call(env.app, "GET", "/api/companies/mine", who);
  expect(res.statusCode, res.body).toBe(200);
  expectAnswer(myCompanyAnswer, res.json());
  return res.json<MyCompany>();
};

describeEachDatabase(
  "company accounts: /api/companies and its members",
  (env) => {
    const who = {} as CompanyCallers;
    let a: Company;
    let b: Company;
    let buyerId: string;
    beforeAll(async () => {
      ({ a, b } = await signUpCompanyCallers(env, who));
      buyerId = await userIdOf(env.db, who.buyer.email);
    });

    describe("who may call each route", () => {
      type Row = {
        method: Method;
        route: string;
        url: () => string;
        body?: () => unknown;
        expected: [
          visitor: number,
          user: number,
          buyer: number,
          companyAdmin: number,
          other: number,
          shop: number,
        ];
      };
      const callers = companyCallerNames;
      let fresh = 0;
      const rows: Row[] = [
        {
          method: "GET",
          route: "/api/companies",
          url: () => "/api/companies",
          expected: [401, 403, 403, 403, 403, 200],
        },
        {
          method: "GET",
          route: "/api/companies/mine",
          url: () => "/api/companies/mine",
          expected: [401, 200, 200, 200, 200, 200],
        },
        {
          method: "PATCH",
          route: "/api/companies/:id",
          url: () => `/api/companies/${a._id}`,
          body: () => ({ discountPercent: 5 }),
          expected: [401, 403, 403, 403, 403, 200],
        },
        {
          method: "POST",
          route: "/api/companies/:id/members",
          url: () => `/api/companies/${a._id}/members`,
          body: () => ({ email: `invitee${++fresh}.${Date.now()}@example.com`, role: "buyer" }),
          expected: [401, 404, 403, 201, 404, 404],
        },
        {
          method: "PATCH",
          route: "/api/companies/:id/members/:userId",
          url: () => `/api/companies/${a._id}/members/${buyerId}`,
          body: () => ({ role: "buyer" }),
          expected: [401, 404, 403, 200, 404, 404],
        },
        {
          // Someone who is no member: nobody is removed, whoever asks.
          method: "DELETE",
          route: "/api/companies/:id/members/:userId",
          url: () => `/api/companies/${a._id}/members/not-a-member`,
          expected: [401, 404, 403, 404, 404, 404],
        },
        {
          method: "POST",
          route: "/api/companies/invitations/:token/accept",
          url: () => `/api/companies/invitations/${"x".repeat(43)}/accept`,
          expected: [401, 404, 404, 404, 404, 404],
        },
        {
          method: "POST",
          route: "/api/companies",
          url: () => "/api/companies",
          body: () => application("Again"),
          // The user and the shop admin may apply: their own tests below.
          expected: [401, 0, 409, 409, 409, 0],
        },
      ];
      for (const row of rows) {
        it(`${row.method} ${row.route}`, async () => {
          const got: number[] = [];
          for (const caller of [undefined, ...callers]) {
            const i = got.length;
            if (row.expected[i] === 0) {
              got.push(0);
              continue;
            }
            const res = await call(env.app, row.method, row.url(), caller && who[caller], row.body?.());
            got.push(res.statusCode);
            if (res.statusCode >= 400) expect(res.json(), `${caller}: ${res.body}`).toHaveProperty("error");
          }
          expect(got).toEqual(row.expected);
        });
      }

      it("shows each member their own company and its members only", async () => {
        const ofBuyer = await mine(env, who.buyer);
        expect(ofBuyer.company?._id).toBe(a._id);
        expect(ofBuyer.role).toBe("buyer");
        expect(ofBuyer.members.map((m) => m.email).sort()).toEqual(
          [who.buyer.email, who.companyAdmin.email].sort(),
        );
        expect(ofBuyer.invitations).toEqual([]);
        const ofOther = await mine(env, who.otherAdmin);
        expect(ofOther.company?._id).toBe(b._id);
        expect(ofOther.members.map((m) => m.email)).toEqual([who.otherAdmin.email]);
        expect(await mine(env, who.user)).toEqual({
          company: null,
          role: null,
          members: [],
          invitations: [],
        });
        // The company's admin sees the invitations still open (the matrix sent one).
        expect((await mine(env, who.companyAdmin)).invitations.length).toBeGreaterThan(0);
      });
    });

    describe("applying, approving and rejecting", () => {
      it("makes a pending company with the applicant as its admin, once", async () => {
        const owner = await signUp(env.app);
        const res = await call(env.app, "POST", "/api/companies", owner, {
          name: "  Bolt & Nut Workshop ",
          taxId: "US-77",
          address: "1 Main St",
        });
        expect(res.statusCode, res.body).toBe(201);
        expectAnswer(companyAnswer, res.json());
        expect(res.json()).toMatchObject({
          name: "Bolt & Nut Workshop",
          status: "pending",
          paymentTermsDays: 0,
          creditLimit: 0,
          discountPercent: 0,
          poRequired: false,
        });
        const own = await mine(env, owner);
        expect(own.role).toBe("admin");
        expect(own.members).toEqual([expect.objectContaining({ email: owner.email, role: "admin" })]);
        const again = await call(env.app, "POST", "/api/companies", owner, application("Second"));
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ error: says.alreadyMember });
      });

      it("refuses an application without its fields with the field's message", async () => {
        const owner = await signUp(env.app);
        for (const [body, error] of [
          [{ taxId: "1", address: "x" }, "Company name is Required"],
          [{ name: "X", taxId: " ", address: "x" }, "Tax ID is Required"],
          [{ name: "X", taxId: "1" }, "Address is Required"],
          [{ name: "x".repeat(121), taxId: "1", address: "x" }, "Use at most 120 characters"],
          [[1, 2], undefined],
        ] as const) {
          const res = await call(env.app, "POST", "/api/companies", owner, body);
          expect(res.statusCode, res.body).toBe(400);
          if (error) expect(res.json()).toEqual({ error });
          else expect(res.json()).toHaveProperty("error");
        }
        expect((await mine(env, owner)).company).toBeNull();
      });

      it("lets the shop admin set the decision and terms, the credit limit in dollars stored in cents", async () => {
        const owner = await signUp(env.app);
        const company = await companyOf(env, owner, who.shopAdmin, "Terms Ltd", false);
        const res = await call(env.app, "PATCH", `/api/companies/${company._id}`, who.shopAdmin, {
          status: "approved",
          paymentTermsDays: 30,
          creditLimit: 1500.5,
          discountPercent: 12,
          poRequired: true,
        });
        expect(res.statusCode, res.body).toBe(200);
        expectAnswer(companyAnswer, res.json());
        expect(res.json()).toMatchObject({
          status: "approved",
          paymentTermsDays: 30,
          creditLimit: 1500.5,
          discountPercent: 12,
          poRequired: true,
        });
        const [row] = await env.db.select().from(companies).where(eq(companies.id, company._id));
        expect(row?.creditLimitCents).toBe(150_050);
        const rejected = await call(env.app, "PATCH", `/api/companies/${company._id}`, who.shopAdmin, {
          status: "rejected",
        });
        expect(rejected.json()).toMatchObject({ status: "rejected", paymentTermsDays: 30 });
      });

      it("refuses terms out of range, unknown fields and unknown companies with a 4xx {error}", async () => {
        const url = `/api/companies/${b._id}`;
        for (const [body, error] of [
          [{ paymentTermsDays: 7 }, "paymentTermsDays must be 0 (card only), 15, 30 or 60"],
          [{ paymentTermsDays: "30" }, "paymentTermsDays must be 0 (card only), 15, 30 or 60"],
          [{ discountPercent: 51 }, "discountPercent must be between 0 and 50"],
          [{ discountPercent: 2.5 }, "discountPercent must be a whole number"],
          [{ creditLimit: -1 }, "creditLimit cannot be negative"],
          [{ creditLimit: 10.005 }, "Use at most two decimals for creditLimit"],
          [{ creditLimit: 10_000_001 }, "creditLimit must be at most $10,000,000.00"],
          [{ status: "closed" }, "status must be one of pending, approved, rejected"],
          [{ poRequired: "yes" }, "poRequired must be true or false"],
          [{ color: "red" }, "Unknown field: color"],
          [{}, "Send at least one field to change"],
        ] as const) {
          const res = await call(env.app, "PATCH", url, who.shopAdmin, body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.json()).toEqual({ error });
        }
        const badId = await call(env.app, "PATCH", "/api/companies/42", who.shopAdmin, {
          status: "approved",
        });
        expect(badId.statusCode).toBe(400);
        expect(badId.json()).toEqual({ error: "That is not a valid company id" });
        const none = await call(env.app, "PATCH", `/api/companies/${crypto.randomUUID()}`, who.shopAdmin, {
          status: "approved",
        });
        expect(none.statusCode).toBe(404);
        expect(none.json()).toEqual({ error: says.noCompany });
      });

      it("lists companies newest first, of one status, a page at a time by cursor", async () => {
        const names: string[] = [];
        for (let i = 0; i < 3; i++) {
          const owner = await signUp(env.app);
          names.unshift((await companyOf(env, owner, who.shopAdmin, `Pending ${i}`, false)).name);
        }
        let url: string | undefined = "/api/companies?status=pending&limit=2";
        const seen: string[] = [];
        while (url) {
          const res = await call(env.app, "GET", url, who.shopAdmin);
          expect(res.statusCode, res.body).toBe(200);
          expectAnswer(companyListAnswer, res.json());
          const page = res.json<{ name: string; status: string; applicant: { email: string } | null }[]>();
          expect(page.every((c) => c.status === "pending" && c.applicant !== null)).toBe(true);
          seen.push(...page.map((c) => c.name));
          url = pageLinks(res.headers.link as string | undefined).next;
        }
        expect(seen.slice(0, 3)).toEqual(names);
        const total = await call(env.app, "GET", "/api/companies?status=approved", who.shopAdmin);
        expect(total.json<{ name: string }[]>().map((c) => c.name)).toEqual(
          expect.arrayContaining(["Garage A", "Garage B"]),
        );
        expect(Number(total.headers["x-total-count"])).toBe(total.json<unknown[]>().length);
        for (const query of ["status=open", "cursor=nonsense", "limit=0"]) {
          const bad = await call(env.app, "GET", `/api/companies?${query}`, who.shopAdmin);
          expect(bad.statusCode, query).toBe(400);
          expect(bad.json()).toHaveProperty("error");
        }
      });
    });

    describe("invitations", () => {
      it("are refused until the shop approves the company", async () => {
        const owner = await signUp(env.app);
        const company = await companyOf(env, owner, who.shopAdmin, "Not Yet", false);
        const res = await call(env.app, "POST", `/api/companies/${company._id}/members`, owner, {
          email: "someone@example.com",
          role: "buyer",
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: says.notApproved });
      });

      it("mail a link that only the invited verified address accepts, once, before it expires", async () => {
        const owner = await signUp(env.app);
        const company = await companyOf(env, owner, who.shopAdmin, "Invite & Co");
        const invitee = await signUp(env.app, {}, { verified: false });
        const stranger = await signUp(env.app);
        const res = await call(env.app, "POST", `/api/companies/${company._id}/members`, owner, {
          email: invitee.email.toUpperCase(),
          role: "admin",
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ email: invitee.email, role: "admin" });
        const mail = await lastMail(env.app, invitee.email, "company-invitation");
        expect(mail.subject).toBe(`${owner.name} invites you to Invite & Co on Car Mechanic`);
        const token = await invitationToken(env, invitee.email);
        const accept = (caller: TestUser, t = token) =>
          call(env.app, "POST", `/api/companies/invitations/${t}/accept`, caller);

        const wrong = await accept(stranger);
        expect(wrong.statusCode).toBe(403);
        expect(wrong.json()).toEqual({ error: says.invitationOtherAddress });
        const unverified = await accept(invitee);
        expect(unverified.statusCode).toBe(403);
        expect(unverified.json()).toEqual({ error: says.invitationUnverified });
        expect((await mine(env, invitee)).company).toBeNull();

        const verified = await signUp(env.app);
        await call(env.app, "POST", `/api/companies/${company._id}/members`, owner, {
          email: verified.email,
          role: "buyer",
        });
        const second = await invitationToken(env, verified.email);
        const joined = await accept(verified, second);
        expect(joined.statusCode, joined.body).toBe(200);
        expectAnswer(myCompanyAnswer, joined.json());
        expect(joined.json()).toMatchObject({ company: { _id: company._id }, role: "buyer" });
        const twice = await accept(verified, second);
        expect(twice.statusCode).toBe(409);
        expect(twice.json()).toEqual({ error: says.invitationUsed });

        const late = await signUp(env.app);
        await call(env.app, "POST", `/api/companies/${company._id}/members`, owner, {
          email: late.email,
          role: "buyer",
        });
        const lateToken = await invitationToken(env, late.email);
        await env.db
          .update(companyInvitations)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(companyInvitations.email, late.email.toLowerCase()));
        const expired = await accept(late, lateToken);
        expect(expired.statusCode).toBe(410);
        expect(expired.json()).toEqual({ error: says.invitationExpired });

        const again = await call(env.app, "POST", `/api/companies/${company._id}/members`, owner, {
          email: verified.email,
          role: "buyer",
        });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ error: says.alreadyInCompany });

        // A member of another company is invited, but cannot join a second one.
        await call(env.app, "POST", `/api/companies/${company._id}/members`, owner, {
          email: who.otherAdmin.email,
          role: "buyer",
        });
        const taken = await accept(who.otherAdmin, await invitationToken(env, who.otherAdmin.email));
        expect(taken.statusCode).toBe(409);
        expect(taken.json()).toEqual({ error: says.alreadyMember });
      });

      it("refuses a malformed invitation with a 400 {error}", async () => {
        for (const [body, error] of [
          [{ email: "nope", role: "buyer" }, "Provide a valid Email"],
          [{ email: "a@example.com", role: "owner" }, 'role must be "admin" or "buyer"'],
          [{ role: "buyer" }, "Email is Required"],
        ] as const) {
          const res = await call(env.app, "POST", `/api/companies/${a._id}/members`, who.companyAdmin, body);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ error });
        }
        const badToken = await call(env.app, "POST", "/api/companies/invitations/short/accept", who.user);
        expect(badToken.statusCode).toBe(400);
        expect(badToken.json()).toEqual({ error: says.invitationUnknown });
      });
    });

    describe("roles and leaving", () => {
      it("keeps at least one admin: the last cannot leave or be demoted; members leave and are removed", async () => {
        const owner = await signUp(env.app);
        const company = await companyOf(env, owner, who.shopAdmin, "Roles Inc");
        const mechanic = await signUp(env.app);
        const bookkeeper = await signUp(env.app);
        await join(env, owner, company._id, mechanic, "buyer");
        await join(env, owner, company._id, bookkeeper, "buyer");
        const [ownerId, mechanicId, bookkeeperId] = await Promise.all(
          [owner, mechanic, bookkeeper].map((p) => userIdOf(env.db, p.email)),
        );
        const members = `/api/companies/${company._id}/members`;

        const demote = await call(env.app, "PATCH", `${members}/${ownerId}`, owner, { role: "buyer" });
        expect(demote.statusCode).toBe(409);
        expect(demote.json()).toEqual({ error: says.lastAdmin });
        const leave = await call(env.app, "DELETE", `${members}/${ownerId}`, owner);
        expect(leave.statusCode).toBe(409);
        expect(leave.json()).toEqual({ error: says.lastAdmin });
        const badRole = await call(env.app, "PATCH", `${members}/${mechanicId}`, owner, { role: "boss" });
        expect(badRole.statusCode).toBe(400);

        const promote = await call(env.app, "PATCH", `${members}/${mechanicId}`, owner, { role: "admin" });
        expect(promote.statusCode, promote.body).toBe(200);
        expect(promote.json()).toEqual({ userId: mechanicId, role: "admin" });
        const stepDown = await call(env.app, "PATCH", `${members}/${ownerId}`, owner, { role: "buyer" });
        expect(stepDown.statusCode).toBe(200);
        // The owner is a buyer now: removing someone else is the admins' job.
        const notAllowed = await call(env.app, "DELETE", `${members}/${bookkeeperId}`, owner);
        expect(notAllowed.statusCode).toBe(403);
        expect(notAllowed.json()).toEqual({ error: says.notCompanyAdmin });

        const removed = await call(env.app, "DELETE", `${members}/${bookkeeperId}`, mechanic);
        expect(removed.statusCode).toBe(204);
        expect((await mine(env, bookkeeper)).company).toBeNull();
        const left = await call(env.app, "DELETE", `${members}/${ownerId}`, owner);
        expect(left.statusCode).toBe(204);
        expect((await mine(env, owner)).company).toBeNull();
        expect((await mine(env, mechanic)).members.map((m) => m.userId)).toEqual([mechanicId]);
        const lastOne = await call(env.app, "DELETE", `${members}/${mechanicId}`, mechanic);
        expect(lastOne.statusCode).toBe(409);
      });

      it("keeps one of two admins who leave at the same moment", async () => {
        const owner = await signUp(env.app);
        const company = await companyOf(env, owner, who.shopAdmin, "Both Leave Ltd");
        const partner = await signUp(env.app);
        await join(env, owner, company._id, partner, "admin");
        const ids = await Promise.all([owner, partner].map((p) => userIdOf(env.db, p.email)));
        const answers = await Promise.all(
          [owner, partner].map((p, i) =>
            call(env.app, "DELETE", `/api/companies/${company._id}/members/${ids[i]}`, p),
          ),
        );
        expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
        const stayed = answers[0]?.statusCode === 409 ? owner : partner;
        expect((await mine(env, stayed)).members).toEqual([expect.objectContaining({ role: "admin" })]);
      });

      it("lets the last admin of a rejected company leave it", async () => {
        const owner = await signUp(env.app);
        const company = await companyOf(env, owner, who.shopAdmin, "Rejected Ltd", false);
        await call(env.app, "PATCH", `/api/companies/${company._id}`, who.shopAdmin, { status: "rejected" });
        const ownerId = await userIdOf(env.db, owner.email);
        const left = await call(env.app, "DELETE", `/api/companies/${company._id}/members/${ownerId}`, owner);
        expect(left.statusCode, left.body).toBe(204);
        const reapply = await call(env.app, "POST", "/api/companies", owner, application("Second Try"));
        expect(reapply.statusCode).toBe(201);
      });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
