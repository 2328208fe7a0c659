import { type Tool, type ToolChanges, toolChangesSchema, toolLotProblem } from "#contract/catalog";

/**
 * The tool as it would be after `changes` (PATCH's meaning: a change left out keeps the tool's value,
 * null clears), as the server checks it (server/catalog/service.ts `updateTool`).
 */
export function toolAfter(tool: Tool, changes: ToolChanges): Tool {
  const given = Object.entries(changes).filter(([, value]) => value !== undefined);
  return { ...tool, ...Object.fromEntries(given) };
}

/**
 * The edit form's schema: `toolChangesSchema`, then the lot rules and price breaks checked on the tool
 * after the change (`toolLotProblem`), so a refused break shows at its row's field, with the message
 * the API's 400 would send, before anything is sent.
 */
export function toolEditSchema(tool: Tool) {
  return toolChangesSchema.superRefine((changes, ctx) => {
    const problem = toolLotProblem(toolAfter(tool, changes));
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
  });
}
