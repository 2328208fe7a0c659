import type { WebhookEndpointBody } from "#contract/webhooks";

// The "Add endpoint" form: the contract's webhookEndpointBody checks it, as the server does.

export type EndpointFormValues = WebhookEndpointBody;

export const emptyEndpointForm: EndpointFormValues = { url: "", events: [], description: "" };
