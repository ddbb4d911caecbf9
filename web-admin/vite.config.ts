import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import federation from "@originjs/vite-plugin-federation";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:8000";

export const sharedAliases = {
  "@yarra/core/": fileURLToPath(new URL("../core/", import.meta.url)),
  "@yarra/api/client/": fileURLToPath(new URL("../api/client/", import.meta.url)),
  // Design-system pieces both apps show (the error alert) live once, in web-public.
  "@yarra/public-ui/": fileURLToPath(new URL("../web-public/src/ui/", import.meta.url)),
};

/**
 * @originjs/vite-plugin-federation 1.4.1 finds its CSS placeholders in remoteEntry.js with a
 * quote-only regex, but Vite 8's minifier prints them as template literals, so the placeholder
 * stays and the host fails with "e.forEach is not a function". Re-quote them first (this plugin
 * is a normal one, so its generateBundle runs before the federation plugin's "post" one).
 */
function requoteFederationCssPlaceholders(): Plugin {
  return {
    name: "yarra:requote-federation-css-placeholders",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.fileName.endsWith("remoteEntry.js")) {
          chunk.code = chunk.code.replace(/`(__v__css__[^`'"$\\]*)`/g, "'$1'");
        }
      }
    },
  };
}

/**
 * The host's React is the one the staff area must run on (it renders inside the host's tree). A
 * host whose React does not satisfy the range the remote was built against is refused by the
 * federation's version check, which says so in the console; the remote then falls back to its own
 * copy, whose hooks fail inside the host's tree, and the host shows its "could not be loaded" page.
 */
const builtAgainst = (name: string) =>
  `^${(createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version}`;

// Build from this folder (npm run build -w web-admin): the plugin resolves `exposes` from the cwd.
export default defineConfig({
  // The remote keeps this path on any origin: the API (ADMIN_REMOTE_URL unset) or `npm run
  // serve:admin` serve it at /admin-app/, and its entry imports its chunks by that absolute path.
  // The entry, assets/remoteEntry.js, keeps its name; every other file name carries a hash.
  base: "/admin-app/",
  plugins: [
    react(),
    requoteFederationCssPlaceholders(),
    federation({
      name: "admin",
      filename: "remoteEntry.js",
      exposes: { "./AdminApp": "./src/admin-app.tsx" },
      shared: {
        react: { requiredVersion: builtAgainst("react") },
        "react-dom": { requiredVersion: builtAgainst("react-dom") },
        "@tanstack/react-router": {},
      },
    }),
  ],
  resolve: {
    alias: [
      ...Object.entries(sharedAliases).map(([find, replacement]) => ({ find, replacement })),
      // zod, jitless before any schema is built (see src/lib/zod-jitless.ts); the wrapper's own
      // import of "zod/v4" is not matched, so it reaches the real package.
      { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-jitless.ts", import.meta.url)) },
      // CommonJS `require("react")` would bundle a second React into the remote: use the host's
      // ES port (web-public/src/lib), whose plain `import` the federation plugin shares.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: fileURLToPath(
          new URL("../web-public/src/lib/use-sync-external-store-with-selector.ts", import.meta.url),
        ),
      },
    ],
  },
  build: { target: "esnext" },
  server: { port: 5174, proxy: { "/api": apiOrigin } },
  preview: { port: 4174, proxy: { "/api": apiOrigin } },
});
