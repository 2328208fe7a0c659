import { zodResolver } from "@hookform/resolvers/zod";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  type WebhookDeliveryAnswer,
  type WebhookEndpointAnswer,
  webhookEndpointBody,
  webhookMessages,
} from "#contract/webhooks";
import { DeliveryList } from "./components/DeliveryList";
import { emptyEndpointForm } from "./endpoint-form";
import { deliveryAnswer, deliveryStatus, endpointState, eventOptions } from "./webhook-display";

const resolve = zodResolver(webhookEndpointBody);
const options = { fields: {}, shouldUseNativeValidation: false };
async function messages(values: Record<string, unknown>) {
  const { errors } = await resolve({ ...emptyEndpointForm, ...values } as never, undefined, options);
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, (error as { message?: string }).message]),
  );
}

const delivery: WebhookDeliveryAnswer = {
  id: "5f0d8c1e-8a7b-4d2c-9e3f-1a2b3c4d5e6f",
  messageId: "msg_2abc",
  event: "order.shipped",
  status: "pending",
  attempts: 0,
  lastStatusCode: null,
  lastError: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  lastAttemptAt: null,
  nextAttemptAt: "2026-11-20T10:00:05.000Z",
  deliveredAt: null,
};

const endpoint: WebhookEndpointAnswer = {
  id: "8e2f6a10-1b2c-4d3e-8f9a-0b1c2d3e4f5a",
  url: "https://erp.example.com/hooks",
  description: null,
  events: ["order.placed"],
  enabled: true,
  disabledReason: null,
  createdAt: "2026-11-01T09:00:00.000Z",
  failingSince: null,
};

describe("the Add endpoint form", () => {
  it("offers every event with the contract's label", () => {
    expect(eventOptions.map((o) => o.value)).toEqual([
      "order.placed",
      "order.paid",
      "order.shipped",
      "order.cancelled",
      "invoice.issued",
      "stock.low",
    ]);
    expect(eventOptions[0]?.label).toBe("An order is placed");
  });

  it("says what is wrong under the URL and the events, in the contract's words", async () => {
    expect(await messages({})).toEqual({
      url: "Enter the endpoint's address",
      events: "Choose the events to send",
    });
    expect(await messages({ url: "ftp://erp.example.com", events: ["stock.low"] })).toEqual({
      url: webhookMessages.notHttps,
    });
    expect(await messages({ url: "https://user:pw@erp.example.com", events: ["stock.low"] })).toEqual({
      url: webhookMessages.notHttps,
    });
  });

  it("sends a filled form as the body of POST /api/webhooks/endpoints", async () => {
    const { values, errors } = await resolve(
      {
        url: " https://erp.example.com/hooks ",
        events: ["order.paid", "invoice.issued"],
        description: "ERP",
      },
      undefined,
      options,
    );
    expect(errors).toEqual({});
    expect(values).toEqual({
      url: "https://erp.example.com/hooks",
      events: ["order.paid", "invoice.issued"],
      description: "ERP",
    });
  });
});

describe("an endpoint's state", () => {
  it("is On, or Switched off with the server's reason, and says since when it fails", () => {
    expect(endpointState(endpoint)).toEqual({ label: "On", reason: null, failingSince: null });
    const off = endpointState({
      ...endpoint,
      enabled: false,
      disabledReason: "Failing since Nov 19, 2026: switched off",
      failingSince: "2026-11-19T10:00:00.000Z",
    });
    expect(off.label).toBe("Switched off");
    expect(off.reason).toBe("Failing since Nov 19, 2026: switched off");
    expect(off.failingSince).toContain("2026");
  });
});

describe("a delivery's status", () => {
  it("is labelled Waiting, Delivered or Failed, with the receiver's HTTP status", () => {
    expect(deliveryStatus(delivery).label).toBe("Waiting");
    expect(deliveryStatus(delivery).detail).toMatch(/^next try /);
    expect(deliveryAnswer(delivery)).toBe("Not tried yet");

    const timedOut = { ...delivery, attempts: 2, lastError: "Timed out after 10 s" };
    expect(deliveryAnswer(timedOut)).toBe("No answer");

    const failed = {
      ...delivery,
      status: "failed",
      attempts: 9,
      lastStatusCode: 500,
      nextAttemptAt: null,
    } as const;
    expect(deliveryStatus(failed)).toMatchObject({ label: "Failed", detail: null });
    expect(deliveryAnswer(failed)).toBe("HTTP 500");

    const delivered = {
      ...delivery,
      status: "delivered",
      attempts: 1,
      lastStatusCode: 204,
      nextAttemptAt: null,
      deliveredAt: "2026-11-20T10:00:01.000Z",
    } as const;
    expect(deliveryStatus(delivered).label).toBe("Delivered");
    expect(deliveryStatus(delivered).detail).toMatch(/^on /);
    expect(deliveryAnswer(delivered)).toBe("HTTP 204");
  });

  it("is listed with its event, answer, attempts, last error and a Send again button", () => {
    const failed = {
      ...delivery,
      status: "failed",
      attempts: 3,
      lastStatusCode: 500,
      lastError: "HTTP 500",
    } as const;
    const html = renderToStaticMarkup(
      createElement(DeliveryList, { deliveries: [failed], onSendAgain: () => {}, sending: undefined }),
    );
    expect(html).toContain("order.shipped");
    expect(html).toContain("Failed");
    expect(html).toContain("HTTP 500");
    expect(html).toContain("Send again");
    // One table row (wide screens) and one card (phones).
    expect(html.match(/data-testid="webhook-delivery"/g)).toHaveLength(1);
    expect(html.match(/data-testid="webhook-delivery-card"/g)).toHaveLength(1);
    const sending = renderToStaticMarkup(
      createElement(DeliveryList, { deliveries: [failed], onSendAgain: () => {}, sending: failed.id }),
    );
    expect(sending).toContain("Sending…");
  });
});
