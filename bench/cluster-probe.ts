/**
 * What one API process holds at rest, for bench/cluster.bench.ts's memory lines: the app started
 * exactly as api/main.ts starts it (same environment, same database), garbage collected, then
 * Deno.memoryUsage() printed as one JSON line. Run with --v8-flags=--expose-gc.
 */
import { loadConfig } from "../api/config.ts";
import { start } from "../api/compose.ts";

const started = await start(loadConfig(Deno.env.toObject()));
// Let the relay's and reminders' first rounds settle, then collect what start-up left behind.
await new Promise((resolve) => setTimeout(resolve, 500));
(globalThis as { gc?: () => void }).gc?.();
console.log(JSON.stringify(Deno.memoryUsage()));
await started.close();
