import type { SavedResponse } from "#contract/profiles";
import { bodySchema, isRecord, isString } from "../parse";

/** The answer to saving a profile or a portfolio (the same for both). */
export const savedSchema = bodySchema((body): SavedResponse | undefined =>
  isRecord(body) && isString(body.insertedId) && body.insertedId
    ? { insertedId: body.insertedId, updated: body.updated === true }
    : undefined,
);
