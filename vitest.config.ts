import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The fault matrix has its own run (`npm run test:faults`, vitest.faults.config.ts).
    exclude: ["**/node_modules/**", "test/faults/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Real child processes and sockets: keep parallelism modest on a 2-core machine.
    maxWorkers: 2,
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/fast-check-seed.ts"],
  },
});
