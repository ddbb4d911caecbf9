import { defineConfig } from "vitest/config";

// End to end: the built bundles served by the real API (npm run serve) on a fresh embedded
// database, driven by playwright-core in Debian's Chromium. `npm run test:e2e` builds first.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    environment: "node",
    globalSetup: ["./e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser at a time on a 2-core machine.
    fileParallelism: false,
  },
});
