import { describe, expect, it } from "vitest";
import { createSimulatedGateway } from "./simulated-gateway";

const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" };
const request = { orderId: "order-1", amountCents: 5000, currency: "usd" };

describe("the simulated gateway", () => {
  it("creates intents that can be confirmed once with their client secret", async () => {
    const gateway = createSimulatedGateway();
    const intent = await gateway.createIntent(request);
    expect(intent).toMatchObject({
      status: "requires_payment_method",
      amountCents: 5000,
      orderId: "order-1",
    });
    await expect(gateway.confirm(intent.clientSecret, card)).resolves.toMatchObject({ status: "succeeded" });
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ status: "succeeded" });
    await expect(gateway.confirm(intent.clientSecret, card)).rejects.toMatchObject({ statusCode: 409 });
  });

  it("keeps a declined intent payable and remembers why it failed", async () => {
    const gateway = createSimulatedGateway();
    const intent = await gateway.createIntent(request);
    await expect(
      gateway.confirm(intent.clientSecret, { ...card, cardNumber: "4000000000009995" }),
    ).rejects.toMatchObject({ statusCode: 402, message: "Your card has insufficient funds." });
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: "requires_payment_method",
      failureMessage: "Your card has insufficient funds.",
    });
  });

  it("refuses a guessed client secret and hands out copies, not its own records", async () => {
    const gateway = createSimulatedGateway();
    const intent = await gateway.createIntent(request);
    await expect(gateway.confirm(`${intent.id}_secret_guess`, card)).rejects.toMatchObject({
      statusCode: 404,
    });
    intent.status = "succeeded";
    expect((await gateway.retrieveIntent(intent.id))?.status).toBe("requires_payment_method");
  });

  it("cancels an open intent so it can no longer be paid, and leaves a succeeded one as it is", async () => {
    const gateway = createSimulatedGateway();
    const open = await gateway.createIntent(request);
    expect(await gateway.cancelIntent(open.id)).toMatchObject({ id: open.id, status: "canceled" });
    expect(await gateway.cancelIntent(open.id)).toMatchObject({ status: "canceled" });
    await expect(gateway.confirm(open.clientSecret, card)).rejects.toMatchObject({
      statusCode: 409,
      message: "This payment was canceled",
    });

    const paid = await gateway.createIntent(request);
    await gateway.confirm(paid.clientSecret, card);
    expect(await gateway.cancelIntent(paid.id)).toMatchObject({ status: "succeeded" });
    expect(await gateway.retrieveIntent(paid.id)).toMatchObject({ status: "succeeded" });
    expect(await gateway.cancelIntent("pi_sim_unknown")).toBeUndefined();
  });

  it("forgets the oldest intents beyond its limit", async () => {
    const gateway = createSimulatedGateway({ maxIntents: 2 });
    const first = await gateway.createIntent(request);
    await gateway.createIntent(request);
    await gateway.createIntent(request);
    expect(await gateway.retrieveIntent(first.id)).toBeUndefined();
  });
});
