import { expect, it } from "vitest";
import { user } from "../accounts/tables";
import { tools } from "../catalog/tables";
import { orders } from "../orders/tables";
import { payments } from "../payments/tables";
import { profiles } from "../profiles/tables";
import { reviews } from "../reviews/tables";
import { insertTool } from "../test/factories";
import { describeEachDatabase } from "../test/test-env";

// The rules hold in the database itself, so no code path (or a bug in one) can break them.
describeEachDatabase("database constraints", (env) => {
  const tool = {
    name: "Constraint jack",
    img: "/x.svg",
    description: "d",
    priceCents: 100,
    minimum: 10,
    available: 50,
  };

  it.each([
    ["negative stock", { available: -1 }],
    ["a minimum below 1", { minimum: 0 }],
    ["a zero price", { priceCents: 0 }],
    ["a minimum that is not a multiple of the increment", { minimum: 10, increment: 3 }],
    ["a maximum below the minimum", { minimum: 10, maximum: 5 }],
    ["an empty name", { name: "" }],
  ])("refuses a tool with %s", async (_, fields) => {
    await expect(env.db.insert(tools).values({ ...tool, ...fields })).rejects.toThrow();
  });

  it("refuses a second user with the same email and an unknown role", async () => {
    await env.db.insert(user).values({ id: "u1", name: "A", email: "same@example.com" });
    await expect(
      env.db.insert(user).values({ id: "u2", name: "B", email: "same@example.com" }),
    ).rejects.toThrow();
    await expect(
      env.db.insert(user).values({ id: "u3", name: "C", email: "c@example.com", role: "owner" as "admin" }),
    ).rejects.toThrow();
  });

  it("refuses a review rated outside 1..5 or with a name over 120 characters", async () => {
    const review = { name: "N", email: "n@example.com", description: "Good", rating: 3 };
    await expect(env.db.insert(reviews).values({ ...review, rating: 0 })).rejects.toThrow();
    await expect(env.db.insert(reviews).values({ ...review, rating: 6 })).rejects.toThrow();
    await expect(env.db.insert(reviews).values({ ...review, name: "x".repeat(121) })).rejects.toThrow();
    await expect(env.db.insert(reviews).values(review)).resolves.toBeDefined();
  });

  it("refuses orders of nothing, for a missing tool, paid without a transaction, and a second success", async () => {
    await env.db.insert(user).values({ id: "buyer", name: "Buyer", email: "buyer@example.com" });
    const t = await insertTool(env.db);
    const order = {
      toolId: t.id,
      userId: "buyer",
      name: "Buyer",
      email: "buyer@example.com",
      phone: "+1 555 0100",
      address: "1 Main St",
      neededBy: "2030-01-01",
      productName: t.name,
      unitPriceCents: t.priceCents,
      quantity: 10,
      totalCents: t.priceCents * 10,
    };
    await expect(env.db.insert(orders).values({ ...order, quantity: 0 })).rejects.toThrow();
    await expect(
      env.db.insert(orders).values({ ...order, toolId: "8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f" }),
    ).rejects.toThrow();
    await expect(env.db.insert(orders).values({ ...order, status: "paid" })).rejects.toThrow();

    const [placed] = await env.db.insert(orders).values(order).returning();
    const payment = {
      orderId: placed?.id ?? "",
      gateway: "simulated" as const,
      amountCents: 125,
      status: "succeeded" as const,
    };
    await env.db.insert(payments).values({ ...payment, intentId: "pi_1" });
    await expect(env.db.insert(payments).values({ ...payment, intentId: "pi_2" })).rejects.toThrow();
  });

  it("refuses a profile with an education outside the spec's choices, and a second profile per user", async () => {
    await env.db.insert(user).values({ id: "p1", name: "P", email: "p@example.com" });
    const profile = {
      userId: "p1",
      name: "P",
      email: "p@example.com",
      location: "Dhaka",
      phone: "017",
      linkedIn: "https://www.linkedin.com/in/p",
      img: "/u/p.webp",
    };
    await expect(env.db.insert(profiles).values({ ...profile, education: "PhD" })).rejects.toThrow();
    await env.db.insert(profiles).values({ ...profile, education: "Masters" });
    await expect(env.db.insert(profiles).values({ ...profile, education: "HSC" })).rejects.toThrow();
  });
});
