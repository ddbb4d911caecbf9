/**
 * After `vite build` (client) and `vite build --ssr src/entry-server.tsx` (into dist-ssr):
 * writes each public page's HTML to dist/prerendered/ (content, head tags, the page's own CSS
 * and chunks), then precompresses the text assets (.br, .gz) that the API serves as they are.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

process.env.NODE_ENV ??= "production";
// The SSR build runs the router's browser code paths (see vite.config.ts); they keep a
// reference to the router on `self`, which Node only has as `globalThis`.
globalThis.self ??= globalThis;

const appDir = fileURLToPath(new URL("..", import.meta.url));
const dist = join(appDir, "dist");
const ssrDir = join(appDir, "dist-ssr");
const HEAD_MARKER = "<!--app-head-->";
const ROOT = '<div id="root"></div>';

const template = await readFile(join(dist, "index.html"), "utf8");
const manifest = JSON.parse(await readFile(join(dist, ".vite/manifest.json"), "utf8"));
for (const needle of [HEAD_MARKER, ROOT, "<title>", '<meta name="description"']) {
  if (!template.includes(needle)) throw new Error(`index.html lacks ${needle}`);
}

/** A chunk's CSS and JS files, its static imports' included, as the manifest lists them. */
function assetsOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return { css: [], js: [] };
  seen.add(key);
  const css = [...(entry.css ?? [])];
  const js = [entry.file];
  for (const imported of entry.imports ?? []) {
    const more = assetsOf(imported, seen);
    css.push(...more.css);
    js.push(...more.js);
  }
  return { css, js };
}

const entryServer = await import(pathToFileURL(join(ssrDir, "entry-server.js")).href);
const pages = entryServer.prerenderPaths();
for (const path of pages) {
  const page = await entryServer.renderPage(path);
  const links = new Set();
  for (const module of page.modules) {
    if (!manifest[module]) continue; // a static import of the entry: already linked
    const { css, js } = assetsOf(module);
    for (const file of css) {
      if (!template.includes(`/${file}"`)) links.add(`<link rel="stylesheet" crossorigin href="/${file}">`);
    }
    for (const file of js) {
      if (!template.includes(`/${file}"`)) links.add(`<link rel="modulepreload" crossorigin href="/${file}">`);
    }
  }
  // React writes resource hints (an LCP image's preload) at the start of its output; they
  // belong in <head>, where the client's own ReactDOM.preload finds them.
  const hints = page.appHtml.match(/^(?:<link [^>]*>)+/)?.[0] ?? "";
  const appHtml = page.appHtml.slice(hints.length);
  const html = template
    .replace(/<title>[^<]*<\/title>/, page.headHtml.title)
    .replace(/<meta name="description"[^>]*>/, page.headHtml.description)
    .replace(HEAD_MARKER, [page.headHtml.extras, ...(hints.match(/<link [^>]*>/g) ?? [])].join("\n    "))
    .replace("</head>", [...links].map((link) => `  ${link}\n`).join("") + "  </head>")
    .replace(ROOT, `<div id="root">${appHtml}</div>`);
  const file = join(dist, "prerendered", path === "/" ? "index.html" : `${path.slice(1)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  console.log(`prerendered ${path} -> ${file.slice(appDir.length)} (${html.length} bytes)`);
}

// The SPA shell ('Not found', the staff area) keeps the generic head.
await writeFile(join(dist, "index.html"), template.replace(`\n    ${HEAD_MARKER}`, ""));
await rm(ssrDir, { recursive: true, force: true });
await rm(join(dist, ".vite"), { recursive: true, force: true });

// Brotli and gzip copies of hashed text assets; HTML is compressed as it is served.
async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}
let compressed = 0;
for await (const file of filesUnder(join(dist, "assets"))) {
  if (!/\.(js|css|svg|json)$/.test(file) || (await stat(file)).size < 1024) continue;
  const body = await readFile(file);
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  compressed++;
}
console.log(`precompressed ${compressed} assets (.br, .gz)`);
