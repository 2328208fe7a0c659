/** The signed-in buyer's cart (kept on the server): the bar's count, the cart page and "Order again" share it. */
export const cartQueryKey = ["cart"] as const;
