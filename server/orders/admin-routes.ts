import type { FastifyInstance } from "fastify";
import { refundBody } from "../../contract/invoices";
import type { Order } from "../../contract/orders";
import {
  allOrdersQuery,
  type CancelOrderResponse,
  cancelOrderAnswer,
  orderIdParams,
  orderListAnswer,
  orderSchema,
  type ShipOrderResponse,
  shipOrderAnswer,
} from "../../contract/orders";
import { signedInUser } from "../accounts/access";
import { errorResponse, parseInput } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import type { OrdersService } from "./service";

const tags = ["Orders (admin)"];

export function adminOrderRoutes(app: FastifyInstance, deps: { orders: OrdersService }) {
  // Every order, newest first; cancelled orders stay listed with status "cancelled".
  app.get(
    "/api/allOrder",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "A page of every order, newest first",
        querystring: allOrdersQuery,
        response: { 200: orderListAnswer },
      },
    },
    async (request, reply) => {
      const { status, q, ...page } = parseListQuery(allOrdersQuery, request);
      const found = await deps.orders.listAllOrders({ status, q }, page);
      return sendPage(reply, found);
    },
  );

  // Ship a paid order. The spec's client sends the whole order with status Shipped; only the
  // intent counts, so the body is not read.
  app.put(
    "/api/allOrder/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Ship a paid order",
        description: "The body is not read (the spec's client sends the whole order).",
        params: orderIdParams,
        response: {
          200: shipOrderAnswer,
          409: errorResponse("The order cannot be shipped in its status: `error` says why"),
        },
      },
    },
    async (request): Promise<ShipOrderResponse> => {
      const admin = signedInUser(request);
      const { id } = parseInput(orderIdParams, request.params);
      await deps.orders.ship(id, admin);
      return { acknowledged: true };
    },
  );

  // Refund a paid or invoiced order (issue 28): cancelled, its card payment given back or its amount
  // credited to the company, its stock back on sale, a credit note issued. Answers the order.
  app.post(
    "/api/allOrder/:id/refund",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Refund a paid or invoiced order",
        description:
          "Cancelled, its card payment given back or its amount credited to the company, its stock back on sale, a credit note issued. Answers the order.",
        params: orderIdParams,
        body: refundBody,
        response: { 200: orderSchema, 409: errorResponse("The order cannot be refunded: `error` says why") },
      },
    },
    async (request): Promise<Order> => {
      const admin = signedInUser(request);
      const { id } = parseInput(orderIdParams, request.params);
      const { reason } = parseInput(refundBody, request.body);
      return deps.orders.presentOne(await deps.orders.refund(id, admin, reason));
    },
  );

  // Remove an unpaid order. It is cancelled, not deleted, and its stock goes back on sale.
  app.delete(
    "/api/allOrder/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Remove an unpaid order",
        description: "It is cancelled, not deleted, and its stock goes back on sale.",
        params: orderIdParams,
        response: {
          200: cancelOrderAnswer,
          409: errorResponse(
            "The order cannot be removed in its status (paid, shipped, cancelled): `error` says why",
          ),
        },
      },
    },
    async (request): Promise<CancelOrderResponse> => {
      const admin = signedInUser(request);
      const { id } = parseInput(orderIdParams, request.params);
      await deps.orders.cancel(id, admin);
      return { deletedCount: 1 };
    },
  );
}
