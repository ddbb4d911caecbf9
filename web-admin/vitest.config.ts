import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { sharedAliases } from "../vite.shared.ts";

// No federation plugin in tests: the app is rendered directly, as the host would mount it.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedAliases },
  test: {
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
  },
});
