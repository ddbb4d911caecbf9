import { Hono } from "hono";
import type { LoginSuccess } from "../../core/admin/login.ts";
import type { Result } from "../../core/shared/result.ts";
import { sendError } from "../http-errors.ts";
import { readJsonObject } from "../read-json.ts";
import { clientAddress } from "../middleware/client-address.ts";

export function authRoutes(deps: {
  login: (input: { email?: unknown; password?: unknown }, clientAddress: string) => Promise<Result<LoginSuccess>>;
  trustProxy: boolean;
}) {
  return new Hono().post("/auth/login", async (c) => {
    const body = await readJsonObject(c);
    const result = await deps.login(body, clientAddress(c, deps.trustProxy));
    c.header("Cache-Control", "no-store");
    if (!result.ok) {
      const retry = (result.error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (result.error.kind === "rate_limited" && retry) c.header("Retry-After", String(retry));
      return sendError(c, result.error);
    }
    const { token, expiresAt, user } = result.value;
    return c.json({ token, expiresAt: expiresAt.toISOString(), user });
  });
}
