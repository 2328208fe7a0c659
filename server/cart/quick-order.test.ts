import { beforeAll, expect, it } from "vitest";
import type { Cart, QuickOrderAnswer } from "../../contract/cart";
import { orderNowMessage } from "../../contract/lot-rules";
import { csvUpload } from "../test/csv-upload";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";

let skuCounter = 0;

describeEachDatabase("quick order: POST /api/cart/quick-order", (env) => {
  // A tool with a SKU of its own per test: minimum 100 in steps of 50, at most 1,000, 2,000 in stock.
  const tool = async (fields: Parameters<typeof insertTool>[1] = {}) => {
    const sku = `QO-${process.pid}-${++skuCounter}`;
    return insertTool(env.db, {
      sku,
      priceCents: 2_00,
      minimum: 100,
      increment: 50,
      maximum: 1000,
      available: 2000,
      ...fields,
    });
  };
  const paste = (who: TestUser, text: string) =>
    call(env.app, "POST", "/api/cart/quick-order", who, { text });
  const upload = (who: TestUser, file: string | Buffer) => {
    const { payload, headers } = csvUpload(file);
    return call(env.app, "POST", "/api/cart/quick-order", who, payload, { headers });
  };
  /** The answer of a list whose every line went into the cart. */
  const allAdded = (res: Awaited<ReturnType<typeof paste>>) => {
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<QuickOrderAnswer>();
    expect(answer.problems).toEqual([]);
    return answer;
  };
  const cartOf = async (who: TestUser) => (await call(env.app, "GET", "/api/cart", who)).json<Cart>();
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await signUp(env.app);
  });

  it("puts every line of a pasted list into the cart, whatever separates SKU and quantity", async () => {
    const me = await signUp(env.app);
    const [a, b, c, d, e] = [await tool(), await tool(), await tool(), await tool(), await tool()];
    const text = [
      `${a.sku},100`,
      `${b.sku}\t150`,
      `${c.sku};200`,
      `  ${d.sku}   250  `,
      "",
      `"${e.sku}" , "300"`,
    ].join("\n");
    const answer = allAdded(await paste(me, text));
    expect(answer.added).toEqual([
      { line: 1, sku: a.sku, toolId: a.id, quantity: 100 },
      { line: 2, sku: b.sku, toolId: b.id, quantity: 150 },
      { line: 3, sku: c.sku, toolId: c.id, quantity: 200 },
      { line: 4, sku: d.sku, toolId: d.id, quantity: 250 },
      { line: 6, sku: e.sku, toolId: e.id, quantity: 300 },
    ]);
    expect(answer.cart.lines.map((l) => [l.toolId, l.quantity])).toEqual([
      [a.id, 100],
      [b.id, 150],
      [c.id, 200],
      [d.id, 250],
      [e.id, 300],
    ]);
    expect(answer.cart.total).toBe(2000);
    expect(await cartOf(me)).toEqual(answer.cart);
  });

  it("names every bad line with its number and the nearest valid quantity, and adds the good ones", async () => {
    const me = await signUp(env.app);
    const good = await tool();
    const rules = await tool();
    const short = await tool({ available: 620, maximum: null });
    const soldOut = await tool({ available: 0 });
    const notYet = await tool({ available: 499 });
    const archived = await tool({ archivedAt: new Date() });
    const lines = [
      `${good.sku} 100`, // 1
      "NO-SUCH-SKU 100", // 2
      `${rules.sku} ten`, // 3
      `${rules.sku} 12.5`, // 4
      `${rules.sku} 99999999999999999999`, // 5
      `${rules.sku} 50`, // 6
      `${rules.sku} 1500`, // 7
      `${rules.sku} 120`, // 8
      `${short.sku} 650`, // 9
      `${soldOut.sku} 100`, // 10
      `${notYet.sku} 100`, // 11
      `${archived.sku} 100`, // 12
      `${rules.sku}`, // 13
      `${rules.sku} 0`, // 14
    ];
    const res = await paste(me, lines.join("\r\n"));
    expect(res.statusCode, res.body).toBe(200);
    const { added, problems, cart } = res.json<QuickOrderAnswer>();
    expect(added).toEqual([{ line: 1, sku: good.sku, toolId: good.id, quantity: 100 }]);
    const rulesSku = rules.sku ?? "";
    expect(problems).toEqual([
      {
        line: 2,
        sku: "NO-SUCH-SKU",
        quantity: 100,
        error: "No tool on sale has the SKU NO-SUCH-SKU",
        suggestedQuantity: null,
      },
      {
        line: 3,
        sku: rulesSku,
        quantity: null,
        error: "Write the quantity as a whole number of pieces",
        suggestedQuantity: 100,
      },
      // Lines 3 to 8, 13 and 14 are one tool: an unreadable quantity (3, 5, 13) is a problem of its
      // own line; the readable ones (4, 6, 7, 8, 14) are merged first, summed, and reported at line 4.
      {
        line: 4,
        sku: rulesSku,
        quantity: 1682.5,
        error: "Order a whole number of pieces",
        suggestedQuantity: 1000,
      },
      {
        line: 5,
        sku: rulesSku,
        quantity: null,
        error: "That quantity is too large",
        suggestedQuantity: 1000,
      },
      { line: 9, sku: short.sku, quantity: 650, error: "Only 620 pieces left", suggestedQuantity: 600 },
      { line: 10, sku: soldOut.sku, quantity: 100, error: orderNowMessage, suggestedQuantity: null },
      { line: 11, sku: notYet.sku, quantity: 100, error: orderNowMessage, suggestedQuantity: null },
      {
        line: 12,
        sku: archived.sku,
        quantity: 100,
        error: `No tool on sale has the SKU ${archived.sku}`,
        suggestedQuantity: null,
      },
      {
        line: 13,
        sku: rulesSku,
        quantity: null,
        error: "Write the quantity after the SKU",
        suggestedQuantity: 100,
      },
    ]);
    expect(cart.lines.map((l) => [l.toolId, l.quantity])).toEqual([[good.id, 100]]);
    expect(await cartOf(me)).toEqual(cart);
  });

  it.each([
    ["below the minimum", "50", "Order at least 100 pieces", 100],
    ["above the maximum", "1500", "Order at most 1,000 pieces", 1000],
    ["off the step", "120", "Order in steps of 50", 100],
    ["not whole", "150.5", "Order a whole number of pieces", 150],
    ["zero", "0", "Order at least 100 pieces", 100],
    ["negative", "-5", "Order at least 100 pieces", 100],
  ])("a line %s: its rule and suggestion", async (_, quantity, error, suggestedQuantity) => {
    const t = await tool();
    const res = await paste(buyer, `${t.sku} ${quantity}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<QuickOrderAnswer>().problems).toEqual([
      { line: 1, sku: t.sku, quantity: Number(quantity), error, suggestedQuantity },
    ]);
  });

  it("merges the lines of one SKU (any case) first, keeping the first line's number, and adds to what the cart holds", async () => {
    const me = await signUp(env.app);
    const t = await tool();
    const other = await tool();
    expect((await call(env.app, "PUT", `/api/cart/lines/${t.id}`, me, { quantity: 200 })).statusCode).toBe(
      200,
    );
    const res = await paste(me, `${other.sku} 100\n${t.sku} 100\n${(t.sku ?? "").toLowerCase()} 150`);
    const answer = res.json<QuickOrderAnswer>();
    expect(answer.problems).toEqual([]);
    expect(answer.added).toEqual([
      { line: 1, sku: other.sku, toolId: other.id, quantity: 100 },
      { line: 2, sku: t.sku, toolId: t.id, quantity: 250 },
    ]);
    // The line already in the cart keeps its place and holds the sum.
    expect(answer.cart.lines.map((l) => [l.toolId, l.quantity])).toEqual([
      [t.id, 450],
      [other.id, 100],
    ]);
    expect(await cartOf(me)).toEqual(answer.cart);
    // The sum is what the rules check: 450 + 600 is over the maximum; 550 more is what still fits.
    const over = (await paste(me, `${t.sku} 600`)).json<QuickOrderAnswer>();
    expect(over.problems).toEqual([
      {
        line: 1,
        sku: t.sku,
        quantity: 600,
        error: "Order at most 1,000 pieces (your cart already has 450 pieces)",
        suggestedQuantity: 550,
      },
    ]);
    expect((await cartOf(me)).lines.map((l) => l.quantity)).toEqual([450, 100]);
  });

  it("skips a header row, a byte-order mark and blank lines, and counts lines as sent", async () => {
    const me = await signUp(env.app);
    const t = await tool();
    const res = await paste(me, `\uFEFFsku,quantity\n\n${t.sku},100\n`);
    expect(res.json<QuickOrderAnswer>().added).toEqual([
      { line: 3, sku: t.sku, toolId: t.id, quantity: 100 },
    ]);
  });

  it("takes a CSV file with a byte-order mark, `;` separators, CRLF and a quantity written 1.000-style with a comma", async () => {
    const me = await signUp(env.app);
    const t = await tool({ maximum: null });
    const u = await tool();
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`SKU;Qty\r\n${t.sku};"1,000"\r\n${u.sku};150\r\n`),
    ]);
    const answer = allAdded(await upload(me, file));
    expect(answer.added).toEqual([
      { line: 2, sku: t.sku, toolId: t.id, quantity: 1000 },
      { line: 3, sku: u.sku, toolId: u.id, quantity: 150 },
    ]);
  });

  it("treats formula cells as text: refused, never evaluated", async () => {
    const me = await signUp(env.app);
    const t = await tool();
    const res = await upload(
      me,
      `=HYPERLINK("http://evil.example","x"),100\n${t.sku},=10*10\n@SUM(A1),5\n+1,100\n`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { added, problems } = res.json<QuickOrderAnswer>();
    expect(added).toEqual([]);
    const formula = "This looks like a spreadsheet formula, not a SKU: write the SKU as plain text";
    expect(problems).toEqual([
      {
        line: 1,
        sku: '=HYPERLINK("http://evil.example"',
        quantity: null,
        error: formula,
        suggestedQuantity: null,
      },
      {
        line: 2,
        sku: t.sku,
        quantity: null,
        error: "This looks like a spreadsheet formula: write the quantity as a number of pieces",
        suggestedQuantity: 100,
      },
      { line: 3, sku: "@SUM(A1)", quantity: 5, error: formula, suggestedQuantity: null },
      { line: 4, sku: "+1", quantity: 100, error: formula, suggestedQuantity: null },
    ]);
  });

  it("refuses a list over 500 lines, an empty one, a 5 MB paste or file, and a file that is not UTF-8, with 4xx {error}", async () => {
    const t = await tool();
    const long = Array.from({ length: 501 }, () => `${t.sku} 100`).join("\n");
    const tooLong = await paste(buyer, long);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: "A list holds at most 500 lines; this one has 501. Split it into smaller lists",
    });
    const empty = await paste(buyer, "\n  \n");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: "The list is empty: write one SKU and its quantity a line" });
    const big = `${t.sku} 100\n`.repeat(Math.ceil((5 * 1024 * 1024) / (t.sku?.length ?? 1)));
    const bigPaste = await paste(buyer, big);
    expect(bigPaste.statusCode).toBe(413);
    expect(bigPaste.json()).toEqual({ error: expect.any(String) });
    const bigFile = await upload(buyer, big);
    expect(bigFile.statusCode).toBe(413);
    expect(bigFile.json()).toEqual({ error: "The list is larger than 200 KB: split it into smaller lists" });
    const latin1 = await upload(buyer, Buffer.from([0x53, 0x4b, 0xdc, 0x2c, 0x31, 0x0a]));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json()).toEqual({
      error: "The file is not UTF-8 text. Save it as CSV UTF-8 and upload it again",
    });
    const noText = await call(env.app, "POST", "/api/cart/quick-order", buyer, { text: 5 });
    expect(noText.statusCode).toBe(400);
    expect((await cartOf(buyer)).lines).toEqual([]);
  });

  it("takes a 500-line list of 500 tools into the cart at once", async () => {
    const me = await signUp(env.app);
    const many = await Promise.all(Array.from({ length: 500 }, () => tool()));
    const res = await paste(me, many.map((t) => `${t.sku}\t100`).join("\n"));
    expect(res.statusCode).toBe(200);
    const answer = res.json<QuickOrderAnswer>();
    expect(answer.problems).toEqual([]);
    expect(answer.cart.lines).toHaveLength(500);
    // Full: a new tool is a problem line, a held one still changes.
    const next = await tool();
    const more = (await paste(me, `${next.sku} 100\n${many[0]?.sku} 50`)).json<QuickOrderAnswer>();
    expect(more.problems.map((p) => [p.line, p.error])).toEqual([
      [1, "Your cart is full: it holds at most 500 lines. Check out or remove a line first"],
    ]);
    expect(more.added.map((a) => a.line)).toEqual([2]);
  });
});
