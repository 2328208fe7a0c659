import type { FastifyInstance } from "fastify";
import { checkoutBody, checkoutConflictAnswer, reorderAnswer } from "../../contract/checkout";
import {
  idempotencyKeyHeaders,
  myOrdersQuery,
  orderBody,
  orderIdParams,
  orderListAnswer,
  orderSchema,
  type PlaceOrderResponse,
  placeOrderAnswer,
} from "../../contract/orders";
import { signedInUser } from "../accounts/access";
import { errorResponse, forbidden, parseInput } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import type { IdempotencyKeys } from "../idempotency/keys";
import { noSuchOrder, type PlacedOrder } from "./order-view";
import type { OrdersService } from "./service";

/** A checkout's 409 with more than `{error}` (the short lines, the cart): answered as it is. */
class Refused extends Error {
  constructor(readonly body: object) {
    super("checkout refused");
  }
}

const tags = ["Orders"];

/** REQUIRE_EMAIL_VERIFICATION's refusal of an order. */
export const verifyBeforeOrdering =
  "Please verify your email address before placing an order: open the link we emailed you, or send a new one from your dashboard.";

/** An order's 403: the scope a token lacks, or (REQUIRE_EMAIL_VERIFICATION) an address not verified yet. */
const unverifiedOrTokenScope = errorResponse(
  "The access token lacks the orders:write scope, or the shop asks buyers to verify their email address before ordering",
);

export function orderRoutes(
  app: FastifyInstance,
  deps: { orders: OrdersService; idempotency: IdempotencyKeys; requireEmailVerification: boolean },
) {
  /** 201 with the order placed, made from the order and lines its statements wrote: nothing is read back. */
  const placedAnswer = ({ lines, ...order }: PlacedOrder): { status: number; body: PlaceOrderResponse } => ({
    status: 201,
    body: { insertedId: order.id, order: deps.orders.presentPlaced(order, lines) },
  });

  // Name and email come from the session, product and price from the tool.
  // A retry with the same Idempotency-Key gets the first answer: the answer is stored in the order's transaction.
  app.post(
    "/api/order",
    {
      config: { access: "user", scope: "orders:write" },
      schema: {
        tags,
        summary: "Order one tool",
        description:
          "Name and email come from the account, product and price from the tool. With an `Idempotency-Key`, a retry gets the first answer and orders nothing again.",
        headers: idempotencyKeyHeaders,
        body: orderBody,
        response: {
          201: placeOrderAnswer,
          403: unverifiedOrTokenScope,
          409: errorResponse(
            "Not enough stock now, or a request with the same Idempotency-Key is still being processed",
          ),
          422: errorResponse("The Idempotency-Key was already used with a different request"),
        },
      },
    },
    async (request, reply) => {
      const buyer = signedInUser(request);
      if (deps.requireEmailVerification && buyer.emailVerified !== true)
        throw forbidden(verifyBeforeOrdering);
      const input = parseInput(orderBody, request.body);
      return deps.idempotency.run(request, reply, buyer.id, async (storeIn) =>
        placedAnswer(
          await deps.orders.placeOrder(
            buyer,
            input,
            storeIn && ((tx, order) => storeIn(tx, placedAnswer(order))),
          ),
        ),
      );
    },
  );

  // The buyer's cart becomes ONE order of its lines (all reserved or none), at the total they confirmed.
  app.post(
    "/api/checkout",
    {
      config: { access: "user", scope: "orders:write" },
      schema: {
        tags,
        summary: "Order your cart",
        description:
          "The cart becomes one order of its lines, all reserved or none, at the total you confirmed (`confirmedTotal`, dollars). 409 when a line cannot be reserved (`shortLines`) or the cart changed since (`cart`, as it is now): nothing is ordered. With an `Idempotency-Key`, a retry gets the first answer.",
        headers: idempotencyKeyHeaders,
        body: checkoutBody,
        response: {
          201: placeOrderAnswer,
          403: unverifiedOrTokenScope,
          409: checkoutConflictAnswer,
          422: errorResponse("The Idempotency-Key was already used with a different request"),
        },
      },
    },
    async (request, reply) => {
      const buyer = signedInUser(request);
      if (deps.requireEmailVerification && buyer.emailVerified !== true)
        throw forbidden(verifyBeforeOrdering);
      const input = parseInput(checkoutBody, request.body);
      try {
        return await deps.idempotency.run(request, reply, buyer.id, async (storeIn) => {
          // The answer is made once (stored with the order, then sent).
          let answer: ReturnType<typeof placedAnswer> | undefined;
          const answerOf = (placed: PlacedOrder) => {
            answer ??= placedAnswer(placed);
            return answer;
          };
          const outcome = await deps.orders.checkout(
            buyer,
            input,
            storeIn && ((tx, placed) => storeIn(tx, answerOf(placed))),
          );
          // Thrown, so the key is given up as for any refusal: sent again, the checkout runs again.
          if ("refused" in outcome) throw new Refused(outcome.refused.body);
          return answerOf(outcome.placed);
        });
      } catch (err) {
        if (err instanceof Refused) return reply.status(409).send(err.body);
        throw err;
      }
    },
  );

  // The caller's own orders, newest first. Another user's email is refused.
  app.get(
    "/api/order",
    {
      config: { access: "user", scope: "orders:read" },
      schema: {
        tags,
        summary: "A page of your orders, newest first",
        querystring: myOrdersQuery,
        response: { 200: orderListAnswer },
      },
    },
    async (request, reply) => {
      const me = signedInUser(request);
      const { orderEmail, status, ...page } = parseListQuery(myOrdersQuery, request);
      if (orderEmail !== undefined && orderEmail.toLowerCase() !== me.email.toLowerCase()) {
        throw forbidden("You can only see your own orders");
      }
      const found = await deps.orders.listOrdersOf(me.id, status, page);
      return sendPage(reply, found);
    },
  );

  // The owner or an admin. Anyone else gets the same 404 as an unknown id.
  app.get(
    "/api/order/:id",
    {
      config: { access: "user", scope: "orders:read" },
      schema: {
        tags,
        summary: "One order",
        description:
          "Its buyer, an admin of its company, or a shop admin; to anyone else it does not exist (404).",
        params: orderIdParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      const { id } = parseInput(orderIdParams, request.params);
      const order = await deps.orders.findOrderFor(me, id);
      if (!order) throw noSuchOrder();
      return deps.orders.presentOne(order);
    },
  );

  // "Order again": the order's lines go into the buyer's cart, checked against today's rules,
  // prices and stock; the answer is the cart and what changed. Only the buyer's own orders (404).
  app.post(
    "/api/order/:id/reorder",
    {
      config: { access: "user", scope: "orders:write" },
      schema: {
        tags,
        summary: "Order again: put an order's lines back in your cart",
        description:
          "Checked against today's rules, prices and stock; `changes` says what differs from the order.",
        params: orderIdParams,
        response: { 200: reorderAnswer },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      const { id } = parseInput(orderIdParams, request.params);
      const answer = await deps.orders.reorder(me.id, id);
      if (!answer) throw noSuchOrder();
      return answer;
    },
  );
}
