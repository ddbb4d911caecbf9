import type { MiddlewareHandler } from "hono";
import type { AdminStore, TokenService } from "../../core/admin/ports.ts";
import type { AdminRole, AdminUser } from "../../core/admin/types.ts";

declare module "hono" {
  interface ContextVariableMap {
    admin: AdminUser;
  }
}

export const UNAUTHENTICATED = {
  error: "Authentication required. Your session may have expired. Please log in again.",
  code: "UNAUTHENTICATED",
};
export const FORBIDDEN = { error: "You don’t have permission to perform this action.", code: "FORBIDDEN" };

/**
 * A valid, unexpired bearer token of an admin who still exists with an allowed role. The admin
 * is read from the database on every call, so deleting or demoting someone takes effect at once.
 */
export function requireAdmin(
  deps: { tokens: TokenService; admins: Pick<AdminStore, "getById"> },
  roles: readonly AdminRole[] = ["admin", "superadmin"],
): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match ? await deps.tokens.verify(match[1]) : null;
    const admin = claims ? await deps.admins.getById(claims.adminId) : null;
    if (!admin) {
      c.header("WWW-Authenticate", 'Bearer realm="admin"');
      return c.json(UNAUTHENTICATED, 401);
    }
    if (!roles.includes(admin.role)) return c.json(FORBIDDEN, 403);
    c.set("admin", admin);
    await next();
  };
}

/** After requireAdmin: only superadmins (the admins calls and every hard delete). */
export const requireSuperadmin: MiddlewareHandler = async (c, next) => {
  if (c.get("admin")?.role !== "superadmin") return c.json(FORBIDDEN, 403);
  await next();
};
