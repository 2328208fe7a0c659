import { expect, type Page, request, type TestType } from "@playwright/test";
import type { Tool } from "../contract/catalog";
import { signInAsAdmin } from "./users";

/** Every tool on sale (the shared test shop's catalog fits in one call), from the API. */
export async function catalog(page: Page): Promise<Tool[]> {
  const response = await page.request.get("/api/service?limit=100");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Tool[];
}

/** The tool on sale with this name. */
export async function toolNamed(page: Page, name: string): Promise<Tool> {
  const tool = (await catalog(page)).find((t) => t.name === name);
  expect(tool, name).toBeDefined();
  return tool as Tool;
}

/**
 * Takes tools a spec added off sale (an admin's delete; a tool with orders or in a cart is archived),
 * so the shared test shop's catalog stays within the one page of /tools the other specs count on.
 */
export async function removeTools(baseURL: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const admin = await request.newContext({ baseURL });
  await signInAsAdmin(admin, baseURL);
  for (const id of ids.splice(0)) {
    const removed = await admin.delete(`/api/service/${id}`, { headers: { origin: baseURL } });
    expect(removed.status(), await removed.text()).toBe(200);
  }
  await admin.dispose();
}

/** A part number no other test uses: upper case, as the shop keeps SKUs. */
export const uniqueSku = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

/**
 * The tools a spec's tests add (push each id), taken off sale after each test with `removeTools`.
 */
// biome-ignore lint/suspicious/noExplicitAny: any fixtures of the spec's `test`
export function toolsTakenOffSaleAfterEach(test: TestType<any, any>): string[] {
  const added: string[] = [];
  test.afterEach(async ({ baseURL }: { baseURL?: string }) => removeTools(baseURL ?? "", added));
  return added;
}

/** A tool a test adds through the admin API: a part number of its own, sold in lots. */
export type NewToolSpec = {
  name: string;
  sku: string;
  minimum: number;
  increment: number;
  /** Dollars a piece. */
  price: number;
  available: number;
  leadTimeDays?: number;
};

/**
 * Adds the tools as the admin, through `POST /api/service`, and answers their ids in the same order;
 * each id is also pushed onto `added` (a spec's `toolsTakenOffSaleAfterEach`).
 */
export async function addToolsViaApi(
  baseURL: string,
  tools: NewToolSpec[],
  added: string[],
): Promise<string[]> {
  const admin = await request.newContext({ baseURL });
  await signInAsAdmin(admin, baseURL);
  const ids: string[] = [];
  for (const tool of tools) {
    const created = await admin.post("/api/service", {
      headers: { origin: baseURL },
      data: { description: "A part for the browser tests.", img: "/images/tools/piston.svg", ...tool },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };
    ids.push(insertedId);
    added.push(insertedId);
  }
  await admin.dispose();
  return ids;
}

/** Puts a line in the signed-in page's cart through the API (the screens for it are cart.spec's). */
export async function putInCart(
  page: Page,
  baseURL: string,
  toolId: string,
  quantity: number,
): Promise<void> {
  const answer = await page.request.put(`/api/cart/lines/${toolId}`, {
    headers: { origin: baseURL },
    data: { quantity },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}
