import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "./config.ts";
import { buildApp, DEFAULT_LIMITS } from "./app.ts";
import { makeAppDeps } from "./app-deps.ts";
import { makeMailer } from "./mailer.ts";
import { type Database, MIGRATION_TIMEOUTS, openDatabase } from "../adapters/postgres/db.ts";
import { migrate } from "../adapters/postgres/migrate.ts";
import { ensureBusinessProfile, seedDemoData } from "../adapters/postgres/seed.ts";
import { makeAdminStore } from "../adapters/postgres/admin-repository.ts";
import { argon2Hasher } from "../adapters/security/password.ts";
import { makePasswordPool } from "../adapters/security/password-pool.ts";
import { makeOutboxRelay } from "../adapters/jobs/outbox-relay.ts";
import { makeReminderJob } from "../adapters/jobs/reminders.ts";
import { makeCleanerNoticeJob } from "../adapters/jobs/cleaner-notices.ts";
import { makeFeedbackRequestJob } from "../adapters/jobs/feedback-requests.ts";
import { makeSeriesPlanningJob } from "../adapters/jobs/series-planning.ts";
import { makeJanitor } from "../adapters/jobs/janitor.ts";
import { isUniqueViolation } from "../adapters/postgres/transaction.ts";
import { makeSmtpTransport } from "../adapters/email/smtp-transport.ts";
import { makeMailboxTransport } from "../adapters/email/mailbox-transport.ts";
import { startDatabaseCache } from "../adapters/cache/database-cache.ts";
import { stdoutLines } from "./middleware/request-log.ts";
import { DEMO_ADMIN_PASSWORD } from "../core/admin/password-policy.ts";

/** The demo superadmin of the embedded install; printed at start while its password works. */
export const DEMO_ADMIN = {
  name: "Demo Owner",
  email: "admin@yarrashine.com.au",
  // Stored as it is (the seed bypasses the policy); the policy refuses it to anyone choosing a password.
  password: DEMO_ADMIN_PASSWORD,
};

const repoPath = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

export interface Started {
  app: ReturnType<typeof buildApp>;
  db: Database;
  /** Where e-mail goes: the SMTP server, or the .eml folder. */
  mail: string;
  /** What to print about logging in, if anything. */
  adminLogin: { email: string; password?: string } | null;
  jwtSecret: string;
  close(): Promise<void>;
}

