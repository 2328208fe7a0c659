import { z } from "zod";
import { type Order, orderSchema } from "../../../../../contract/orders";
import { totalCountHeader } from "../../../../../contract/pagination";
import { readJson } from "../../../lib/api";

/** Orders per page of My Orders and Manage All Order. */
export const ordersPageSize = 10;

export type OrdersPage = {
  orders: Order[];
  /** Every order of the list, from the X-Total-Count header. */
  total: number;
};

const orderListSchema = z.array(orderSchema);

/** A page of an order list: the array, and its total from X-Total-Count (or what is known without it). */
export async function readOrderPage(response: Response, page: number): Promise<OrdersPage> {
  const orders = await readJson(response, orderListSchema);
  const header = response.headers.get(totalCountHeader);
  const counted = header === null || header.trim() === "" ? Number.NaN : Number(header);
  const total =
    Number.isInteger(counted) && counted >= 0 ? counted : (page - 1) * ordersPageSize + orders.length;
  return { orders, total };
}
