import type { Actor } from "./audit.ts";

/** The staff roles (admin-area.md): every domain checks them, so they sit below every domain. */
export const ADMIN_ROLES = ["admin", "superadmin"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Who acts, with the role that decides the capacity override. */
export type StaffActor = Actor & { role: AdminRole };
