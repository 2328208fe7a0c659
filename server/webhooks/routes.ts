import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createdWebhookEndpointAnswer,
  webhookDeliveryAnswer,
  webhookDeliveryListAnswer,
  webhookDeliveryListQuery,
  webhookDeliveryParams,
  webhookEndpointAnswer,
  webhookEndpointBody,
  webhookEndpointListAnswer,
  webhookEndpointParams,
  webhookEndpointPatch,
} from "../../contract/webhooks";
import { notFound, parseInput } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import { announceWebhooks } from "./events";
import type { WebhooksService } from "./service";

const noEndpoint = () => notFound("No webhook endpoint with that id");
const tags = ["Webhooks"];

/** The admins' webhook endpoints (issue 29): add, list, switch on or off, delete, and each one's deliveries. */
export function webhookRoutes(app: FastifyInstance, deps: { webhooks: WebhooksService }) {
  app.post(
    "/api/webhooks/endpoints",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Add a webhook endpoint",
        description:
          "The answer carries the endpoint's signing secret (`whsec_…`) this once: each delivery is signed with it as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Addresses on private, loopback or link-local networks are refused.",
        body: webhookEndpointBody,
        response: { 201: createdWebhookEndpointAnswer },
      },
    },
    async (request, reply) => {
      const body = parseInput(webhookEndpointBody, request.body);
      return reply.status(201).send(await deps.webhooks.create(body));
    },
  );

  app.get(
    "/api/webhooks/endpoints",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "The webhook endpoints (without their secrets)",
        response: { 200: webhookEndpointListAnswer },
      },
    },
    async () => deps.webhooks.list(),
  );

  app.patch(
    "/api/webhooks/endpoints/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Switch an endpoint on or off, or change its events",
        description:
          "Switched on again after it was switched off, the endpoint starts afresh and its waiting deliveries go out.",
        params: webhookEndpointParams,
        body: webhookEndpointPatch,
        response: { 200: webhookEndpointAnswer },
      },
    },
    async (request) => {
      const { id } = parseInput(webhookEndpointParams, request.params);
      const changes = parseInput(webhookEndpointPatch, request.body);
      const endpoint = await deps.webhooks.update(id, changes);
      if (!endpoint) throw noEndpoint();
      // Switched on again: its waiting deliveries are due.
      if (endpoint.enabled) announceWebhooks();
      return endpoint;
    },
  );

  app.delete(
    "/api/webhooks/endpoints/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete an endpoint and its deliveries",
        params: webhookEndpointParams,
        response: { 204: z.null().describe("Deleted, with its deliveries") },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(webhookEndpointParams, request.params);
      if (!(await deps.webhooks.remove(id))) throw noEndpoint();
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/webhooks/endpoints/:id/deliveries",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first",
        description:
          "Paged with `?page=&limit=` or the cursors of the `Link` header; the total in `X-Total-Count`.",
        params: webhookEndpointParams,
        querystring: webhookDeliveryListQuery,
        response: { 200: webhookDeliveryListAnswer },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(webhookEndpointParams, request.params);
      const page = await deps.webhooks.deliveries(id, parseListQuery(webhookDeliveryListQuery, request));
      if (!page) throw noEndpoint();
      return sendPage(reply, page);
    },
  );

  app.post(
    "/api/webhooks/endpoints/:id/deliveries/:deliveryId/retry",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Send a delivery again",
        description:
          "The delivery goes back to pending and is posted at once, with the same `webhook-id` (a receiver that saw it already can tell).",
        params: webhookDeliveryParams,
        response: { 200: webhookDeliveryAnswer },
      },
    },
    async (request) => {
      const { id, deliveryId } = parseInput(webhookDeliveryParams, request.params);
      const delivery = await deps.webhooks.sendAgain(id, deliveryId);
      if (!delivery) throw notFound("That endpoint has no such delivery");
      announceWebhooks();
      return delivery;
    },
  );
}
