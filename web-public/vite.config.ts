import { fileURLToPath } from "node:url";
import federation from "@originjs/vite-plugin-federation";
import react from "@vitejs/plugin-react";
import { relative } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { PROFILE_SCRIPT_ID } from "./src/lib/business-profile.ts";
import { dropFederationManualChunks, firstLoadChunk, sharedAliases, withSelectorPort } from "../vite.shared.ts";

// Where the API serves web-admin/dist; the page's `admin-remote-entry` meta tag (ADMIN_REMOTE_URL,
// read by the API at start-up) overrides it at run time, see src/features/admin-mount.
const adminRemoteUrl = "/admin-app/assets/remoteEntry.js";
const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:8000";

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

/**
 * Code splitting: every module the entry statically imports goes into one 'app' chunk. Left
 * alone, rolldown splits the first load into ten chunks (whatever a lazy page also uses gets its
 * own), and ten files gzip 1.5 kB worse than one. Lazy pages keep their own chunks.
 *
 * React and ReactDOM (the parts the admin remote shares) keep a chunk of their own: the
 * federation runtime loads them by URL for the remote, and the entry awaits that load at its top
 * level, so inside 'app' they would wait on themselves.
 */
const codeSplitting = {
  groups: [
    {
      name: "react",
      test: /node_modules[\\/]react(-dom)?[\\/](index\.js|cjs[\\/]react(-dom)?\.production\.js)$/,
      priority: 2,
    },
    { name: firstLoadChunk("app", (id) => id.endsWith("/index.html")), priority: 1 },
  ],
};

/**
 * Every page carries the business profile its HTML is rendered with (the demo profile the API
 * seeds, which the prerender step renders with too), for the client's first render to read; see
 * src/lib/business-profile.ts. The SPA shell carries it as well.
 */
function embedBusinessProfile(): Plugin {
  return {
    name: "yarra:embed-business-profile",
    transformIndexHtml: () => [{
      tag: "script",
      attrs: { type: "application/json", id: PROFILE_SCRIPT_ID },
      children: JSON.stringify(DEMO_BUSINESS_PROFILE).replace(/</g, "\\u003c"),
      injectTo: "head",
    }],
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
          ...sharedAliases,
          { find: /^@tanstack\/router-core\/isServer$/, replacement: routerCoreClientIsServer },
          withSelectorPort,
        ],
      },
      ssr: { noExternal: true, target: "node" as const },
      build: {
        target: "node20",
        outDir: "dist-ssr",
        emptyOutDir: true,
        // The staff area never renders at build time; its remote stays a runtime import.
        rollupOptions: { external: ["admin/AdminApp", "virtual:__federation__"] },
      },
    };
  }
  return {
    base: "/",
    plugins: [
      react(),
      embedBusinessProfile(),
      exactVersionSatisfy(),
      federation({
        name: "host",
        remotes: { admin: adminRemoteUrl },
        // The router is not shared: a shared module ships whole (91 kB, 31 kB gzipped) and loads
        // after the entry; bundled, only the parts in use ship. The staff area bundles its own
        // (it has its own RouterProvider and takes only the host's history).
        shared: ["react", "react-dom"],
      }),
      dropFederationManualChunks(),
    ],
    resolve: {
      alias: [
        ...sharedAliases,
        withSelectorPort,
      ],
    },
    build: {
      target: "esnext",
      // The prerender step reads it to link each page's own CSS and chunks into its HTML.
      manifest: true,
      // Every browser the site targets supports <link rel="modulepreload">.
      modulePreload: { polyfill: false },
      rollupOptions: { output: { codeSplitting } },
    },
    // In dev the API (and the built admin remote it serves) live on their own port.
    server: { proxy: { "/api": apiOrigin, "/admin-app": apiOrigin } },
    preview: { proxy: { "/api": apiOrigin, "/admin-app": apiOrigin } },
  };
});
