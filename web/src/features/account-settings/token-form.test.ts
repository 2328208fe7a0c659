import { zodResolver } from "@hookform/resolvers/zod";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createTokenBody, type TokenAnswer, tokenMessages } from "#contract/api-tokens";
import { OneTimeSecret } from "#web/components/OneTimeSecret";
import { shownOnce } from "#web/lib/secrets/shown-once";
import { TokenList } from "./components/TokenList";
import { emptyTokenForm, scopeOptions, tokenDisplay } from "./token-form";

// The form's resolver, as react-hook-form calls it: the messages each field shows.
const resolve = zodResolver(createTokenBody);
async function messages(values: Record<string, unknown>) {
  const { errors } = await resolve({ ...emptyTokenForm, ...values } as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, (error as { message?: string }).message]),
  );
}

const token: TokenAnswer = {
  id: "0b5a3a58-3d7c-4f3e-9c8e-2f4a7d1e6b90",
  name: "Stock software",
  scopes: ["catalog:read", "orders:write"],
  start: "cmt_a1B2c3",
  createdAt: "2026-11-01T09:00:00.000Z",
  expiresAt: "2027-01-30T09:00:00.000Z",
  lastUsedAt: null,
};

describe("the new access token form", () => {
  it("starts with no name, no scope and 90 days, the scopes labelled as the contract says", () => {
    expect(emptyTokenForm).toEqual({ name: "", scopes: [], expiresInDays: 90 });
    expect(scopeOptions.map((o) => o.label)).toEqual([
      "Read the catalog",
      "Read your orders",
      "Place orders (cart, checkout, order, reorder)",
      "Download your invoices",
    ]);
  });

  it("says under each field what is missing, in the contract's words", async () => {
    expect(await messages({})).toEqual({
      name: "Give the token a name",
      scopes: "Choose what the token may do",
    });
    // An emptied number field reads as NaN (valueAsNumber).
    expect(await messages({ name: "ERP", scopes: ["orders:read"], expiresInDays: Number.NaN })).toEqual({
      expiresInDays: "Expires in must be a whole number of days",
    });
    expect(await messages({ name: "ERP", scopes: ["orders:read"], expiresInDays: 0 })).toEqual({
      expiresInDays: "Expires in must be at least 1 day",
    });
    expect(await messages({ name: "ERP", scopes: ["orders:read"], expiresInDays: 400 })).toEqual({
      expiresInDays: "Expires in must be at most 366 days",
    });
    expect(await messages({ name: "ERP", scopes: ["orders:read"], expiresInDays: 1.5 })).toEqual({
      expiresInDays: "Expires in must be a whole number of days",
    });
  });

  it("sends a filled form as the body of POST /api/account/tokens", async () => {
    const { values, errors } = await resolve(
      { name: " ERP ", scopes: ["orders:read", "invoices:read"], expiresInDays: 30 },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(errors).toEqual({});
    expect(values).toEqual({ name: "ERP", scopes: ["orders:read", "invoices:read"], expiresInDays: 30 });
  });
});

describe("a new token, shown once", () => {
  it("is in a read-only field with Copy until Done, then gone: the list never holds it", () => {
    const created = shownOnce(null, { type: "created", label: "Your new token", value: "cmt_secret123" });
    expect(created).toEqual({ label: "Your new token", value: "cmt_secret123" });
    const panel = renderToStaticMarkup(
      createElement(OneTimeSecret, {
        label: created?.label ?? "",
        value: created?.value ?? "",
        onClose: () => {},
      }),
    );
    expect(panel).toContain('value="cmt_secret123"');
    expect(panel).toMatch(/<input[^>]*readOnly=""/);
    expect(panel).toContain(">Copy</button>");
    expect(panel).toContain(">Done</button>");

    expect(shownOnce(created, { type: "closed" })).toBeNull();
    const list = renderToStaticMarkup(createElement(TokenList, { tokens: [token], onRevoke: () => {} }));
    expect(list).not.toContain("cmt_secret123");
    expect(tokenMessages.created).toBe("Token created: copy it now, it is not shown again");
  });
});

describe("a listed token", () => {
  it("shows its scopes' labels, its start and Never used until it is used", () => {
    expect(tokenDisplay(token).scopes).toEqual([
      "Read the catalog",
      "Place orders (cart, checkout, order, reorder)",
    ]);
    expect(tokenDisplay(token).lastUsed).toBe("Never used");
    expect(tokenDisplay({ ...token, lastUsedAt: "2026-11-20T10:00:00.000Z" }).lastUsed).not.toBe(
      "Never used",
    );
    const list = renderToStaticMarkup(createElement(TokenList, { tokens: [token], onRevoke: () => {} }));
    expect(list).toContain("Stock software");
    expect(list).toContain("cmt_a1B2c3…");
    expect(list).toContain("Never used");
    expect(list).toContain("Revoke");
  });
});
