import type { AdminRole } from "../shared/staff-roles.ts";

export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  role: AdminRole;
  createdAt: Date;
}

/** Stored form: the argon2id hash never leaves the adapters and the login use case. */
export interface AdminWithHash extends AdminUser {
  passwordHash: string;
}
