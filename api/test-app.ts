import type { AdminUser } from "../core/admin/types.ts";
/** Builds the same graph as compose.ts on a fresh test database, for app.request() tests. */
import { buildApp } from "./app.ts";
import { argon2Hasher } from "../adapters/security/password.ts";
import { describeOnTargets, type TestDatabase } from "../adapters/postgres/test-db.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { onEmailQueued } from "../adapters/postgres/outbox-repository.ts";
import { type AppDeps, DEFAULT_LIMITS } from "./app.ts";
import { makeAppDeps } from "./app-deps.ts";
import { makeMailer } from "./mailer.ts";
import type { Clock } from "../core/shared/ports.ts";
import type { PasswordHasher } from "../core/admin/ports.ts";

export type TestApp = ReturnType<typeof buildApp>;

export const TEST_JWT_SECRET = "test-secret-".padEnd(48, "x");

export interface TestAppOptions {
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  limits?: AppDeps["limits"];
  trustProxy?: number;
  /** Stands in for the database's health check (to see the 503 answer). */
  checkDatabase?: () => Promise<void>;
  /** Stands in for argon2id (to count verifications, or to see the busy answer). */
  hasher?: PasswordHasher;
  /** The site's address in the e-mails' links (the manage link); none by default. */
  mailSiteUrl?: string;
  /** Told when a change has committed e-mails to the outbox, as the outbox tells the relay. */
  onEmailQueued?: () => void;
}

/** Generous limits so tests that are not about abuse never meet them. */
export const TEST_LIMITS = {
  submit: { ...DEFAULT_LIMITS.submit, limit: 10_000 },
  availability: { ...DEFAULT_LIMITS.availability, limit: 10_000 },
};

export function buildTestApp(db: { sql: TestDatabase["sql"] }, options: TestAppOptions = {}): TestApp {
  if (options.onEmailQueued) onEmailQueued(db.sql, options.onEmailQueued);
  return buildApp({
    ...makeAppDeps(db.sql, {
      clock: options.clock,
      mailer: makeMailer(makeSettingsStore(db.sql), options.mailSiteUrl),
      jwtSecret: TEST_JWT_SECRET,
      tokenTtlHours: 12,
      sleep: options.sleep ?? (() => Promise.resolve()),
      hasher: options.hasher,
    }),
    limits: options.limits ?? TEST_LIMITS,
    trustProxy: options.trustProxy ?? 1,
    ...(options.checkDatabase ? { checkDatabase: options.checkDatabase } : {}),
  });
}

/** The site address of manageApp's e-mails, so a test can read the link's token out of them. */
export const MANAGE_SITE_URL = "https://yarrashine.test";

/** The test app with a site URL (so e-mails carry the manage link) and a clock the test moves. */
export function manageApp(db: { sql: TestDatabase["sql"] }, clock: Clock, onEmailQueued?: () => void): TestApp {
  return buildTestApp(db, { clock, mailSiteUrl: MANAGE_SITE_URL, onEmailQueued });
}

/** Counts argon2 verifications, the work a password guess costs. */
export function countingHasher(): PasswordHasher & { verified: () => number } {
  let verified = 0;
  return {
    hash: (password) => argon2Hasher.hash(password),
    verify: (hash, password) => {
      verified++;
      return argon2Hasher.verify(hash, password);
    },
    verified: () => verified,
  };
}

/** One Deno test per database target, with the demo data seeded. */
export function describeApi(
  name: string,
  fn: (t: Deno.TestContext, app: TestApp, db: TestDatabase) => Promise<void>,
): void {
  describeOnTargets(name, async (t, db) => {
    await seedDemoData(db.sql);
    await fn(t, buildTestApp(db), db);
  });
}

export const json = async (response: Response) => ({ status: response.status, body: await response.json() });

/** An admin of the given role and a valid bearer header for it, for tests of the staff calls. */
export async function adminSession(
  db: { sql: TestDatabase["sql"] },
  role: "admin" | "superadmin",
  email = `${role}-${crypto.randomUUID().slice(0, 8)}@yarrashine.com.au`,
  /** Issue the token at this time (match the test app's clock). */
  now: Date = new Date(),
) {
  const { makeAdminStore } = await import("../adapters/postgres/admin-repository.ts");
  const admin = await makeAdminStore(db.sql).insert({ name: `Test ${role}`, email, role, passwordHash: "x" });
  return await sessionOf(db, admin, now);
}

/** A new session (and its bearer token) for an admin who already exists, as a fresh login gives. */
export async function sessionOf<A extends AdminUser>(
  db: { sql: TestDatabase["sql"] },
  admin: A,
  now: Date = new Date(),
) {
  const { makeJwtTokens } = await import("../adapters/security/jwt.ts");
  const { makeAdminSessionStore } = await import("../adapters/postgres/admin-sessions-repository.ts");
  const { sessionId } = await makeAdminSessionStore(db.sql).start(admin._id);
  const { token } = await makeJwtTokens(TEST_JWT_SECRET, 12, () => now).issue(admin, sessionId);
  return { admin, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Rate limits count in fixed windows of the database's clock. A test that fills a budget waits
 * while the current window has under `marginSeconds` left, so its requests share one window.
 */
export async function awayFromWindowEdge(windowSeconds: number, marginSeconds = 5): Promise<void> {
  const left = windowSeconds - (Date.now() / 1000) % windowSeconds;
  if (left < marginSeconds) await new Promise((resolve) => setTimeout(resolve, (left + 0.25) * 1000));
}
