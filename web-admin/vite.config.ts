import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import federation from "@originjs/vite-plugin-federation";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { dropFederationManualChunks, firstLoadChunk, sharedAliases, withSelectorPort } from "../vite.shared.ts";

const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:8000";

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

/**
 * Code splitting: what the staff area needs up to its login screen (admin-app.tsx and all it
 * statically imports: the route tree, the shell, the login form, the router, the search
 * validation) is one 'admin-app' chunk; every screen is a lazy chunk of its own (src/routes).
 *
 * React and ReactDOM keep a chunk of their own: they are the remote's fallback copies, loaded by
 * the federation runtime only when the host's can't be used (or in the standalone preview), and
 * 'admin-app' awaits that load at its top level, so inside it they would wait on themselves.
 */
const codeSplitting = {
  groups: [
    {
      name: "react",
      test: /node_modules[\\/]react(-dom)?[\\/](index\.js|cjs[\\/]react(-dom)?\.production\.js)$/,
      priority: 2,
    },
    // The federation runtime's import of shared modules, with the React versions this remote
    // accepts, stays the file it always was: web-public/e2e's admin-remote test rewrites that
    // table to play a host on another React.
    {
      name: "_virtual___federation_fn_import",
      test: /(__federation_fn_import|vite-plugin-federation[\\/]dist[\\/]satisfy\.mjs)$/,
      priority: 2,
    },
    { name: firstLoadChunk("admin-app", (id) => id.endsWith("/web-admin/src/admin-app.tsx")), priority: 1 },
  ],
};

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
      // The router is not shared: the host bundles only the parts it uses (see its config), so
      // it has no copy to give, and a shared module ships whole (29 kB gzipped against the 24 kB
      // of the parts this app uses). The staff area has its own router on the host's history.
      shared: {
        react: { requiredVersion: builtAgainst("react") },
        "react-dom": { requiredVersion: builtAgainst("react-dom") },
      },
    }),
    dropFederationManualChunks(),
  ],
  resolve: {
    alias: [
      ...sharedAliases,
      // zod, jitless before any schema is built (see src/lib/zod-jitless.ts); the wrapper's own
      // import of "zod/v4" is not matched, so it reaches the real package.
      { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-jitless.ts", import.meta.url)) },
      // CommonJS `require("react")` would bundle a second React into the remote (see the port).
      withSelectorPort,
    ],
  },
  build: { target: "esnext", rollupOptions: { output: { codeSplitting } } },
  server: { port: 5174, proxy: { "/api": apiOrigin } },
  preview: { port: 4174, proxy: { "/api": apiOrigin } },
});
