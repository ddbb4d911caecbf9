/**
 * The web budgets, measured on the built bundles (`npm run build` first; this builds nothing):
 * JavaScript on '/' (gzipped), the staff area's first load (gzipped, up to its login screen, the
 * remote included), no staff-area code in public chunks, and Lighthouse 12.8.2 (mobile, default
 * config) on /, /services, /book-now and a customer's manage page. A bench, not a test: it prints
 * figures and exits 0 unless it cannot run.
 *
 *   npm run bench:web            (deno run ... bench/web-budgets.ts)
 *   BENCH_WEB_PAGES=/,/faq,/manage npm run bench:web
 *
 * `/manage` stands for the manage page of a booking this bench makes through the API (the link
 * comes from the customer's e-mail, as in web-public/e2e); its token is never printed.
 */
import { gzipSync } from "node:zlib";
import { startBenchServers } from "./harness.ts";

const repo = new URL("../", import.meta.url).pathname;
const publicAssets = `${repo}web-public/dist/assets`;
const JS_BUDGET_BYTES = 85 * 1000;
// Scripts and style sheets, host and remote, until the staff area's login screen is shown.
const STAFF_FIRST_LOAD_BUDGET_BYTES = 200 * 1000;
const MANAGE_PAGE = "/manage";
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
  finalDisplayedUrl: string;
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

