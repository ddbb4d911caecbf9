/**
 * The public site's budgets, measured on the built bundles (`npm run build` first; this builds
 * nothing): JavaScript on '/' (gzipped), no staff-area code in public chunks, and Lighthouse
 * 12.8.2 (mobile, default config) on /, /services and /book-now. A bench, not a test: it prints
 * figures and exits 0 unless it cannot run.
 *
 *   npm run bench:web            (deno run ... bench/web-budgets.ts)
 *   BENCH_WEB_PAGES=/,/faq npm run bench:web
 */
import { gzipSync } from "node:zlib";
import { startBenchServers } from "./harness.ts";

const repo = new URL("../", import.meta.url).pathname;
const publicAssets = `${repo}web-public/dist/assets`;
const JS_BUDGET_BYTES = 100 * 1000;
const BUDGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 } as const;
type Category = keyof typeof BUDGETS;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
].join(" ");

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function exists(path: string) {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

async function filesUnder(dir: string, suffix: string): Promise<string[]> {
  const found: string[] = [];
  if (!await exists(dir)) return found;
  for await (const entry of Deno.readDir(dir)) {
    const full = `${dir}/${entry.name}`;
    if (entry.isDirectory) found.push(...await filesUnder(full, suffix));
    else if (entry.name.endsWith(suffix)) found.push(full);
  }
  return found;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, {
    title: string;
    score: number | null;
    scoreDisplayMode: string;
    displayValue?: string;
    numericValue?: number;
    details?: { items?: NetworkRequest[] };
  }>;
}

async function lighthouse(url: string): Promise<LighthouseResult> {
  const out = await new Deno.Command("node", {
    args: [
      `${repo}node_modules/lighthouse/cli/index.js`,
      url,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--chrome-flags=${CHROME_FLAGS}`,
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    env: { CHROME_PATH: Deno.env.get("CHROME_PATH") ?? "/usr/bin/chromium" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`lighthouse failed on ${url}:\n${new TextDecoder().decode(out.stderr).slice(-2000)}`);
  }
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** The audits that cost points in a category, worst first. */
function lostPoints(result: LighthouseResult, category: string): string[] {
  return result.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: result.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
    .sort((a, b) => b.ref.weight * (1 - (b.audit.score ?? 0)) - a.ref.weight * (1 - (a.audit.score ?? 0)))
    .map(({ ref, audit }) =>
      `${ref.id} (${Math.round((audit.score ?? 0) * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ""})`
    );
}

/** Distinctive string literals of the staff area's own source (not shared with the site). */
async function adminMarkers(): Promise<string[]> {
  const literal = /"([^"\\\n]{24,})"|`([^`\\$\n]{24,})`/g;
  const collect = async (dir: string) => {
    const found = new Set<string>();
    for (const file of [...await filesUnder(dir, ".ts"), ...await filesUnder(dir, ".tsx")]) {
      if (/\.test\.tsx?$|\/test\//.test(file)) continue;
      for (const m of (await Deno.readTextFile(file)).matchAll(literal)) found.add(m[1] ?? m[2]);
    }
    return found;
  };
  const admin = await collect(`${repo}web-admin/src`);
  const shared = new Set([
    ...await collect(`${repo}web-public/src`),
    ...await collect(`${repo}api/client`),
    ...await collect(`${repo}core`),
  ]);
  // Sentences (UI text), not identifiers or paths the two apps may both name.
  return [...admin].filter((text) => /\s/.test(text) && !shared.has(text) && !text.includes("/api/"));
}

async function main() {
  if (!await exists(`${repo}web-public/dist/index.html`) || !await exists(`${repo}web-admin/dist`)) {
    console.error("No build found: run `npm run build` first (this bench builds nothing).");
    Deno.exit(1);
  }
  const servers = await startBenchServers();
  const base = servers.appUrl;
  console.log(`Server: ${base} (built bundles from web-public/dist and web-admin/dist)\n`);
  try {
    const pages = (Deno.env.get("BENCH_WEB_PAGES") ?? "/,/services,/book-now").split(",");
    const results = new Map<string, LighthouseResult>();
    for (const page of pages) {
      console.log(`Lighthouse ${page} ...`);
      results.set(page, await lighthouse(`${base}${page}`));
    }

    // JavaScript on '/': the scripts Chromium loaded (Lighthouse's network log), gzipped here
    // at level 9 so the figure does not depend on what the server negotiated.
    const home = results.get("/") ?? await lighthouse(`${base}/`);
    const scripts = (home.audits["network-requests"].details?.items ?? [])
      .filter((r) => r.resourceType === "Script" && r.url.startsWith(base));
    let gzipTotal = 0;
    let transferTotal = 0;
    const rows: string[] = [];
    for (const script of scripts) {
      const body = new Uint8Array(await (await fetch(script.url)).arrayBuffer());
      const gz = gzipSync(body, { level: 9 }).length;
      gzipTotal += gz;
      transferTotal += script.transferSize ?? 0;
      rows.push(`  ${kb(gz).padStart(9)} gz  ${kb(body.length).padStart(9)} raw  ${new URL(script.url).pathname}`);
    }
    console.log(`\nJavaScript on / (${scripts.length} files)`);
    console.log(rows.sort().reverse().join("\n"));
    console.log(
      `  total ${kb(gzipTotal)} gzipped (budget ${kb(JS_BUDGET_BYTES)}: ${gzipTotal <= JS_BUDGET_BYTES ? "OK" : "OVER"}),` +
        ` ${kb(transferTotal)} transferred (brotli where accepted)`,
    );

    // No staff-area code in any public chunk: the remote is reached only through its entry URL,
    // from a chunk '/' does not load, and none of the staff area's own strings ship publicly.
    const markers = await adminMarkers();
    const loadedOnHome = new Set(scripts.map((s) => new URL(s.url).pathname));
    const problems: string[] = [];
    let remoteLoaders = 0;
    const chunks = await filesUnder(publicAssets, ".js");
    for (const file of chunks) {
      const code = await Deno.readTextFile(file);
      const name = file.slice(`${repo}web-public/dist`.length);
      if (code.includes("/admin-app/")) {
        remoteLoaders++;
        if (loadedOnHome.has(name)) problems.push(`${name} (loaded on /) references the admin remote`);
      }
      const leaked = markers.filter((text) => code.includes(text));
      if (leaked.length) problems.push(`${name} holds staff-area strings: ${leaked.slice(0, 3).join(" | ")}`);
    }
    for (const path of loadedOnHome) if (path.startsWith("/admin-app/")) problems.push(`/ loads ${path}`);
    console.log(
      `\nAdmin code in public chunks: ${problems.length ? "FOUND" : "none"} ` +
        `(${chunks.length} chunks, ${markers.length} staff-area strings checked; ` +
        `${remoteLoaders} chunk(s) hold the remote's URL, loaded on /admin only)`,
    );
    for (const problem of problems) console.log(`  ${problem}`);

    // Lighthouse scores against the budgets.
    const categories = Object.keys(BUDGETS) as Category[];
    const header = ["page", ...categories.map((c) => `${c} (>=${BUDGETS[c]})`)];
    const table = [...results].map(([page, result]) => [
      page,
      ...categories.map((c) => {
        const score = Math.round((result.categories[c].score ?? 0) * 100);
        return `${score}${score >= BUDGETS[c] ? "" : " !"}`;
      }),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join(" | ");
    console.log(`\nLighthouse 12.8.2, mobile (! = under budget)`);
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
    for (const row of table) console.log(line(row));
    for (const [page, result] of results) {
      const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]
        .map((id) => `${id.replace(/-/g, " ")} ${result.audits[id]?.displayValue ?? "?"}`);
      console.log(`\n${page}: ${metrics.join(", ")}`);
      for (const c of categories) {
        const lost = lostPoints(result, c);
        if (lost.length) console.log(`  ${c}: ${lost.slice(0, 6).join("; ")}`);
      }
    }
  } finally {
    await servers.stop();
  }
}

await main();
