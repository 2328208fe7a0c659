// Helpers for API tests that need a company (not a test file itself).
import { expect } from "vitest";
import type { Company, CompanyTermsInput } from "../../contract/companies";
import { call } from "../test/requests";
import { lastMail, linkIn, signUp, type TestUser } from "../test/sessions";
import type { TestEnv } from "../test/test-env";

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
  const res = await call(env.app, "POST", "/api/companies", buyer, {
    name: `Garage ${crypto.randomUUID().slice(0, 8)}`,
    taxId: "DE123456789",
    address: "12 Garage Road, Springfield",
  });
  expect(res.statusCode, res.body).toBe(201);
  const company = res.json<Company>();
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
  const invite = await call(env.app, "POST", `/api/companies/${companyId}/members`, companyAdmin, {
    email: who.email,
    role,
  });
  expect(invite.statusCode, invite.body).toBe(201);
  const mail = await lastMail(env.app, who.email.toLowerCase(), "company-invitation");
  const token = new URL(linkIn(mail.text, "/dashboard/company"), "http://x").searchParams.get("invitation");
  const accepted = await call(env.app, "POST", `/api/companies/invitations/${token}/accept`, who);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return who;
}
