import type { FastifyInstance } from "fastify";
import { companyIdParams } from "../../contract/companies";
import { companyOrdersQuery, orderListAnswer } from "../../contract/orders";
import { signedInUser } from "../accounts/access";
import { parseInput } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import type { OrdersService } from "./service";

export function companyOrderRoutes(app: FastifyInstance, deps: { orders: OrdersService }) {
  // Every order of the company, newest first, paged as GET /api/order (X-Total-Count, Link): its
  // admins and the shop's admins; its buyers 403 (their own orders are in My Orders), others 404.
  app.get(
    "/api/companies/:id/orders",
    {
      config: { access: "user", scope: "orders:read" },
      schema: {
        tags: ["Orders"],
        summary: "A page of your company's orders, newest first",
        description:
          "The company's admins and the shop's admins; its buyers 403 (their own orders are `GET /api/order`).",
        params: companyIdParams,
        querystring: companyOrdersQuery,
        response: { 200: orderListAnswer },
      },
    },
    async (request, reply) => {
      const caller = signedInUser(request);
      const { id } = parseInput(companyIdParams, request.params);
      const { status, ...page } = parseListQuery(companyOrdersQuery, request);
      return sendPage(reply, await deps.orders.listCompanyOrders(caller, id, status, page));
    },
  );
}
