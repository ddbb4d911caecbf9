/**
 * Staff login: the same answer for an unknown e-mail and a wrong password. Every attempt is
 * counted before any password is checked, so a burst of parallel guesses verifies at most the
 * limit; the counts are per e-mail and address pair and per address, so a stranger elsewhere can
 * slow an admin's logins but never lock them out.
 *
 * Issue 29, OWASP's device cookies: a browser that logged in as an e-mail before carries a signed
 * cookie naming it. Its logins for that e-mail are counted against that cookie alone (never the
 * pair, address or e-mail counters strangers fill), wait for no e-mail delay and check the password
 * in the hasher's reserved lane, so a flood from many addresses cannot keep the office out. Past
 * `perDevice` attempts the cookie is never trusted again; a success replaces it with a new one.
 */
import { declareError, type DomainError, err, type ErrorOf, ok, type Result } from "../shared/result.ts";
import {
  type AdminSessionStore,
  type AdminStore,
  type LoginThrottle,
  type PasswordHasher,
  PasswordHasherBusyError,
  type TokenService,
} from "./ports.ts";
import type { LoginInput } from "./schemas.ts";
import type { StaffUser, StaffWithHash } from "./types.ts";

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
  /** Attempts one device cookie may make before it is distrusted for good (OWASP's N). */
  perDevice: 10,
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
  /** Issue 31: a cleaner's login answers role "cleaner" and its cleanerId (null for the office). */
  user: Pick<StaffUser, "_id" | "name" | "email" | "role" | "cleanerId">;
  /** The browser's new device cookie for this e-mail (it replaces the one it came with). */
  deviceCookie: { value: string; expiresAt: Date };
}

/** Signed device cookies: the e-mail that logged in on a browser and a nonce naming that cookie. */
export interface DeviceCookies {
  issue(email: string): Promise<{ value: string; nonce: string; expiresAt: Date }>;
  /** The cookie's nonce and expiry when it was signed here, has not expired and names `email`; else null. */
  verify(value: string, email: string): Promise<{ nonce: string; expiresAt: Date } | null>;
}

/** Each device cookie's login attempts, shared by every process (OWASP's device lockout list). */
export interface DeviceAttempts {
  /** Counts one attempt by the cookie, atomically; its attempts so far and whether it is distrusted. */
  count(nonce: string, expiresAt: Date): Promise<{ attempts: number; distrusted: boolean }>;
  /** Takes back one attempt that checked nothing. */
  forgive(nonce: string): Promise<void>;
  /** Never trusts the cookie again (it has been replaced, or was used up). */
  distrust(nonce: string): Promise<void>;
}

/** An unknown e-mail and a wrong password get this same answer. */
export const INVALID_CREDENTIALS = declareError("unauthenticated", "INVALID_CREDENTIALS", LOGIN_MESSAGES.invalid);

/** Too many attempts: `details.retryAfterSeconds` is when the window lets the next one through. */
export const LOGIN_LOCKED = declareError("rate_limited", "LOGIN_LOCKED", LOGIN_MESSAGES.locked);

const loginLocked = (retryAfterSeconds: number): DomainError<"LOGIN_LOCKED"> => ({ ...LOGIN_LOCKED, details: { retryAfterSeconds } });

/** The password hasher's queue is full: nothing was checked; try again after `details.retryAfterSeconds`. */
export const SERVICE_BUSY: DomainError<"SERVICE_BUSY"> = {
  ...declareError("unavailable", "SERVICE_BUSY", LOGIN_MESSAGES.busy),
  details: { retryAfterSeconds: LOGIN_LIMITS.busyRetryAfterSeconds },
};

/** What a login can refuse (a missing e-mail or password aside, which the API checks first). */
export const LOGIN_ERRORS = [INVALID_CREDENTIALS, LOGIN_LOCKED, SERVICE_BUSY] as const;
export type LoginError = ErrorOf<typeof LOGIN_ERRORS>;

/**
 * Whether the account may log in once its password matched: an invited cleaner who has set no
 * password cannot (nothing matched), nor a cleaner whose cleaner is inactive (issue 31). Either is
 * answered as a wrong password, so a login says nothing of an account's state.
 */
export const mayLogIn = (account: StaffWithHash): boolean =>
  account.passwordHash !== null && (account.role !== "cleaner" || account.cleanerActive === true);

