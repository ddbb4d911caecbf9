import { z } from "zod";
import { domainOf, quickPasswordProblem } from "../core/admin/password-policy.ts";
import { commonPasswords } from "../adapters/security/common-passwords.ts";

/** Unset and empty are the same to an operator. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

const flag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) =>
  ["true", "1", "yes"].includes(v)
);

/**
 * Where web-admin's build puts the remote's entry file (Vite `base` /admin-app/, federation
 * `filename` remoteEntry.js). Its chunks are imported by this absolute path from the entry, so the
 * bundle keeps it on whichever origin serves it.
 */
export const ADMIN_REMOTE_ENTRY_PATH = "/admin-app/assets/remoteEntry.js";

/** localhost, *.localhost, 127.0.0.0/8 and [::1]: a browser treats them as secure without TLS. */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === "localhost" || hostname.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(hostname) ||
  hostname === "[::1]";

const port = z.coerce.number().int().min(1).max(65_535);

/** The admin remote's entry file on another origin, e.g. https://staff.example.com/admin-app/assets/remoteEntry.js. */
const remoteEntryUrl = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : null;
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (!url || !["http:", "https:"].includes(url.protocol)) {
    return fail(`must be an absolute URL (https://), e.g. https://staff.example.com${ADMIN_REMOTE_ENTRY_PATH}`);
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== ADMIN_REMOTE_ENTRY_PATH) {
    return fail(`must name the admin bundle's entry file, ${url.origin}${ADMIN_REMOTE_ENTRY_PATH}`);
  }
  return url.href;
});

const schema = z.object({
  PORT: optional(port).transform((v) => v ?? 8000),
  HOST: optional(z.string()).transform((v) => v ?? "0.0.0.0"),
  /** PostgreSQL; without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  DATA_DIR: optional(z.string()).transform((v) => v ?? "./data"),
  JWT_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  TOKEN_TTL_HOURS: optional(z.coerce.number().positive().max(24 * 30)).transform((v) => v ?? 12),
  SUPERADMIN_EMAIL: optional(z.email()),
  /** Any admin's rules (checked below with the e-mail and SITE_URL): 12+ characters, not repetitive, not common. */
  SUPERADMIN_PASSWORD: optional(z.string()),
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
  /**
   * The logo at the top of the customer's e-mails: a PNG (SVG shows in few mail clients) at a
   * public address. Default: the site's own /apple-touch-icon.png (180 x 180), under SITE_URL.
   */
  EMAIL_LOGO_URL: optional(z.string().regex(/^https?:\/\/[^\s/]+\/\S*$/, "must be an http:// or https:// address of an image")),
  WEB_PUBLIC_DIST: optional(z.string()),
  WEB_ADMIN_DIST: optional(z.string()),
  /**
   * The staff bundle deployed on its own origin: its entry file's URL, handed to every page this
   * process serves and allowed by the CSP. Unset, this process serves web-admin/dist at /admin-app/.
   */
  ADMIN_REMOTE_URL: optional(remoteEntryUrl),
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
  /**
   * Issue 30: card payments through Stripe Checkout, on only when both are set (sk_test_... and
   * the webhook endpoint's whsec_...). Without them nothing about payments shows.
   */
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\S+$/, "must be a Stripe secret key (sk_test_... or sk_live_...)")),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\S+$/, "must be a webhook signing secret (whsec_...)")),
  /** Only to point the Stripe client at a local stand-in in tests, e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: optional(z.string().regex(/^https?:\/\/[^\s/]+\/?$/, "must be an http:// or https:// origin")),
}).superRefine((env, ctx) => {
  if (!env.SUPERADMIN_PASSWORD) return;
  // Synchronously and without the guessability dictionaries: the business's name is not known
  // before the database is open, its site and the account's e-mail are.
  const problem = quickPasswordProblem(env.SUPERADMIN_PASSWORD, commonPasswords, {
    businessNames: [],
    domains: [domainOf(env.SITE_URL)],
    emails: [env.SUPERADMIN_EMAIL],
  });
  if (problem) ctx.addIssue({ code: "custom", path: ["SUPERADMIN_PASSWORD"], message: problem });
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
  if (
    !embedded && config.ADMIN_REMOTE_URL && new URL(config.ADMIN_REMOTE_URL).protocol === "http:" &&
    !isLoopbackHost(new URL(config.ADMIN_REMOTE_URL).hostname)
  ) {
    // The staff area's code must not be open to rewriting on the way: TLS outside a developer's machine.
    throw new ConfigError(
      "Invalid configuration:\n  ADMIN_REMOTE_URL: must be an https:// URL with DATABASE_URL (http:// only on a loopback host)",
    );
  }
  if (!!config.STRIPE_SECRET_KEY !== !!config.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together");
  }
  if (!!config.SUPERADMIN_EMAIL !== !!config.SUPERADMIN_PASSWORD) {
    throw new ConfigError(
      "Invalid configuration:\n  SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD go together",
    );
  }
  return { ...config, embedded, seedDemo: config.SEED_DEMO ?? embedded };
}

/** The admin bundle's own static server (api/serve-admin.ts, `npm run serve:admin`). */
export interface AdminServerConfig {
  port: number;
  host: string;
  adminDist?: string;
  /** The host pages' origins, the only ones CORS lets load the remote's modules. */
  allowedOrigins: string[];
  logRequests: boolean;
}

/** An origin alone (scheme, host, port): what a browser sends in its Origin header. */
const origin = z.string().trim().refine(
  (value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol) &&
    new URL(value).origin === value.replace(/\/$/, ""),
  "must be origins (scheme://host[:port], no path), separated by commas",
).transform((value) => new URL(value).origin);

const adminServerSchema = z.object({
  ADMIN_PORT: optional(port).transform((v) => v ?? 8001),
  HOST: optional(z.string()).transform((v) => v ?? "0.0.0.0"),
  WEB_ADMIN_DIST: optional(z.string()),
  /** Comma-separated; default: SITE_URL's origin, else the local API's http://localhost:8000. */
  ADMIN_ALLOWED_ORIGIN: optional(z.string().transform((v) => v.split(",")).pipe(z.array(origin))),
  SITE_URL: optional(z.string().regex(/^https?:\/\/[^\s/]+/, "must be an http:// or https:// address")),
  LOG_REQUESTS: optional(flag).transform((v) => v ?? true),
});

export function loadAdminServerConfig(env: Record<string, string | undefined>): AdminServerConfig {
  const parsed = adminServerSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path[0] as string}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${[...new Set(lines)].join("\n")}`);
  }
  const config = parsed.data;
  return {
    port: config.ADMIN_PORT,
    host: config.HOST,
    adminDist: config.WEB_ADMIN_DIST,
    allowedOrigins: config.ADMIN_ALLOWED_ORIGIN ??
      [config.SITE_URL ? new URL(config.SITE_URL).origin : "http://localhost:8000"],
    logRequests: config.LOG_REQUESTS,
  };
}
