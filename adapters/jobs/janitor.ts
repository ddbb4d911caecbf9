/**
 * Forgets what has outlived its use, every 10 minutes, on the one job runner (runner.ts): expired
 * idempotency keys, old rate-limit windows, expired device cookies' attempts, staff sessions older
 * than a token lives and old sent e-mails. Each is one DELETE by age, so several processes may
 * sweep at once: a row goes once, whoever deletes it.
 */
import { makeAdminSessionStore } from "../postgres/admin-sessions-repository.ts";
import type { Sql } from "../postgres/db.ts";
import { makeIdempotencyStore } from "../postgres/idempotency-repository.ts";
import { makeDeviceAttempts } from "../postgres/login-throttle.ts";
import { deleteSentEmails } from "../postgres/outbox-repository.ts";
import { makeRateLimitStore } from "../postgres/rate-limit-repository.ts";
import { type JobLog, type JobRunner, makeJobRunner } from "./runner.ts";

/** Delivered e-mails are kept this long for support questions ("did my confirmation go?"). */
export const SENT_EMAIL_RETENTION_DAYS = 30;
/** The rate limits count in windows of minutes: a window a day old counts for nothing. */
const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

export interface JanitorOptions {
  sql: Sql;
  /** How long a staff token lives (TOKEN_TTL_HOURS): a session older than that can't be used. */
  tokenTtlHours: number;
  log?: JobLog;
}

export interface Janitor extends JobRunner {
  /** One sweep. Rejects when the database cannot be reached. */
  runOnce(): Promise<void>;
}

export function makeJanitor(options: JanitorOptions): Janitor {
  const { sql, tokenTtlHours } = options;
  async function runOnce(): Promise<void> {
    await makeIdempotencyStore(sql).deleteExpired();
    await makeRateLimitStore(sql).deleteOlderThan(RATE_LIMIT_RETENTION_SECONDS);
    await makeDeviceAttempts(sql).deleteExpired();
    await makeAdminSessionStore(sql).deleteOlderThan(tokenTtlHours);
    await deleteSentEmails(sql, SENT_EMAIL_RETENTION_DAYS);
  }
  const runner = makeJobRunner({
    name: "janitor",
    intervalMs: 10 * 60_000,
    log: options.log,
    work: async () => {
      await runOnce();
      return { more: false };
    },
  });
  return { runOnce, ...runner };
}
