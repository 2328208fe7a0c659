// Helpers for the API tests that need a company with members (not a test file itself).
import { expect } from "vitest";
import type { Company } from "../../contract/companies";
import { call } from "../test/requests";
import { lastMail, linkIn, type TestUser } from "../test/sessions";
import type { TestEnv } from "../test/test-env";

/** A company applied for by `owner` (its admin) through the API, approved by the shop admin `admin`. */
export async function approvedCompany(env: TestEnv, owner: TestUser, admin: TestUser, name: string) {
  const res = await call(env.app, "POST", "/api/companies", owner, {
    name,
    taxId: "DE123456789",
    address: "12 Garage Road, Springfield",
  });
  expect(res.statusCode, res.body).toBe(201);
  const company = res.json<Company>();
  const ok = await call(env.app, "PATCH", `/api/companies/${company._id}`, admin, { status: "approved" });
  expect(ok.statusCode, ok.body).toBe(200);
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
  const mail = await lastMail(env.app, who.email.toLowerCase(), "company-invitation");
  const token = new URL(linkIn(mail.text, "/dashboard/company"), "http://x").searchParams.get("invitation");
  const accepted = await call(env.app, "POST", `/api/companies/invitations/${token}/accept`, who);
  expect(accepted.statusCode, accepted.body).toBe(200);
}
