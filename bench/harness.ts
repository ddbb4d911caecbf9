/**
 * What every API benchmark starts with: the real app (start(), as `npm start` runs it) on a
 * fresh data dir and its own port, and a bare Hono route on the same runtime as the baseline.
 */
import { Hono } from "hono";
import { loadConfig } from "../api/config.ts";
import { start } from "../api/compose.ts";

export async function startBenchServers(extraEnv: Record<string, string> = {}) {
  const dataDir = await Deno.makeTempDir({ prefix: "yarra-bench-" });
  const config = loadConfig({
    SITE_URL: "http://localhost",
    ...Deno.env.toObject(),
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    SEED_DEMO: "true",
    ...extraEnv,
  });
  const started = await start(config);
  const appServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, started.app.fetch);
  const bare = new Hono().get("/ping", (c) => c.json({ ok: true }));
  const bareServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, bare.fetch);
  return {
    config,
    started,
    appUrl: `http://127.0.0.1:${appServer.addr.port}`,
    bareUrl: `http://127.0.0.1:${bareServer.addr.port}`,
    async stop() {
      await appServer.shutdown();
      await bareServer.shutdown();
      await started.close();
      await Deno.remove(dataDir, { recursive: true });
    },
  };
}

export const benchSettings = () => ({
  seconds: Number(Deno.env.get("BENCH_SECONDS") ?? 5),
  concurrency: Number(Deno.env.get("BENCH_CONCURRENCY") ?? 16),
});
