import { describe, expect, it } from "vitest";
import {
  cartAnswer,
  deletedToolAnswer,
  notificationSettingsAnswer,
  outboxMessageAnswer,
  reviewAnswer,
  savedAnswer,
  sessionAnswer,
  shopLinksAnswer,
  toolListAnswer,
  toolSchema,
  uploadAnswer,
} from "./answers";

const tool = {
  _id: "8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f",
  name: "Mirror",
  img: "/images/tools/mirror.svg",
  price: 140.5,
  minimum: 500,
  maximum: null,
  increment: 1,
  available: 2300,
  leadTimeDays: 3,
  description: "Power-adjustable heated side mirror.",
  sku: null,
  lowStockAt: null,
  priceBreaks: [{ minQuantity: 1000, price: 130.25 }],
};

const refused = (schema: { safeParse(v: unknown): { success: boolean } }, body: unknown) =>
  expect(schema.safeParse(body).success).toBe(false);

describe("toolSchema", () => {
  it("accepts a tool as the API sends it, and drops unknown fields", () => {
    expect(toolSchema.parse(tool)).toEqual(tool);
    expect(toolSchema.parse({ ...tool, maximum: 3000 })).toEqual({ ...tool, maximum: 3000 });
    expect(toolSchema.parse({ ...tool, sku: "MIR-1", lowStockAt: 600 })).toMatchObject({
      sku: "MIR-1",
      lowStockAt: 600,
    });
    expect(toolSchema.parse({ ...tool, extra: true })).toEqual(tool);
    expect(toolListAnswer.parse([tool, tool])).toEqual([tool, tool]);
  });

  it.each([
    ["no id", { ...tool, _id: undefined }],
    ["a numeric name", { ...tool, name: 7 }],
    ["a price as text", { ...tool, price: "140" }],
    ["an infinite price", { ...tool, price: Number.POSITIVE_INFINITY }],
    ["a fractional minimum", { ...tool, minimum: 1.5 }],
    ["a missing maximum", { ...tool, maximum: undefined }],
    ["a lead time as text", { ...tool, leadTimeDays: "3" }],
    ["no description", { ...tool, description: null }],
    ["a numeric sku", { ...tool, sku: 7 }],
    ["a missing low-stock level", { ...tool, lowStockAt: undefined }],
    ["no price breaks", { ...tool, priceBreaks: undefined }],
    ["a break's quantity as text", { ...tool, priceBreaks: [{ minQuantity: "1000", price: 130.25 }] }],
    ["an array", [tool]],
    ["null", null],
  ])("refuses %s", (_label, body) => {
    refused(toolSchema, body);
    refused(toolListAnswer, [body]);
  });
});

