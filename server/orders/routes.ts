import type { FastifyInstance } from "fastify";
import { myOrdersQuery, orderBody, orderIdParams, type PlaceOrderResponse } from "../../contract/orders";
import { signedInUser } from "../accounts/access";
import { forbidden, parseInput } from "../http/errors";
import { sendPage } from "../http/pages";
import { noSuchOrder } from "./order-view";
import type { OrdersService } from "./service";

export function orderRoutes(app: FastifyInstance, deps: { orders: OrdersService }) {
  // Name and email come from the session, product and price from the tool.
  app.post("/api/order", { config: { access: "user" } }, async (request, reply) => {
    const buyer = signedInUser(request);
    const input = parseInput(orderBody, request.body);
    const order = await deps.orders.placeOrder(buyer, input);
    const body: PlaceOrderResponse = { insertedId: order.id, order: await deps.orders.presentOne(order) };
    return reply.status(201).send(body);
  });

  // The caller's own orders, newest first. Another user's email is refused.
  app.get("/api/order", { config: { access: "user" } }, async (request, reply) => {
    const me = signedInUser(request);
    const { orderEmail, status, ...page } = parseInput(myOrdersQuery, request.query);
    if (orderEmail !== undefined && orderEmail.toLowerCase() !== me.email.toLowerCase()) {
      throw forbidden("You can only see your own orders");
    }
    const found = await deps.orders.listOrdersOf(me.id, status, page);
    return sendPage(reply, found);
  });

  // The owner or an admin. Anyone else gets the same 404 as an unknown id.
  app.get("/api/order/:id", { config: { access: "user" } }, async (request) => {
    const me = signedInUser(request);
    const { id } = parseInput(orderIdParams, request.params);
    const order = await deps.orders.findOrderFor(me, id);
    if (!order) throw noSuchOrder();
    return deps.orders.presentOne(order);
  });
}
