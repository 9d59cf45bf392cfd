import { defineConfig } from "vitest/config";

/**
 * `npm run test:faults`: everything in test/faults — the fault matrix, the load run, the secrets canary and tool
 * pinning end to end. Kept out of the unit/e2e run (vitest.config.ts excludes the folder) because it spawns
 * dozens of misbehaving servers; files run one at a time so that timings and memory figures are not disturbed
 * by a neighbour.
 */
export default defineConfig({
  test: {
    include: ["test/faults/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
    globalSetup: ["test/global-setup.ts"],
  },
});
