/**
 * Module aliases both web apps resolve the same way, in their builds and in their tests: the
 * imports their tsconfig `paths` name, and React 19's own useSyncExternalStore for TanStack's
 * stores. web-public/vite.config.ts, web-admin/vite.config.ts and both vitest configs import them.
 * Below them, the pieces of a federated build's code splitting (web-admin/vite.config.ts uses them).
 */
import { fileURLToPath } from "node:url";
import type { Alias, Plugin } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const sharedAliases: Alias[] = [
  { find: "@yarra/core/", replacement: here("./core/") },
  { find: "@yarra/api/client/", replacement: here("./api/client/") },
  // Design-system pieces both apps show (the error alert) live once, in web-public.
  { find: "@yarra/public-ui/", replacement: here("./web-public/src/ui/") },
];

/**
 * TanStack's stores import `use-sync-external-store/shim/with-selector`, a CommonJS shim for React
 * 17 and older (0.65 kB gzipped on '/'; in the staff remote, its `require("react")` would bundle a
 * second React). React 19 has useSyncExternalStore built in, so both apps' builds use this ES port
 * instead, whose plain `import` of React the federation plugin shares.
 */
export const withSelectorPort: Alias = {
  find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
  replacement: here("./web-public/src/lib/use-sync-external-store-with-selector.ts"),
};

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * A code-splitting group's name function: every module `isRoot` names, and every module one of them
 * statically imports (directly or not), goes into one chunk called `name`; lazy pages keep their
 * own chunks. Left alone, rolldown gives whatever a lazy page also uses a chunk of its own, and
 * many small files gzip worse than one (the staff area's first load: 38 small files of the remote
 * gzipped to 44 kB one by one, 35 kB as one file).
 */
export function firstLoadChunk(name: string, isRoot: (id: string) => boolean) {
  return (moduleId: string, ctx: ModuleGraph) => {
    const verdicts = new Map<string, boolean>();
    const loadedFirst = (id: string): boolean => {
      const known = verdicts.get(id);
      if (known !== undefined) return known;
      verdicts.set(id, false); // an import cycle does not make a module reachable
      const info = ctx.getModuleInfo(id);
      const reachable = isRoot(id) || (info !== null && info.importers.some((importer) => loadedFirst(importer)));
      verdicts.set(id, reachable);
      return reachable;
    };
    return loadedFirst(moduleId) ? name : null;
  };
}

/**
 * The federation plugin places shared modules with `manualChunks`, which rolldown ignores (with a
 * warning on every build) once `codeSplitting` is set; a config that sets it places them itself
 * and drops the plugin's function with this.
 */
export function dropFederationManualChunks(): Plugin {
  return {
    name: "yarra:drop-federation-manual-chunks",
    enforce: "post",
    outputOptions(options) {
      delete options.manualChunks;
      return options;
    },
  };
}
