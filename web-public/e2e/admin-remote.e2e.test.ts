import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";

/**
 * The staff bundle deployed on its own origin, chosen at run time: `npm run serve:admin` on one
 * port, and a second API process (its own data dir) whose ADMIN_REMOTE_URL points there. The host
 * bundle is the one `npm run build` made, unchanged.
 */
const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
// Away from global-setup's 18000-19999.
const apiPort = 21_000 + Math.floor(Math.random() * 1_000) * 2;
const adminPort = apiPort + 1;
const apiOrigin = `http://127.0.0.1:${apiPort}`;
const adminOrigin = `http://127.0.0.1:${adminPort}`;
const remoteEntry = `${adminOrigin}/admin-app/assets/remoteEntry.js`;
const SUPERADMIN = { email: "admin@yarrashine.com.au", password: "ShineDemo-2024!" };

interface Started {
  child: ChildProcess;
  output: string[];
}

/** Starts a process in its own process group (npm runs deno as a child), waiting until `ready` answers. */
async function startProcess(command: string, args: string[], env: Record<string, string>, ready: string): Promise<Started> {
  const output: string[] = [];
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited:\n${output.join("")}`);
    try {
      if ((await fetch(ready)).ok) return { child, output };
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`${args.join(" ")} did not start:\n${output.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopProcess({ child }: Started) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid!, "SIGTERM");
  await exited;
}

const startAdminServer = () =>
  startProcess("npm", ["run", "serve:admin"], {
    ADMIN_PORT: String(adminPort),
    HOST: "127.0.0.1",
    ADMIN_ALLOWED_ORIGIN: apiOrigin,
    LOG_REQUESTS: "false",
  }, remoteEntry);

let browser: Browser;
let api: Started;
let admin: Started;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "yarra-e2e-remote-"));
  [admin, api] = await Promise.all([
    startAdminServer(),
    startProcess(
      join(repoRoot, "node_modules/.bin/deno"),
      ["run", "--allow-net", "--allow-read", "--allow-write", "--allow-env", "--allow-sys", "api/main.ts"],
      {
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: String(apiPort),
        SITE_URL: apiOrigin,
        ADMIN_REMOTE_URL: remoteEntry,
        LOG_REQUESTS: "false",
      },
      `${apiOrigin}/api/health`,
    ),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([admin, api].filter(Boolean).map(stopProcess));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Everything a page says in its console, its uncaught errors, CSP violations and the URLs it requested. */
async function watch(page: Page) {
  const seen = { console: [] as string[], errors: [] as string[], uncaught: [] as string[], requests: [] as string[] };
  page.on("console", (message) => {
    seen.console.push(`${message.type()}: ${message.text()}`);
    if (message.type() === "error") seen.errors.push(message.text());
  });
  page.on("pageerror", (error) => seen.uncaught.push(error.message));
  page.on("request", (request) => seen.requests.push(request.url()));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return seen;
}

async function logIn(page: Page) {
  await page.goto(`${apiOrigin}/admin/login`, { waitUntil: "networkidle" });
  await page.getByLabel("Email").fill(SUPERADMIN.email);
  await page.getByLabel("Password").fill(SUPERADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/admin\/schedule$/);
}

const couldNotLoad = (page: Page) => page.getByRole("heading", { name: "The staff area could not be loaded." });

describe("the staff bundle on its own origin, chosen at run time", () => {
  it("logs in, opens Bookings and logs out, with the remote's files from the admin origin and no CSP violation", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = await watch(page);
    await logIn(page);
    await page.getByRole("navigation", { name: "Staff screens" }).getByRole("link", { name: "Bookings" }).click();
    await page.waitForURL(/\/admin\/bookings$/);
    await page.getByRole("heading", { name: "Bookings", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole("heading", { name: "Log in" }).waitFor();

    expect(seen.errors).toEqual([]);
    expect(seen.uncaught).toEqual([]);
    expect(seen.console.filter((line) => /Content.Security.Policy|CSP/i.test(line))).toEqual([]);
    const remoteFiles = seen.requests.filter((url) => url.includes("/admin-app/"));
    expect(remoteFiles).toContain(remoteEntry);
    expect(remoteFiles.some((url) => /\/admin-app\/assets\/admin-app-[\w-]+\.js$/.test(url))).toBe(true);
    expect(remoteFiles.some((url) => /\/admin-app\/assets\/admin-app-[\w-]+\.css$/.test(url))).toBe(true);
    expect(remoteFiles.filter((url) => !url.startsWith(`${adminOrigin}/`))).toEqual([]);
    // The staff area's own calls go to the API the host uses.
    expect(seen.requests.some((url) => url.startsWith(`${apiOrigin}/api/`))).toBe(true);
    expect(seen.requests.filter((url) => url.includes("/api/") && !url.startsWith(`${apiOrigin}/api/`))).toEqual([]);
    await page.close();
  });

  it("with the admin server down, /admin says so with a retry, the public site works, and Try again loads it once it is back", async () => {
    await stopProcess(admin);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = await watch(page);
    await page.goto(`${apiOrigin}/admin/login`, { waitUntil: "networkidle" });
    await couldNotLoad(page).waitFor();
    const retry = page.getByRole("button", { name: "Try again" });
    await expect(retry.isVisible()).resolves.toBe(true);
    expect(seen.uncaught).toEqual([]);
    // The only complaints are about the remote that could not be fetched.
    expect(seen.errors.length).toBeGreaterThan(0);
    for (const line of seen.errors) {
      expect(line).toMatch(/ERR_CONNECTION_REFUSED|Failed to fetch dynamically imported module|Section failed to render/);
    }

    const home = await browser.newPage();
    const homeSeen = await watch(home);
    await home.goto(`${apiOrigin}/`, { waitUntil: "networkidle" });
    await home.getByRole("heading", { level: 1 }).waitFor();
    expect(homeSeen.errors).toEqual([]);
    expect(homeSeen.uncaught).toEqual([]);
    await home.close();

    admin = await startAdminServer();
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => navigations.push(frame.url()));
    await retry.click();
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    expect(navigations).toEqual([]); // no reload
    expect(seen.requests.filter((url) => url.startsWith(remoteEntry)).length).toBeGreaterThanOrEqual(2);
    expect(seen.uncaught).toEqual([]);
    await page.close();
  });

  it("a host whose React the remote was not built for: the federation's version check says so in the console, and the page says it could not load", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = await watch(page);
    // The remote's shared-module table, as if it had been built against a React the host lacks.
    await page.route(`${adminOrigin}/admin-app/assets/_virtual___federation_fn_import-*.js`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/requiredVersion:(["'`])\^19[^"'`]*\1/g, "requiredVersion:`^99.0.0`");
      await route.fulfill({ response, body });
    });
    await page.goto(`${apiOrigin}/admin/login`, { waitUntil: "networkidle" });
    await couldNotLoad(page).waitFor();
    expect(seen.console.some((line) => /provider support react/.test(line))).toBe(true);
    expect(seen.uncaught).toEqual([]);
    await page.close();
  });
});
