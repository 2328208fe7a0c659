import { expect, type Page } from "@playwright/test";
import type { Tool } from "../contract/catalog";

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
