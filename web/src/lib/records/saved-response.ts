import { lazySchema } from "../api";

/** The answer to saving a profile or a portfolio (the same for both). */
export const savedSchema = lazySchema(() => import("#contract/answers").then((a) => a.savedAnswer));