/** The composition root: adapters -> use cases -> app. Tests build the same graph. */
export async function start(config: Config): Promise<Started> {
  const target = config.DATABASE_URL
    ? { url: config.DATABASE_URL }
    : { dataDir: `${config.DATA_DIR}/pglite` };
  const db = await openDatabase(target);
  // Migrations may wait for another process's lock and run long DDL: a pool without the request
  // timeouts, closed before serving (opened second, so the embedded database stays up).
  const migrations = await openDatabase({ ...target, max: 1, timeouts: MIGRATION_TIMEOUTS });
  try {
    await migrate(migrations.sql);
  } catch (error) {
    await db.close();
    throw error;
  } finally {
    await migrations.close();
  }
  // argon2id for logins and account changes runs on workers, never on the loop serving the site,
  // and leaves that loop a core of its own.
  const passwordPool = makePasswordPool({ workers: Math.max(1, Math.min(2, navigator.hardwareConcurrency - 1)) });
  try {
    // Issue 28: the demo opens closed on the national public holidays of this year and the next;
    // issue 32: with eight weeks of past work, so its reports and ratings show something.
    if (config.seedDemo) await seedDemoData(db.sql, { closeNationalHolidaysFrom: new Date(), demoHistoryBefore: new Date() });
    await ensureBusinessProfile(db.sql);
    const adminLogin = await ensureFirstAdmin(db, config);
    const jwtSecret = config.JWT_SECRET ?? await embeddedJwtSecret(config.DATA_DIR);
    // Issue 18: the catalogue, settings and closed dates from memory, told of every change by the
    // tables' NOTIFY (on PostgreSQL whichever process wrote). db.close() ends its listening connection.
    const readCache = await startDatabaseCache(db);
    const transport = config.SMTP_URL
      ? makeSmtpTransport(config.SMTP_URL)
      : makeMailboxTransport(join(config.DATA_DIR, "mail"));
    // The jobs, each on the one job runner (adapters/jobs/runner.ts). The relay is woken by every
    // transaction that queues an e-mail, once it commits (adapters/postgres/outbox-repository.ts).
    const relay = makeOutboxRelay({ sql: db.sql, transport, from: config.MAIL_FROM });
    relay.start();
    const siteUrl = config.SITE_URL ?? `http://localhost:${config.PORT}`;
    // The profile and content every e-mail quotes, from memory too.
    const mailer = makeMailer(readCache.settings, siteUrl, config.EMAIL_LOGO_URL ?? `${siteUrl}/apple-touch-icon.png`);
    const reminders = makeReminderJob({ sql: db.sql, context: mailer.context });
    reminders.start();
    // Issue 31: cleaners told of the jobs they are put on, moved on or taken off, and the run sheet.
    const cleanerNotices = makeCleanerNoticeJob({ sql: db.sql, context: mailer.context });
    cleanerNotices.start();
    // Issue 32: feedback requests sent hours after a job's end (when the settings ask for a delay).
    const feedbackRequests = makeFeedbackRequestJob({ sql: db.sql, context: mailer.context });
    feedbackRequests.start();
    // Issue 17: the visits of the series of regular cleans, planned ahead (and at once after a booking starts one).
    const seriesJob = makeSeriesPlanningJob({ sql: db.sql });
    seriesJob.start();
    const janitor = makeJanitor({ sql: db.sql, tokenTtlHours: config.TOKEN_TTL_HOURS });
    janitor.start();
    const deps = makeAppDeps(db.sql, {
      mailer,
      jwtSecret,
      tokenTtlHours: config.TOKEN_TTL_HOURS,
      hasher: passwordPool,
      siteUrl,
      // Issue 29: logins from a browser with a device cookie go ahead of a flood's queue.
      trustedHasher: passwordPool.trusted,
      readCache,
      onSeriesStarted: () => seriesJob.wake(),
      // Issue 30: card payments only with both Stripe keys (config.ts refuses one alone).
      stripe: config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE }
        : undefined,
    });
    const app = buildApp({
      ...deps,
      trustProxy: config.TRUST_PROXY,
      limits: {
        submit: { ...DEFAULT_LIMITS.submit, limit: config.SUBMIT_RATE_LIMIT },
        availability: { ...DEFAULT_LIMITS.availability, limit: config.AVAILABILITY_RATE_LIMIT },
      },
      web: {
        publicDist: config.WEB_PUBLIC_DIST ?? repoPath("web-public/dist"),
        adminDist: config.WEB_ADMIN_DIST ?? repoPath("web-admin/dist"),
        siteUrl: config.SITE_URL ?? `http://localhost:${config.PORT}`,
        adminRemoteUrl: config.ADMIN_REMOTE_URL,
      },
      logRequests: config.LOG_REQUESTS,
    });
    return {
      app,
      db,
      mail: transport.describe(),
      adminLogin,
      jwtSecret,
      close: async () => {
        await readCache.stop();
        await janitor.stop();
        await reminders.stop();
        await cleanerNotices.stop();
        await feedbackRequests.stop();
        await seriesJob.stop();
        await relay.stop();
        // The abuse counts this process has not yet added to the shared table.
        await deps.rateLimitStore.flush().catch(() => {});
        await transport.close();
        passwordPool.close();
        await db.close();
        await stdoutLines.flush();
      },
    };
  } catch (error) {
    passwordPool.close();
    await db.close();
    throw error;
  }
}

/**
 * The first superadmin: from SUPERADMIN_EMAIL/PASSWORD, else the demo one when demo data is on.
 * Returns the login to print; the demo password only while it still works.
 */
async function ensureFirstAdmin(db: Database, config: Config) {
  const admins = makeAdminStore(db.sql);
  const wanted = config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD
    ? { name: "Owner", email: config.SUPERADMIN_EMAIL, password: config.SUPERADMIN_PASSWORD }
    : config.seedDemo
    ? DEMO_ADMIN
    : null;
  if (await admins.count() === 0) {
    if (!wanted) return null;
    await admins.insert({
      name: wanted.name,
      email: wanted.email,
      role: "superadmin",
      passwordHash: await argon2Hasher.hash(wanted.password),
    }).catch((error) => {
      // Another process created it first.
      if (!isUniqueViolation(error)) throw error;
    });
  }
  if (wanted !== DEMO_ADMIN) return wanted ? { email: wanted.email } : null;
  const demo = await admins.findByEmail(DEMO_ADMIN.email);
  if (!demo?.passwordHash || !await argon2Hasher.verify(demo.passwordHash, DEMO_ADMIN.password)) return null;
  return { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
}

/** With the embedded database and no JWT_SECRET, one is made once and kept in the data dir. */
async function embeddedJwtSecret(dataDir: string): Promise<string> {
  const path = `${dataDir}/jwt-secret`;
  try {
    const existing = (await Deno.readTextFile(path)).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const secret = Array.from(crypto.getRandomValues(new Uint8Array(48)), (b) =>
    b.toString(16).padStart(2, "0")).join("");
  await Deno.writeTextFile(path, secret, { mode: 0o600 });
  return secret;
}
