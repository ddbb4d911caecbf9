import type { makeLogin } from "../../core/admin/login.ts";
import { LOGIN_MESSAGES } from "../../core/admin/login.ts";
import { loginResultSchema, loginSchema } from "../../core/admin/schemas.ts";
import { validationError } from "../../core/shared/result.ts";
import { failWith } from "../http-errors.ts";
import { fieldErrorsOf } from "../../core/shared/parse-input.ts";
import { clientAddress } from "../middleware/client-address.ts";
import { errors, json, jsonBody, route, routeGroup } from "../openapi.ts";

const login = route({
  method: "post", path: "/auth/login", tags: ["Staff"], "x-required-role": "public",
  summary: "Staff login: a bearer token and the user",
  description: "An unknown e-mail and a wrong password get the same 401. Failures per e-mail and per address are slowed after 3 and refused with 429 at 10 in a 15-minute window.",
  request: { body: jsonBody(loginSchema) },
  responses: { 200: json(loginResultSchema, "Logged in"), ...errors([401, "Invalid email or password"], 413, 422, 429) },
});

export function authRoutes(deps: { login: ReturnType<typeof makeLogin>; trustProxy: number }) {
  return routeGroup().openapi(login, async (c) => {
    const result = await deps.login(c.req.valid("json"), clientAddress(c, deps.trustProxy));
    c.header("Cache-Control", "no-store");
    if (!result.ok) {
      const retry = (result.error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (result.error.kind === "rate_limited" && retry) c.header("Retry-After", String(retry));
      return failWith(c, result.error);
    }
    const { token, expiresAt, user } = result.value;
    return c.json({ token, expiresAt: expiresAt.toISOString(), user }, 200);
  }, (parsed, c) => {
    // A missing e-mail or password keeps the login's own wording, not the form banner.
    if (!parsed.success) {
      c.header("Cache-Control", "no-store");
      return failWith(c, validationError(fieldErrorsOf(parsed.error.issues), LOGIN_MESSAGES.required));
    }
  });
}
