/**
 * Staff login: the same answer for an unknown e-mail and a wrong password. Every attempt is
 * counted before any password is checked, so a burst of parallel guesses verifies at most the
 * limit; the counts are per e-mail and address pair and per address, so a stranger elsewhere can
 * slow an admin's logins but never lock them out.
 */
import { err, ok, type Result } from "../shared/result.ts";
import {
  type AdminSessionStore,
  type AdminStore,
  type LoginThrottle,
  type PasswordHasher,
  PasswordHasherBusyError,
  type TokenService,
} from "./ports.ts";
import type { LoginInput } from "./schemas.ts";
import type { AdminUser } from "./types.ts";

export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password.",
  required: "Email and password are required.",
  emailRequired: "Email is required.",
  passwordRequired: "Password is required.",
  locked: "Too many failed logins. Please try again later.",
  busy: "The server is busy. Please try again in a moment.",
} as const;

/**
 * Attempts per 15-minute window: `perPair` for one e-mail from one address, `perAddress` for all
 * e-mails from one address (an office behind one NAT shares it). An e-mail's failures from any
 * address only slow its logins: after `slowAfter`, each waits `delayStepMs` more, up to `maxDelayMs`.
 */
export const LOGIN_LIMITS = {
  perPair: 10,
  perAddress: 50,
  slowAfter: 3,
  delayStepMs: 500,
  maxDelayMs: 4000,
  /** What a full hashing queue tells the client to wait. */
  busyRetryAfterSeconds: 1,
};

export const loginKeys = (email: string, clientAddress: string) => ({
  pair: `login-pair:${email}|${clientAddress}`,
  address: `login-address:${clientAddress}`,
  emailFailures: `login-email:${email}`,
});

/** The wait before checking a password, from the e-mail's failures so far. */
export const loginDelayMs = (failures: number): number =>
  failures < LOGIN_LIMITS.slowAfter
    ? 0
    : Math.min(LOGIN_LIMITS.maxDelayMs, (failures - LOGIN_LIMITS.slowAfter + 1) * LOGIN_LIMITS.delayStepMs);

export interface LoginSuccess {
  token: string;
  expiresAt: Date;
  /** Echoed by the staff bundle in a header on every write it sends with the session cookie. */
  csrfToken: string;
  user: Pick<AdminUser, "_id" | "name" | "email" | "role">;
}

export const BUSY_ERROR = {
  kind: "unavailable",
  code: "SERVICE_BUSY",
  message: LOGIN_MESSAGES.busy,
  details: { retryAfterSeconds: LOGIN_LIMITS.busyRetryAfterSeconds },
} as const;

export function makeLogin(deps: {
  admins: Pick<AdminStore, "findByEmail">;
  hasher: PasswordHasher;
  tokens: TokenService;
  sessions: Pick<AdminSessionStore, "start">;
  throttle: LoginThrottle;
  /** Waits; injected so tests need not. */
  sleep?: (ms: number) => Promise<void>;
  /** A real hash of nothing useful, verified for unknown e-mails so both paths cost the same. */
  decoyHash: string;
}) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const { throttle } = deps;
  /** `email` and `password` as loginSchema reads them (trimmed, lower-case e-mail). */
  return async ({ email, password }: LoginInput, clientAddress: string): Promise<Result<LoginSuccess>> => {
    const keys = loginKeys(email, clientAddress);
    const [pair, address] = await throttle.count([keys.pair, keys.address]);
    const over = [pair.count > LOGIN_LIMITS.perPair && pair, address.count > LOGIN_LIMITS.perAddress && address]
      .filter((count) => count !== false);
    if (over.length > 0) {
      return err({
        kind: "rate_limited",
        code: "LOGIN_LOCKED",
        message: LOGIN_MESSAGES.locked,
        details: { retryAfterSeconds: Math.max(...over.map((count) => count.retryAfterSeconds)) },
      });
    }
    const delay = loginDelayMs(await throttle.peek(keys.emailFailures));
    if (delay > 0) await sleep(delay);
    const admin = await deps.admins.findByEmail(email);
    let matches: boolean;
    try {
      matches = await deps.hasher.verify(admin?.passwordHash ?? deps.decoyHash, password);
    } catch (error) {
      if (!(error instanceof PasswordHasherBusyError)) throw error;
      // Nothing was checked: the attempt does not use up the person's budget.
      await throttle.forgive(keys.pair, 1);
      await throttle.forgive(keys.address, 1);
      return err(BUSY_ERROR);
    }
    if (!admin || !matches) {
      await throttle.count([keys.emailFailures]);
      return err({ kind: "unauthenticated", code: "INVALID_CREDENTIALS", message: LOGIN_MESSAGES.invalid });
    }
    // Forgive the attempts up to this one; those counted after it (a burst in flight) still count.
    await throttle.forgive(keys.pair, pair.count);
    await throttle.forgive(keys.address, 1);
    await throttle.clear(keys.emailFailures);
    const { sessionId, csrfToken } = await deps.sessions.start(admin._id);
    const { token, expiresAt } = await deps.tokens.issue(admin, sessionId);
    return ok({
      token,
      expiresAt,
      csrfToken,
      user: { _id: admin._id, name: admin.name, email: admin.email, role: admin.role },
    });
  };
}
