import { ConfigError, loadConfig } from "./config.ts";
import { start } from "./compose.ts";

let config;
try {
  config = loadConfig(Deno.env.toObject());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}

/**
 * The last resort (issue 29): an error nothing caught, from a timer or a promise nobody awaited, is
 * logged with its stack and the process keeps serving, so one such fault cannot take the site (and
 * every replica hitting the same fault) down. It is a bug all the same: it is logged at error
 * level. Only this entry point installs it; tests never load main.ts, so Deno's test runner still
 * fails a test on any unhandled error.
 */
const logUnhandled = (kind: string) => (event: ErrorEvent | PromiseRejectionEvent) => {
  event.preventDefault();
  const error = event instanceof ErrorEvent ? event.error : event.reason;
  console.error(JSON.stringify({
    level: "error",
    message: `${kind}, kept serving: ${error instanceof Error ? error.message : String(error)}`,
    stack: error instanceof Error ? error.stack : undefined,
  }));
};
globalThis.addEventListener("error", logUnhandled("uncaught error"));
globalThis.addEventListener("unhandledrejection", logUnhandled("unhandled rejection"));

const started = await start(config);
const server = Deno.serve({
  port: config.PORT,
  hostname: config.HOST,
  onListen: () => {
    const url = `http://localhost:${config.PORT}/`;
    const lines = [
      "",
      `  Yarra Shine is running at ${url}`,
      `  Admin area:  ${url}admin`,
      `  API health:  ${url}api/health`,
      `  E-mail:      ${started.mail}`,
      `  Database:    ${config.embedded ? `embedded PGlite in ${config.DATA_DIR}/pglite` : "PostgreSQL (DATABASE_URL)"}`,
    ];
    if (started.adminLogin) {
      lines.push(
        started.adminLogin.password
          ? `  Admin login: ${started.adminLogin.email} / ${started.adminLogin.password}`
          : `  Admin login: ${started.adminLogin.email} (password from SUPERADMIN_PASSWORD)`,
      );
    }
    console.log(lines.join("\n") + "\n");
  },
}, started.app.fetch);

const shutdown = async () => {
  await server.shutdown();
  await started.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
