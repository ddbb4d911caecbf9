import { z } from "zod";

/** Unset and empty are the same to an operator. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

const flag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) =>
  ["true", "1", "yes"].includes(v)
);

const schema = z.object({
  PORT: optional(z.coerce.number().int().min(1).max(65_535)).transform((v) => v ?? 8000),
  HOST: optional(z.string()).transform((v) => v ?? "0.0.0.0"),
  /** PostgreSQL; without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  DATA_DIR: optional(z.string()).transform((v) => v ?? "./data"),
  JWT_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  TOKEN_TTL_HOURS: optional(z.coerce.number().positive().max(24 * 30)).transform((v) => v ?? 12),
  SUPERADMIN_EMAIL: optional(z.email()),
  SUPERADMIN_PASSWORD: optional(z.string().min(12, "must be at least 12 characters")),
  /** Demo catalogue and demo admin on an empty database; on by default for the embedded one. */
  SEED_DEMO: optional(flag),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
  MAIL_FROM: optional(z.string()).transform((v) => v ?? "Yarra Shine Cleaning <bookings@yarrashine.com.au>"),
  /**
   * The site's public address, e.g. https://yarrashine.com.au: links in e-mails, sitemap.xml and
   * canonical URLs. Required with DATABASE_URL; unset on the embedded database, e-mails carry no
   * links and pages use http://localhost:PORT.
   */
  SITE_URL: optional(
    z.string().regex(/^https?:\/\/[^\s/]+/, "must be an http:// or https:// address").transform((v) =>
      v.replace(/\/+$/, "")
    ),
  ),
  WEB_PUBLIC_DIST: optional(z.string()),
  WEB_ADMIN_DIST: optional(z.string()),
  /**
   * How many proxies in front of the API append to X-Forwarded-For (0: none, the socket's
   * address counts); true is one, as a single load balancer is the common case.
   */
  TRUST_PROXY: optional(
    z.union([
      z.enum(["true", "yes"]).transform(() => 1),
      z.enum(["false", "no"]).transform(() => 0),
      z.coerce.number().int().min(0).max(10),
    ]),
  ).transform((v) => v ?? 0),
  LOG_REQUESTS: optional(flag).transform((v) => v ?? true),
  /** Bookings, quotes and inquiries per client address per 10 minutes. */
  SUBMIT_RATE_LIMIT: optional(z.coerce.number().int().min(1)).transform((v) => v ?? 20),
  /** Availability checks per client address per minute. */
  AVAILABILITY_RATE_LIMIT: optional(z.coerce.number().int().min(1)).transform((v) => v ?? 120),
});

export type Config = z.output<typeof schema> & { seedDemo: boolean; embedded: boolean };

export class ConfigError extends Error {}

/** The only place that reads the environment (STYLE.md). */
export function loadConfig(
  env: Record<string, string | undefined>,
  /** false for command-line tools, which serve no pages and send no links. */
  { serving = true } = {},
): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  const embedded = !config.DATABASE_URL;
  if (!embedded && !config.JWT_SECRET) {
    // Several processes share one PostgreSQL: they must share the signing secret too.
    throw new ConfigError("Invalid configuration:\n  JWT_SECRET: required with DATABASE_URL");
  }
  if (serving && !embedded && !config.SITE_URL) {
    // Links in e-mails, canonical URLs and the sitemap must never come from a request's Host.
    throw new ConfigError(
      "Invalid configuration:\n  SITE_URL: required with DATABASE_URL (the public address, e.g. https://yarrashine.com.au)",
    );
  }
  if (!!config.SUPERADMIN_EMAIL !== !!config.SUPERADMIN_PASSWORD) {
    throw new ConfigError(
      "Invalid configuration:\n  SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD go together",
    );
  }
  return { ...config, embedded, seedDemo: config.SEED_DEMO ?? embedded };
}
