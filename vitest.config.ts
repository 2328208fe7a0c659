import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "contract/**/*.test.ts", "web/src/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Each file opens its own databases; two workers match the two cores.
    maxWorkers: 2,
  },
});
