import { isUtf8 } from "node:buffer";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  cartAnswer,
  cartLineBody,
  cartLineParams,
  cartLineRefusal,
  maxQuickOrderBytes,
  quickOrderAnswer,
  quickOrderBody,
} from "#contract/cart";
import { signedInUser } from "#server/accounts/access";
import { badRequest, errorResponse, HttpError, parseInput } from "#server/http/errors";
import { readUploadedFile } from "#server/http/uploaded-file";
import type { CartService } from "./service";

/** The field of the multipart form a quick-order CSV file comes in. */
export const quickOrderField = "file";
const quantityTooLarge = "That quantity is too large";
const tooLarge = `The list is larger than ${maxQuickOrderBytes / 1000} KB: split it into smaller lists`;

const tags = ["Cart"];

export async function cartRoutes(app: FastifyInstance, deps: { cart: CartService }) {
  app.get(
    "/api/cart",
    {
      config: { access: "user", scope: "orders:write" },
      schema: { tags, summary: "Your cart, priced today", response: { 200: cartAnswer } },
    },
    async (request) => deps.cart.cart(signedInUser(request).id),
  );

  // Sets the line's quantity (adds the line): a quantity the lot rules refuse is answered with the
  // rule and the nearest quantity they allow, 400 (the quantity) or 409 (the stock now).
  app.put(
    "/api/cart/lines/:toolId",
    {
      config: { access: "user", scope: "orders:write" },
      schema: {
        tags,
        summary: "Set a line's quantity (adds the line)",
        description:
          "A quantity the tool's lot rules refuse is answered with the rule and the nearest quantity they allow (`suggestedQuantity`, null when none does): 400 for the quantity itself, 409 for the stock now.",
        params: cartLineParams,
        body: cartLineBody,
        response: { 200: cartAnswer, 400: cartLineRefusal, 409: cartLineRefusal },
      },
    },
    async (request, reply) => {
      const buyer = signedInUser(request);
      const { toolId } = parseInput(cartLineParams, request.params);
      const answer = await deps.cart.setLine(buyer.id, toolId, lineQuantity(request.body));
      if ("status" in answer) return reply.status(answer.status).send(answer.body);
      return answer;
    },
  );

  app.delete(
    "/api/cart/lines/:toolId",
    {
      config: { access: "user", scope: "orders:write" },
      schema: { tags, summary: "Remove a line", params: cartLineParams, response: { 200: cartAnswer } },
    },
    async (request) => {
      const { toolId } = parseInput(cartLineParams, request.params);
      return deps.cart.removeLine(signedInUser(request).id, toolId);
    },
  );

  app.delete(
    "/api/cart",
    {
      config: { access: "user", scope: "orders:write" },
      schema: { tags, summary: "Empty your cart", response: { 200: cartAnswer } },
    },
    async (request) => deps.cart.clear(signedInUser(request).id),
  );

  // A pasted list as JSON `{ text }`, or a CSV file as multipart/form-data (parsed in this scope only).
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: maxQuickOrderBytes,
        files: 1,
        fields: 2,
        fieldSize: 1024,
        parts: 3,
        headerPairs: 50,
      },
    });
    scope.post(
      "/api/cart/quick-order",
      // Room for the list's JSON escapes (a tab or a line break is two bytes); past it Fastify answers 413.
      {
        config: { access: "user", scope: "orders:write" },
        bodyLimit: 2 * maxQuickOrderBytes + 1024,
        schema: {
          tags,
          summary: "Add a list of SKUs and quantities to your cart",
          description: `The list as JSON \`{ "text": "SKU quantity" a line }\`, or as a CSV file (SKU, quantity) in the field \`${quickOrderField}\` of a multipart/form-data body. Each line that cannot go into the cart is answered in \`problems\` with why and the nearest quantity allowed; the others are added.`,
          body: quickOrderBody,
          response: { 200: quickOrderAnswer, 413: errorResponse(tooLarge) },
        },
      },
      async (request) => deps.cart.quickOrder(signedInUser(request).id, await listText(request)),
    );
  });
}

/**
 * The quantity of a PUT: any finite number goes to the lot rules, which name the rule it breaks
 * and the nearest quantity they allow (12.5 → "whole", 0 → "minimum"); anything else is refused here.
 */
function lineQuantity(body: unknown): number {
  const quantity = (body as { quantity?: unknown } | null)?.quantity;
  if (typeof quantity !== "number") return parseInput(cartLineBody, body).quantity;
  if (Math.abs(quantity) > Number.MAX_SAFE_INTEGER) throw badRequest(quantityTooLarge);
  return quantity;
}

async function listText(request: FastifyRequest): Promise<string> {
  if (request.isMultipart()) {
    const file = await readUploadedFile(request, {
      field: quickOrderField,
      tooLarge,
      missing: `Choose a CSV file of SKUs and quantities in the field "${quickOrderField}"`,
    });
    if (!isUtf8(file)) {
      throw badRequest("The file is not UTF-8 text. Save it as CSV UTF-8 and upload it again");
    }
    return file.toString("utf8");
  }
  const { text } = parseInput(quickOrderBody, request.body);
  if (Buffer.byteLength(text) > maxQuickOrderBytes) throw new HttpError(413, tooLarge);
  return text;
}
