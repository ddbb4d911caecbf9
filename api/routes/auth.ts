import { getCookie, setCookie } from "hono/cookie";
import type { makeLogin } from "../../core/admin/login.ts";
import { LOGIN_ERRORS, LOGIN_LIMITS, LOGIN_MESSAGES } from "../../core/admin/login.ts";
import { loginResultSchema, loginSchema, sessionAccountSchema } from "../../core/admin/schemas.ts";
import type { StaffSessions } from "../../core/admin/sessions.ts";
import { validationError } from "../../core/shared/result.ts";
import { failWith } from "../http-errors.ts";
import { fieldErrorsOf } from "../../core/shared/parse-input.ts";
import { clientAddress } from "../middleware/client-address.ts";
import { clearSessionCookies, requireStaff, servedOverHttps, setSessionCookies } from "../middleware/auth.ts";
import { json, jsonBody, route, routeGroup } from "../openapi.ts";
import { z } from "zod";
import { type CleanerAccounts, SET_PASSWORD_ERRORS } from "../../core/admin/cleaner-accounts.ts";
import { SET_PASSWORD_LINK_HOURS, setPasswordSchema } from "../../core/admin/cleaner-account-form.ts";

/**
 * Issue 29: OWASP's device cookie, "this browser logged in as this e-mail". It travels only to the
 * login route (never to pages or other calls), so no script and no other request can use it.
 */
export const DEVICE_COOKIE = "staff_device";
const DEVICE_COOKIE_PATH = "/api/auth/login";

const login = route({
  method: "post", path: "/auth/login", tags: ["Staff"], "x-required-role": "public",
  summary: "Staff login: a bearer token and the user, and the same session as cookies",
  description:
    "An unknown e-mail and a wrong password get the same 401. Every attempt is counted before the password is checked: " +
    `more than ${LOGIN_LIMITS.perPair} for one e-mail from one address, or ${LOGIN_LIMITS.perAddress} from one address, ` +
    "in a 15-minute window get 429 with Retry-After; a successful login forgives its own. Failures for an e-mail from " +
    `any address slow its next logins (after ${LOGIN_LIMITS.slowAfter}, up to ${LOGIN_LIMITS.maxDelayMs / 1000} s), never lock them. ` +
    `A successful login also sets an httpOnly device cookie (${DEVICE_COOKIE}, sent only to this route): a later login ` +
    "for the same e-mail from that browser is counted against that cookie alone, is not slowed, and checks its " +
    `password ahead of the shared queue; after ${LOGIN_LIMITS.perDevice} attempts the cookie is no longer trusted. ` +
    "The answer also sets the httpOnly session cookie and the readable CSRF cookie the staff area uses: a write " +
    "sent with the cookie must echo the CSRF cookie in X-CSRF-Token. " +
    "When too many logins are being checked at once, the answer is 503 with Retry-After.",
  request: { body: jsonBody(loginSchema) },
  errors: LOGIN_ERRORS,
  responses: { 200: json(loginResultSchema, "Logged in") },
});

const logout = route({
  method: "post", path: "/auth/logout", tags: ["Staff"], "x-required-role": "staff",
  summary: "End the session on the server",
  description: "The token (bearer or cookie) stops working at once and the session cookies are cleared.",
  responses: { 204: { description: "Logged out" } },
});

const me = route({
  method: "get", path: "/auth/me", tags: ["Staff"], "x-required-role": "staff",
  summary: "Who is signed in: an office account or a cleaner's login",
  description: "Any signed-in account, whatever its role (issue 31): role is admin, superadmin or cleaner; cleanerId names " +
    "the cleaner of a cleaner's login and is null for the office's roles. GET /api/admin/me answers the office's roles only.",
  responses: { 200: json(sessionAccountSchema, "The account the token belongs to") },
});

const setPassword = route({
  method: "post", path: "/auth/set-password", tags: ["Staff"], "x-required-role": "public",
  summary: "Set a cleaner's password with the invite's one-time link",
  description: `The token of the link a cleaner's invite carries (SITE_URL/admin/set-password/<token>); it works once, for ${SET_PASSWORD_LINK_HOURS} hours. ` +
    "A link that is unknown, used or expired answers 404 SET_PASSWORD_LINK_INVALID; the password follows the admin accounts' policy " +
    "(422 on fieldErrors.password). The login's other sessions end. Answers the e-mail to log in with (POST /api/auth/login).",
  request: { body: jsonBody(setPasswordSchema) },
  errors: SET_PASSWORD_ERRORS,
  responses: { 200: json(z.object({ email: z.string() }).meta({ id: "PasswordSet" }), "The password is set") },
});

export function authRoutes(deps: {
  login: ReturnType<typeof makeLogin>;
  sessions: Pick<StaffSessions, "authenticate" | "end">;
  trustProxy: number;
  /** Issue 31: the invite's set-password link. */
  accounts: Pick<CleanerAccounts, "setPassword">;
}) {
  const group = routeGroup();
  const signedIn = requireStaff({ sessions: deps.sessions, trustProxy: deps.trustProxy });
  group.use("/auth/logout", signedIn);
  group.use("/auth/me", signedIn);
  return group.openapi(login, async (c) => {
    const result = await deps.login(c.req.valid("json"), clientAddress(c, deps.trustProxy), getCookie(c, DEVICE_COOKIE));
    c.header("Cache-Control", "no-store");
    if (!result.ok) {
      const retry = (result.error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if ((result.error.kind === "rate_limited" || result.error.kind === "unavailable") && retry) {
        c.header("Retry-After", String(retry));
      }
      return failWith(login, c, result.error);
    }
    const { token, expiresAt, csrfToken, user, deviceCookie } = result.value;
    const secure = servedOverHttps(c, deps.trustProxy);
    setSessionCookies(c, { token, csrfToken, expiresAt }, secure);
    setCookie(c, DEVICE_COOKIE, deviceCookie.value, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      secure,
      sameSite: "Strict",
      expires: deviceCookie.expiresAt,
    });
    return c.json({ token, expiresAt: expiresAt.toISOString(), user }, 200);
  }, (parsed, c) => {
    // A missing e-mail or password keeps the login's own wording, not the form banner.
    if (!parsed.success) {
      c.header("Cache-Control", "no-store");
      return failWith(login, c, validationError(fieldErrorsOf(parsed.error.issues), LOGIN_MESSAGES.required));
    }
  }).openapi(logout, async (c) => {
    await deps.sessions.end(c.get("sessionId"));
    clearSessionCookies(c, servedOverHttps(c, deps.trustProxy));
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  }).openapi(me, (c) => {
    const { _id, name, email, role, cleanerId, createdAt } = c.get("staff");
    return c.json({ _id, name, email, role, cleanerId, createdAt: createdAt.toISOString() }, 200);
  }).openapi(setPassword, async (c) => {
    const result = await deps.accounts.setPassword(c.req.valid("json"));
    if (!result.ok) {
      if (result.error.code === "SERVICE_BUSY") c.header("Retry-After", String((result.error.details as { retryAfterSeconds: number }).retryAfterSeconds));
      return failWith(setPassword, c, result.error);
    }
    return c.json(result.value, 200);
  });
}
