#!/usr/bin/env node
// A buyer's stock software, as small as it can be: with a personal access token (scopes orders:read,
// orders:write, catalog:read) and the published API document alone, it orders again every part it
// ordered last month, as ONE order, on the company's account.
//
//   SHOP_URL=https://shop.example TOKEN=cmt_… PHONE=+15551234567 ADDRESS="1 Main St, Springfield" \
//     REGION=NY node scripts/api-example/reorder-last-month.mjs
//
// Optional: COUNTRY (US), TAX_EXEMPT (true for a tax-exempt company), NEEDED_BY (YYYY-MM-DD, default 21 days from today), PAYMENT (account | card),
// SINCE and UNTIL (YYYY-MM-DD: the days to reorder; default the previous calendar month).
// Prints the new order as JSON. Plain Node 24, no package needed.

const shop = (process.env.SHOP_URL ?? "http://localhost:3000").replace(/\/$/, "");
const token = process.env.TOKEN;
if (!token) throw new Error("Set TOKEN to a personal access token (Account settings → Access tokens)");

async function api(method, path, body, headers = {}) {
  const res = await fetch(`${shop}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
  return { status: res.status, answer, link: res.headers.get("link") };
}

async function must(method, path, body, headers) {
  const res = await api(method, path, body, headers);
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.answer)}`);
  return res;
}

// 1. The document says which operations there are: check the ones used here before touching anything.
const { answer: document } = await must("GET", "/api/openapi.json");
for (const [path, method] of [
  ["/api/order", "get"],
  ["/api/order/{id}/reorder", "post"],
  ["/api/cart", "delete"],
  ["/api/checkout", "post"],
  ["/api/tax/rates", "get"],
]) {
  if (!document.paths?.[path]?.[method])
    throw new Error(`The shop's API has no ${method.toUpperCase()} ${path}`);
}

// 2. Last month's orders (newest first, paged through the Link header's rel="next").
const today = new Date();
const firstOfThisMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
const since =
  process.env.SINCE ??
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
const until =
  process.env.UNTIL ?? new Date(firstOfThisMonth.getTime() - 86_400_000).toISOString().slice(0, 10);
const lastMonth = [];
let next = "/api/order?limit=100";
while (next) {
  const page = await must("GET", next);
  for (const order of page.answer) {
    const day = order.createdAt.slice(0, 10);
    if (day >= since && day <= until && order.status !== "cancelled") lastMonth.push(order);
  }
  next = /<([^>]+)>;\s*rel="next"/.exec(page.link ?? "")?.[1];
}
if (lastMonth.length === 0) {
  console.log(JSON.stringify({ ordered: null, reason: `no orders between ${since} and ${until}` }));
  process.exit(0);
}

// 3. Their lines into an empty cart, checked against today's lots, prices and stock.
await must("DELETE", "/api/cart");
let cart;
const changes = [];
for (const order of lastMonth) {
  const { answer } = await must("POST", `/api/order/${order._id}/reorder`);
  cart = answer.cart;
  changes.push(...answer.changes);
}
if (!cart || cart.lines.length === 0)
  throw new Error(`Nothing could be ordered again: ${JSON.stringify(changes)}`);

// 4. The total to confirm: the lines' totals and their tax, rounded half-up once per line at the
//    delivery region's rate, else the country's (the rule GET /api/tax/rates documents).
const country = (process.env.COUNTRY ?? "US").toUpperCase();
const region = (process.env.REGION ?? "").toUpperCase();
//    A tax-exempt company's orders carry none: TAX_EXEMPT=true.
const {
  answer: { rates },
} = await must("GET", "/api/tax/rates");
const rate =
  process.env.TAX_EXEMPT === "true"
    ? undefined
    : (rates.find((r) => region !== "" && r.country === country && r.region.toUpperCase() === region) ??
      rates.find((r) => r.country === country && r.region === ""));
const rateMilli = rate ? Math.round(rate.rate * 1000) : 0;
const cents = (dollars) => Math.round(dollars * 100);
const taxCents = cart.lines.reduce((sum, line) => {
  const exact = BigInt(cents(line.lineTotal)) * BigInt(rateMilli);
  return sum + Number((exact * 2n + 100_000n) / 200_000n);
}, 0);
const confirmedTotal = (cart.lines.reduce((sum, l) => sum + cents(l.lineTotal), 0) + taxCents) / 100;

// 5. One order of every line, retried safely with the same Idempotency-Key.
const neededBy = process.env.NEEDED_BY ?? new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
const { answer: placed } = await must(
  "POST",
  "/api/checkout",
  {
    orderPhone: process.env.PHONE ?? "+15550000000",
    orderAddress: process.env.ADDRESS ?? "Address on file",
    orderDate: neededBy,
    confirmedTotal,
    paymentMethod: process.env.PAYMENT ?? "account",
    country,
    region,
  },
  { "idempotency-key": `reorder-${since}-${until}` },
);
console.log(
  JSON.stringify({
    ordered: placed.order.orderNumber,
    id: placed.insertedId,
    lines: placed.order.lines.length,
    total: placed.order.total,
    from: lastMonth.map((o) => o.orderNumber),
    changes,
  }),
);
