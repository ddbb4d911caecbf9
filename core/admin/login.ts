/** Staff login: the same answer for an unknown e-mail and a wrong password; slowed, then refused. */
import { err, ok, type Result } from "../shared/result.ts";
import type { AdminStore, LoginThrottle, PasswordHasher, TokenService } from "./ports.ts";
import type { LoginInput } from "./schemas.ts";
import type { AdminUser } from "./types.ts";

export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password.",
  required: "Email and password are required.",
  emailRequired: "Email is required.",
  passwordRequired: "Password is required.",
  locked: "Too many failed logins. Please try again later.",
} as const;

/** Failures per e-mail or per client address in a window before logins are refused. */
export const LOGIN_LIMITS = { slowAfter: 3, refuseAt: 10, delayStepMs: 500, maxDelayMs: 4000 };

export interface LoginSuccess {
  token: string;
  expiresAt: Date;
  user: Pick<AdminUser, "_id" | "name" | "email" | "role">;
}

export function makeLogin(deps: {
  admins: Pick<AdminStore, "findByEmail">;
  hasher: PasswordHasher;
  tokens: TokenService;
  throttle: LoginThrottle;
  /** Waits; injected so tests need not. */
  sleep?: (ms: number) => Promise<void>;
  /** A real hash of nothing useful, verified for unknown e-mails so both paths cost the same. */
  decoyHash: string;
}) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  /** `email` and `password` as loginSchema reads them (trimmed, lower-case e-mail). */
  return async ({ email, password }: LoginInput, clientAddress: string): Promise<Result<LoginSuccess>> => {
    const keys = [`login-email:${email}`, `login-ip:${clientAddress}`];
    const before = await deps.throttle.failures(keys);
    if (before.count >= LOGIN_LIMITS.refuseAt) {
      return err({
        kind: "rate_limited",
        code: "LOGIN_LOCKED",
        message: LOGIN_MESSAGES.locked,
        details: { retryAfterSeconds: before.retryAfterSeconds },
      });
    }
    if (before.count >= LOGIN_LIMITS.slowAfter) {
      const steps = before.count - LOGIN_LIMITS.slowAfter + 1;
      await sleep(Math.min(LOGIN_LIMITS.maxDelayMs, steps * LOGIN_LIMITS.delayStepMs));
    }
    const admin = await deps.admins.findByEmail(email);
    const matches = await deps.hasher.verify(admin?.passwordHash ?? deps.decoyHash, password);
    if (!admin || !matches) {
      await deps.throttle.recordFailure(keys);
      return err({ kind: "unauthenticated", code: "INVALID_CREDENTIALS", message: LOGIN_MESSAGES.invalid });
    }
    const { token, expiresAt } = await deps.tokens.issue(admin);
    return ok({ token, expiresAt, user: { _id: admin._id, name: admin.name, email: admin.email, role: admin.role } });
  };
}