describe("the answers' lenient fields", () => {
  it("reads a flag as true only when it is true", () => {
    expect(savedAnswer.parse({ insertedId: "a" })).toEqual({ insertedId: "a", updated: false });
    expect(savedAnswer.parse({ insertedId: "a", updated: "yes" })).toEqual({
      insertedId: "a",
      updated: false,
    });
    expect(savedAnswer.parse({ insertedId: "a", updated: true })).toEqual({ insertedId: "a", updated: true });
    refused(savedAnswer, { insertedId: "" });
    expect(deletedToolAnswer.parse({ deletedCount: 1 })).toEqual({ deletedCount: 1, archived: false });
    refused(deletedToolAnswer, { deletedCount: "1", archived: true });
  });

  it("reads a review without `verified` as not verified, and refuses one of another type", () => {
    const review = { _id: "r", name: "Ann", description: "Good", rating: 5 };
    expect(reviewAnswer.parse(review)).toEqual({ ...review, verified: false });
    expect(reviewAnswer.parse({ ...review, verified: true }).verified).toBe(true);
    refused(reviewAnswer, { ...review, verified: "yes" });
    refused(reviewAnswer, { ...review, rating: "5" });
  });

  it("keeps the shop's links that are https:// addresses, and only those", () => {
    expect(
      shopLinksAnswer.parse({
        facebook: "https://facebook.com/shop",
        x: "http://x.com/shop",
        youtube: 7,
        other: "https://example.com",
      }),
    ).toEqual({ facebook: "https://facebook.com/shop" });
    expect(shopLinksAnswer.parse({})).toEqual({});
    refused(shopLinksAnswer, null);
    refused(shopLinksAnswer, ["https://facebook.com/shop"]);
  });

  it("reads the session: null for a visitor, the user's fields with defaults for the rest", () => {
    expect(sessionAnswer.parse(null)).toBeNull();
    const user = { id: "u", name: "Ann", email: "ann@example.com" };
    expect(sessionAnswer.parse({ session: {}, user: { ...user, image: "", role: 3 } })).toEqual({
      ...user,
      image: null,
      role: null,
      emailVerified: false,
    });
    expect(
      sessionAnswer.parse({
        user: { ...user, image: "/uploads/a.webp", role: "admin", emailVerified: true },
      }),
    ).toEqual({ ...user, image: "/uploads/a.webp", role: "admin", emailVerified: true });
    refused(sessionAnswer, { user: { ...user, email: null } });
    refused(sessionAnswer, {});
  });

  it("refuses an outbox message of an unknown status, notifications of an unknown kind, a failed upload", () => {
    const message = {
      _id: "m",
      kind: "contact-message",
      to: "a@example.com",
      subject: "Hi",
      text: null,
      status: "sent",
      attempts: 1,
      lastError: null,
      createdAt: "2026-11-27T10:00:00Z",
      sentAt: "2026-11-27T10:00:01Z",
      nextAttemptAt: "2026-11-27T10:00:00Z",
      attachments: ["INV-2026-000001.pdf"],
    };
    expect(outboxMessageAnswer.parse(message)).toEqual(message);
    refused(outboxMessageAnswer, { ...message, status: "lost" });
    const setting = { kind: "low-stock", label: "Low", enabled: true };
    expect(notificationSettingsAnswer.parse({ notifications: [setting] })).toEqual({
      notifications: [setting],
    });
    refused(notificationSettingsAnswer, { notifications: [{ ...setting, kind: "spam" }] });
    const photo = { url: "/uploads/a.webp", thumbUrl: "/uploads/a.thumb.webp", width: 10, height: 10 };
    expect(uploadAnswer.parse({ success: true, data: photo })).toEqual({ success: true, data: photo });
    refused(uploadAnswer, { success: false, data: photo });
  });
});

describe("cartAnswer", () => {
  const line = {
    toolId: "8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f",
    sku: "SPK-1180",
    name: "Spark Plug",
    img: "/images/tools/spark-plug.svg",
    quantity: 120,
    unitPrice: 6.4,
    lineTotal: 768,
    addedUnitPrice: 6.1,
    problem: null,
    minimum: 100,
    maximum: null,
    increment: 10,
    available: 4200,
    leadTimeDays: 3,
  };
  const cart = {
    lines: [line, { ...line, toolId: "0a1b2c3d-1d2b-4c6a-9e7f-8f9c3a5e4e5f", problem: "Sold out" }],
    total: 768,
  };

  it("accepts a cart as the API sends it, and drops unknown fields", () => {
    expect(cartAnswer.parse(cart)).toEqual(cart);
    expect(cartAnswer.parse({ lines: [], total: 0 })).toEqual({ lines: [], total: 0 });
    expect(cartAnswer.parse({ ...cart, extra: 1, lines: [{ ...line, extra: true }] })).toEqual({
      ...cart,
      lines: [line],
    });
  });

  it("refuses a cart of another shape", () => {
    const wrong: unknown[] = [
      null,
      [],
      { lines: [] },
      { lines: "none", total: 0 },
      { lines: [{ ...line, quantity: 1.5 }], total: 0 },
      { lines: [{ ...line, unitPrice: "6.40" }], total: 0 },
      { lines: [{ ...line, problem: undefined }], total: 0 },
      { lines: [{ ...line, sku: null }], total: 0 },
      { lines: [{ ...line, toolId: "7" }], total: 0 },
      { lines: [{ ...line, maximum: undefined }], total: 0 },
      { lines: [{ ...line, increment: 2.5 }], total: 0 },
      { lines: [line], total: Number.POSITIVE_INFINITY },
    ];
    for (const body of wrong) refused(cartAnswer, body);
  });
});
