import type { Actor } from "./audit.ts";

/** The staff roles (admin-area.md): every domain checks them, so they sit below every domain. */
export const ADMIN_ROLES = ["admin", "superadmin"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * Everyone who logs in (issue 31): the office's roles and the cleaners, who reach only their own
 * jobs (the team API), never the staff API.
 */
export const STAFF_ROLES = [...ADMIN_ROLES, "cleaner"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether a signed-in role is one of the office's (the staff API's). */
export const isAdminRole = (role: StaffRole): role is AdminRole => (ADMIN_ROLES as readonly StaffRole[]).includes(role);

/** Who acts, with the role that decides the capacity override. */
export type StaffActor = Actor & { role: AdminRole };
