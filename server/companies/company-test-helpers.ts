// Helpers for the API tests that need a company with members (not a test file itself).
import { expect } from "vitest";
import type { Company, CompanyTermsInput } from "../../contract/companies";
import { call } from "../test/requests";
import { adminEmail, lastMail, linkIn, signUp, type TestUser } from "../test/sessions";
import type { TestEnv } from "../test/test-env";

/** A valid POST /api/companies body. */
export const application = (name: string) => ({
  name,
  taxId: "DE123456789",
  address: "12 Garage Road, Springfield",
});

/** The invitation link's token mailed to `email` (the newest). */
export async function invitationToken(env: TestEnv, email: string): Promise<string> {
  const mail = await lastMail(env.app, email.toLowerCase(), "company-invitation");
  const link = linkIn(mail.text, "/dashboard/company");
  const token = new URL(link, "http://x").searchParams.get("invitation");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** A company applied for by `owner` (its admin), approved by the shop admin unless `approve: false`. */
export async function companyOf(
  env: TestEnv,
  owner: TestUser,
  admin: TestUser,
  name: string,
  approve = true,
) {
  const res = await call(env.app, "POST", "/api/companies", owner, application(name));
  expect(res.statusCode, res.body).toBe(201);
  const company = res.json<Company>();
  if (approve) {
    const ok = await call(env.app, "PATCH", `/api/companies/${company._id}`, admin, { status: "approved" });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return company;
}

/** `who` joins the company with `role` through an invitation from `companyAdmin`, mailed and accepted. */
export async function joinCompany(
  env: TestEnv,
  companyAdmin: TestUser,
  companyId: string,
  who: TestUser,
  role: "admin" | "buyer",
) {
  const invite = await call(env.app, "POST", `/api/companies/${companyId}/members`, companyAdmin, {
    email: who.email,
    role,
  });
  expect(invite.statusCode, invite.body).toBe(201);
  const token = await invitationToken(env, who.email);
  const accepted = await call(env.app, "POST", `/api/companies/invitations/${token}/accept`, who);
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/**
 * A company applied for by a new user (its admin, so a member who orders for it) and, unless
 * `terms.status` says otherwise, approved by `shopAdmin` with `terms` (PATCH /api/companies/{id}).
 */
export async function companyWithBuyer(
  env: TestEnv,
  shopAdmin: TestUser,
  terms: CompanyTermsInput = {},
): Promise<{ company: Company; buyer: TestUser }> {
  const buyer = await signUp(env.app);
  const company = await companyOf(env, buyer, shopAdmin, `Garage ${crypto.randomUUID().slice(0, 8)}`, false);
  if (terms.status !== "pending") {
    const ok = await call(env.app, "PATCH", `/api/companies/${company._id}`, shopAdmin, {
      status: "approved",
      ...terms,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return { company, buyer };
}

/** A new user who joins the company as `role`, through the invitation its admin mails. */
export async function memberOf(
  env: TestEnv,
  companyAdmin: TestUser,
  companyId: string,
  role: "admin" | "buyer" = "buyer",
): Promise<TestUser> {
  const who = await signUp(env.app);
  await joinCompany(env, companyAdmin, companyId, who, role);
  return who;
}

/** Who calls a company route in the access tests, after the visitor (no session). */
export const companyCallerNames = ["user", "buyer", "companyAdmin", "otherAdmin", "shopAdmin"] as const;
export type CompanyCallers = Record<(typeof companyCallerNames)[number], TestUser>;

/**
 * Signs the callers up into `who` (the test's config must list adminEmail in ADMIN_EMAILS): company
 * `a` of `companyAdmin` with `buyer` as its buyer, company `b` of `otherAdmin`, both approved.
 */
export async function signUpCompanyCallers(env: TestEnv, who: CompanyCallers) {
  who.shopAdmin = await signUp(env.app, { email: adminEmail });
  who.user = await signUp(env.app);
  who.buyer = await signUp(env.app);
  who.companyAdmin = await signUp(env.app);
  who.otherAdmin = await signUp(env.app);
  const a = await companyOf(env, who.companyAdmin, who.shopAdmin, "Garage A");
  const b = await companyOf(env, who.otherAdmin, who.shopAdmin, "Garage B");
  await joinCompany(env, who.companyAdmin, a._id, who.buyer, "buyer");
  return { a, b };
}
