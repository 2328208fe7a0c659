import { z } from "zod";
import { type Order, orderSchema } from "#contract/orders";
import { readListPage } from "#web/lib/api";

/** Orders per page of My Orders and Manage All Order. */
export const ordersPageSize = 10;

export type OrdersPage = {
  orders: Order[];
  /** Every order of the list, from the X-Total-Count header. */
  total: number;
  /** The cursors of the next and previous pages, from the Link header. */
  next?: string;
  prev?: string;
};

const orderListSchema = z.array(orderSchema);

/** A page of an order list: the array, and its total from X-Total-Count (or what is known without it). */
export async function readOrderPage(response: Response, page: number): Promise<OrdersPage> {
  const { items: orders, ...rest } = await readListPage(response, orderListSchema, {
    page,
    limit: ordersPageSize,
  });
  return { orders, ...rest };
}