export function makeLogin(deps: {
  admins: Pick<AdminStore, "findByEmail">;
  hasher: PasswordHasher;
  /** Checks passwords of trusted devices past the shared queue (the pool's reserved lane); `hasher` by default. */
  trustedHasher?: PasswordHasher;
  devices: DeviceCookies;
  deviceAttempts: DeviceAttempts;
  tokens: TokenService;
  sessions: Pick<AdminSessionStore, "start">;
  throttle: LoginThrottle;
  /** Waits; injected so tests need not. */
  sleep?: (ms: number) => Promise<void>;
  /** A real hash of nothing useful, verified for unknown e-mails so both paths cost the same. */
  decoyHash: string;
}) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const { throttle, devices, deviceAttempts } = deps;
  const trustedHasher = deps.trustedHasher ?? deps.hasher;

  /** The password's verdict, or null when the hasher took no more work (nothing was checked). */
  const check = async (hasher: PasswordHasher, admin: StaffWithHash | null, password: string) => {
    try {
      // No account, or one without a password: the decoy costs the same time as a real check.
      return await hasher.verify(admin?.passwordHash ?? deps.decoyHash, password);
    } catch (error) {
      if (!(error instanceof PasswordHasherBusyError)) throw error;
      return null;
    }
  };

  const loggedIn = async (admin: StaffWithHash, email: string): Promise<Result<LoginSuccess, never>> => {
    const { sessionId, csrfToken } = await deps.sessions.start(admin._id);
    const { token, expiresAt } = await deps.tokens.issue(admin, sessionId);
    const { value, expiresAt: deviceExpiresAt } = await devices.issue(email);
    return ok({
      token,
      expiresAt,
      csrfToken,
      user: { _id: admin._id, name: admin.name, email: admin.email, role: admin.role, cleanerId: admin.cleanerId },
      deviceCookie: { value, expiresAt: deviceExpiresAt },
    });
  };

  /** A device cookie for this e-mail that has attempts left: counted (this attempt included), else null. */
  const trustedDevice = async (email: string, deviceCookie: string | undefined) => {
    const device = deviceCookie ? await devices.verify(deviceCookie, email) : null;
    if (!device) return null;
    const { attempts, distrusted } = await deviceAttempts.count(device.nonce, device.expiresAt);
    if (distrusted || attempts > LOGIN_LIMITS.perDevice) {
      // Used up: distrusted for good, so the browser logs in as a stranger would (OWASP's lockout list).
      if (!distrusted) await deviceAttempts.distrust(device.nonce);
      return null;
    }
    return device;
  };

  /** A browser that logged in as this e-mail before: only its own cookie's attempts count. */
  const trustedLogin = async (nonce: string, email: string, password: string): Promise<Result<LoginSuccess, LoginError>> => {
    const admin = await deps.admins.findByEmail(email);
    const matches = await check(trustedHasher, admin, password);
    if (matches === null) {
      await deviceAttempts.forgive(nonce);
      return err(SERVICE_BUSY);
    }
    if (!admin || !matches || !mayLogIn(admin)) return err(INVALID_CREDENTIALS);
    // The cookie it came with is replaced, so a copy taken from this browser is trusted no more.
    await deviceAttempts.distrust(nonce);
    return await loggedIn(admin, email);
  };

  /**
   * `email` and `password` as loginSchema reads them (trimmed, lower-case e-mail); `deviceCookie`
   * as the browser sent it, if at all.
   */
  return async (
    { email, password }: LoginInput,
    clientAddress: string,
    deviceCookie?: string,
  ): Promise<Result<LoginSuccess, LoginError>> => {
    const device = await trustedDevice(email, deviceCookie);
    if (device) return await trustedLogin(device.nonce, email, password);
    const keys = loginKeys(email, clientAddress);
    const [pair, address] = await throttle.count([keys.pair, keys.address]);
    const over = [pair.count > LOGIN_LIMITS.perPair && pair, address.count > LOGIN_LIMITS.perAddress && address]
      .filter((count) => count !== false);
    if (over.length > 0) {
      return err(loginLocked(Math.max(...over.map((count) => count.retryAfterSeconds))));
    }
    const delay = loginDelayMs(await throttle.peek(keys.emailFailures));
    if (delay > 0) await sleep(delay);
    const admin = await deps.admins.findByEmail(email);
    const matches = await check(deps.hasher, admin, password);
    if (matches === null) {
      // Nothing was checked: the attempt does not use up the person's budget.
      await throttle.forgive(keys.pair, 1);
      await throttle.forgive(keys.address, 1);
      return err(SERVICE_BUSY);
    }
    if (!admin || !matches || !mayLogIn(admin)) {
      await throttle.count([keys.emailFailures]);
      return err(INVALID_CREDENTIALS);
    }
    // Forgive the attempts up to this one; those counted after it (a burst in flight) still count.
    await throttle.forgive(keys.pair, pair.count);
    await throttle.forgive(keys.address, 1);
    await throttle.clear(keys.emailFailures);
    return await loggedIn(admin, email);
  };
}
