import { defineConfig } from "vitest/config";

/**
 * `npm run test:faults`: the fault matrix and the load run. Separate from the unit/e2e suite because it spawns
 * dozens of misbehaving servers and runs for a couple of minutes; files run one at a time so that timings and
 * memory figures are not disturbed by a neighbour.
 */
export default defineConfig({
  test: {
    include: ["test/faults/**/*.faults.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
    globalSetup: ["test/global-setup.ts"],
  },
});
