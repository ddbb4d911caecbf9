import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { sharedAliases } from "../vite.shared.ts";

// No federation plugin here: tests swap the remote for a local stub.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      ...sharedAliases,
      { find: "admin/AdminApp", replacement: fileURLToPath(new URL("./src/test/admin-app-stub.tsx", import.meta.url)) },
      {
        find: "virtual:__federation__",
        replacement: fileURLToPath(new URL("./src/test/federation-runtime-stub.ts", import.meta.url)),
      },
    ],
  },
  test: {
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
  },
});
