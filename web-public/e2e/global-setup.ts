import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** Starts the real server on a fresh data dir and a free port; stops it afterwards. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), "yarra-e2e-"));
  const port = 18_000 + Math.floor(Math.random() * 2_000);
  const output: string[] = [];
  const server: ChildProcess = spawn(
    join(repoRoot, "node_modules/.bin/deno"),
    ["run", "--allow-net", "--allow-read", "--allow-write", "--allow-env", "--allow-sys", "api/main.ts"],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: String(port),
        SITE_URL: `http://127.0.0.1:${port}`,
        LOG_REQUESTS: "false",
        // Every file books from 127.0.0.1 against this one server: a whole run makes more than
        // the default 20 submissions per 10 minutes. The limit itself is tested in api/.
        SUBMIT_RATE_LIMIT: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout?.on("data", (chunk) => output.push(String(chunk)));
  server.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output.join("")}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await rm(dataDir, { recursive: true, force: true });
  };
}