/** Lighthouse on a page: the budgeted categories, or (`networkOnly`) just what the page loaded. */
async function lighthouse(url: string, { networkOnly = false } = {}): Promise<LighthouseResult> {
  const out = await new Deno.Command("node", {
    args: [
      `${repo}node_modules/lighthouse/cli/index.js`,
      url,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--chrome-flags=${CHROME_FLAGS}`,
      networkOnly ? "--only-audits=network-requests" : "--only-categories=performance,accessibility,best-practices,seo",
    ],
    env: { CHROME_PATH: Deno.env.get("CHROME_PATH") ?? "/usr/bin/chromium" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    const message = `lighthouse failed on ${url}:\n${new TextDecoder().decode(out.stderr).slice(-2000)}`;
    throw new Error(message.replace(/\/manage\/[A-Za-z0-9_-]+/g, "/manage/…")); // a token is a secret
  }
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

interface LoadedFile {
  path: string;
  raw: number;
  gzipped: number;
  transferred: number;
}

/**
 * The files of the given kinds the page loaded from this server (Lighthouse's network log), each
 * gzipped here at level 9 so the figure does not depend on what the server negotiated.
 */
async function loadedFiles(result: LighthouseResult, base: string, kinds: string[]): Promise<LoadedFile[]> {
  const requests = (result.audits["network-requests"].details?.items ?? [])
    .filter((r) => kinds.includes(r.resourceType ?? "") && r.url.startsWith(base));
  const files: LoadedFile[] = [];
  for (const request of requests) {
    const body = new Uint8Array(await (await fetch(request.url)).arrayBuffer());
    files.push({
      path: new URL(request.url).pathname,
      raw: body.length,
      gzipped: gzipSync(body, { level: 9 }).length,
      transferred: request.transferSize ?? 0,
    });
  }
  return files;
}

/** Prints the files largest first and their total against the budget. */
function printLoad(title: string, files: LoadedFile[], budget: number) {
  const total = files.reduce((sum, f) => sum + f.gzipped, 0);
  const transferred = files.reduce((sum, f) => sum + f.transferred, 0);
  console.log(`\n${title} (${files.length} files)`);
  for (const f of [...files].sort((a, b) => b.gzipped - a.gzipped)) {
    console.log(`  ${kb(f.gzipped).padStart(9)} gz  ${kb(f.raw).padStart(9)} raw  ${f.path}`);
  }
  console.log(
    `  total ${kb(total)} gzipped (budget ${kb(budget)}: ${total <= budget ? "OK" : "OVER"}),` +
      ` ${kb(transferred)} transferred (brotli where accepted)`,
  );
}

/**
 * A booking made through the public API as a customer would (the hourly service, the first free
 * start in the coming weeks), and the path of its manage page, read from the customer's e-mail
 * in the server's mailbox as web-public/e2e does.
 */
async function bookAndFindManagePath(base: string, dataDir: string): Promise<string> {
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`);
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return await response.json() as T;
  };
  const { items: services } = await getJson<{ items: { _id: string; pricingModel: string }[] }>("/api/services");
  const service = services.find((s) => s.pricingModel === "HOURLY");
  if (!service) throw new Error("the demo catalogue has no hourly service");
  const { items: questions } = await getJson<{ items: { _id: string; required: boolean; options: { value: string }[] }[] }>(
    `/api/questions?serviceId=${service._id}`,
  );
  const answers = questions.filter((q) => q.required)
    .map((q) => ({ questionId: q._id, value: q.options[0]?.value ?? "Front door" }));
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const hours = 2;
  const { days } = await getJson<{ days: { slots?: { startTimeISO: string; available: boolean }[] }[] }>(
    `/api/availability?from=${day(2)}&to=${day(40)}&serviceId=${service._id}&hours=${hours}`,
  );
  const start = days.flatMap((d) => d.slots ?? []).find((slot) => slot.available)?.startTimeISO;
  if (!start) throw new Error("no free start in the coming weeks");
  const email = `bench.manage.${Date.now()}@example.com`;
  const booked = await fetch(`${base}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Ada", lastName: "Bench", email, phone: "0412 345 678",
      address: { street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" },
      serviceId: service._id, servicePricingModel: "HOURLY", hours, extras: [],
      startTimeISO: start, frequencyCode: "ONE_TIME", answers, notes: "",
    }),
  });
  if (booked.status !== 201) throw new Error(`POST /api/bookings: ${booked.status} ${await booked.text()}`);

  const mailbox = `${dataDir}/mail`;
  const addressedTo = new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "mi");
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const file of await filesUnder(mailbox, ".eml")) {
      // Quoted-printable soft line breaks undone, so the link reads whole.
      const eml = (await Deno.readTextFile(file)).replace(/=\r?\n/g, "");
      const link = addressedTo.test(eml) ? /\/manage\/[A-Za-z0-9_-]{43}/.exec(eml) : null;
      if (link) return link[0];
    }
    if (Date.now() > deadline) throw new Error(`no e-mail with a manage link to ${email} in ${mailbox}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
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
    const pages = (Deno.env.get("BENCH_WEB_PAGES") ?? `/,/services,/book-now,${MANAGE_PAGE}`).split(",");
    const results = new Map<string, LighthouseResult>();
    for (const page of pages) {
      console.log(`Lighthouse ${page} ...`);
      const path = page === MANAGE_PAGE ? await bookAndFindManagePath(base, servers.config.DATA_DIR) : page;
      results.set(page, await lighthouse(`${base}${path}`));
    }

    // JavaScript on '/': the scripts Chromium loaded.
    const home = results.get("/") ?? await lighthouse(`${base}/`);
    const scripts = await loadedFiles(home, base, ["Script"]);
    printLoad("JavaScript on /", scripts, JS_BUDGET_BYTES);

    // The staff area's first load: /admin, signed out, until its login screen (the host's files,
    // the remote's entry and the chunks the login screen needs).
    console.log(`\nLoading /admin ...`);
    const staff = await lighthouse(`${base}/admin`, { networkOnly: true });
    printLoad(
      `The staff area's first load, scripts and style sheets (/admin, ended on ${new URL(staff.finalDisplayedUrl).pathname})`,
      await loadedFiles(staff, base, ["Script", "Stylesheet"]),
      STAFF_FIRST_LOAD_BUDGET_BYTES,
    );

    // No staff-area code in any public chunk: the remote is reached only through its entry URL,
    // from a chunk '/' does not load, and none of the staff area's own strings ship publicly.
    const markers = await adminMarkers();
    const loadedOnHome = new Set(scripts.map((s) => s.path));
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
