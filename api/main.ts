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
