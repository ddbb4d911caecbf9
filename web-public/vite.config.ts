import { fileURLToPath } from "node:url";
import federation from "@originjs/vite-plugin-federation";
import react from "@vitejs/plugin-react";
import { relative } from "node:path";
import { defineConfig, type Plugin } from "vite";

// The API serves web-admin/dist under /admin-app/; override for other hosts at build time.
const adminRemoteUrl = process.env.ADMIN_REMOTE_URL ?? "/admin-app/assets/remoteEntry.js";
const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:8000";

export const sharedAliases = {
  "@yarra/core/": fileURLToPath(new URL("../core/", import.meta.url)),
  "@yarra/api/client/": fileURLToPath(new URL("../api/client/", import.meta.url)),
};

const routerCoreClientIsServer = fileURLToPath(
  new URL("../node_modules/@tanstack/router-core/dist/esm/isServer/client.js", import.meta.url),
);

/**
 * SSR build only: each feature module records its id (as the client manifest names it) when it
 * runs, so the prerender step knows which lazy chunks and CSS a page needs in its HTML.
 */
function recordFeatureModules(): Plugin {
  const root = fileURLToPath(new URL(".", import.meta.url));
  return {
    name: "yarra:record-feature-modules",
    transform(code, id) {
      if (!/\/src\/features\/.*\.tsx?$/.test(id)) return;
      const name = JSON.stringify(relative(root, id));
      return { code: `globalThis.__prerenderModules?.add(${name});\n${code}`, map: null };
    },
  };
}

/**
 * The federation runtime's semver range check (~1.3 kB gzipped) ships in the host's first load,
 * but runs only for shared modules that declare a requiredVersion; the host declares none (see
 * `shared` below), so an exact-match check stands in for it.
 */
function exactVersionSatisfy(): Plugin {
  const id = "\0yarra:federation-satisfy";
  return {
    name: "yarra:federation-satisfy",
    enforce: "pre",
    resolveId: (source) => (source === "__federation_fn_satisfy" ? id : undefined),
    load: (source) =>
      source === id ? "export const satisfy = (version, range) => version === range;" : undefined,
  };
}

export default defineConfig(({ isSsrBuild }) => {
  if (isSsrBuild) {
    // The prerender build (scripts/prerender.mjs runs it): no federation, and the router's
    // browser code paths, so the HTML it writes is exactly what hydrateRoot expects.
    return {
      plugins: [react(), recordFeatureModules()],
      resolve: {
        alias: [
          ...Object.entries(sharedAliases).map(([find, replacement]) => ({ find, replacement })),
          { find: /^@tanstack\/router-core\/isServer$/, replacement: routerCoreClientIsServer },
        ],
      },
      ssr: { noExternal: true, target: "node" as const },
      build: {
        target: "node20",
        outDir: "dist-ssr",
        emptyOutDir: true,
        // The staff area never renders at build time; its remote stays a runtime import.
        rollupOptions: { external: ["admin/AdminApp"] },
      },
    };
  }
  return {
    base: "/",
    plugins: [
      react(),
      exactVersionSatisfy(),
      federation({
        name: "host",
        remotes: { admin: adminRemoteUrl },
        // The router is not shared: a shared module ships whole (91 kB, 31 kB gzipped) and loads
        // after the entry; bundled, only the parts in use ship. The staff area falls back to its
        // own copy (it has its own RouterProvider and takes only the host's history).
        shared: ["react", "react-dom"],
      }),
    ],
    resolve: { alias: sharedAliases },
    build: {
      target: "esnext",
      // The prerender step reads it to link each page's own CSS and chunks into its HTML.
      manifest: true,
      // Every browser the site targets supports <link rel="modulepreload">.
      modulePreload: { polyfill: false },
    },
    // In dev the API (and the built admin remote it serves) live on their own port.
    server: { proxy: { "/api": apiOrigin, "/admin-app": apiOrigin } },
    preview: { proxy: { "/api": apiOrigin, "/admin-app": apiOrigin } },
  };
});
