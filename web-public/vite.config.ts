import { fileURLToPath } from "node:url";
import federation from "@originjs/vite-plugin-federation";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API serves web-admin/dist under /admin-app/; override for other hosts at build time.
const adminRemoteUrl = process.env.ADMIN_REMOTE_URL ?? "/admin-app/assets/remoteEntry.js";
const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:8000";

export const sharedAliases = {
  "@yarra/core/": fileURLToPath(new URL("../core/", import.meta.url)),
  "@yarra/api/client/": fileURLToPath(new URL("../api/client/", import.meta.url)),
};

export default defineConfig({
  base: "/",
  plugins: [
    react(),
    federation({
      name: "host",
      remotes: { admin: adminRemoteUrl },
      shared: ["react", "react-dom", "@tanstack/react-router"],
    }),
  ],
  resolve: { alias: sharedAliases },
  build: { target: "esnext" },
  // In dev the API (and the built admin remote it serves) live on their own port.
  server: { proxy: { "/api": apiOrigin, "/admin-app": apiOrigin } },
  preview: { proxy: { "/api": apiOrigin, "/admin-app": apiOrigin } },
});
