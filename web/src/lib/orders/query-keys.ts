/** Every order list and order of the web app lives under this key: refresh it after any change. */
export const ordersQueryKey = ["orders"] as const;

export const myOrdersQueryKey = [...ordersQueryKey, "mine"] as const;
export const allOrdersQueryKey = [...ordersQueryKey, "all"] as const;
