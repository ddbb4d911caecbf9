/** The wire shapes of staff login and of the signed-in admin. */
import { z } from "zod";
import { LOGIN_MESSAGES as M } from "./login.ts";
import { ADMIN_ROLES, STAFF_ROLES } from "../shared/staff-roles.ts";

export const loginSchema = z.object({
  email: z.string({ error: M.emailRequired }).trim().toLowerCase().min(1, { error: M.emailRequired })
    .meta({ examples: ["admin@yarrashine.com.au"] }),
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired })
    .meta({ examples: ["correct horse battery staple"] }),
}).meta({ id: "LoginInput" });

export type LoginInput = z.output<typeof loginSchema>;

export const adminUserSchema = z.object({
  _id: z.string().meta({ examples: ["9c2e5b7a-1f4d-4a3b-8e6c-0d7f2a9b4c51"] }),
  name: z.string().meta({ examples: ["Demo Owner"] }),
  email: z.string().meta({ examples: ["admin@yarrashine.com.au"] }),
  role: z.enum(ADMIN_ROLES),
}).meta({ id: "AdminUser" });

/** Whoever signed in (issue 31): an office account, or a cleaner's login with the cleaner it belongs to. */
export const sessionUserSchema = adminUserSchema.extend({
  role: z.enum(STAFF_ROLES),
  cleanerId: z.string().nullable()
    .meta({ description: "The cleaner of a cleaner's login; null for the office's roles", examples: [null] }),
}).meta({ id: "SessionUser" });

/** GET /api/auth/me: the session's user, with when the account was made. */
export const sessionAccountSchema = sessionUserSchema.extend({ createdAt: z.string().meta({ format: "date-time" }) })
  .meta({ id: "SessionAccount" });

export const loginResultSchema = z.object({
  token: z.string().meta({ description: "JWT (HS256); send as Authorization: Bearer <token>", examples: ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI5YzJlNWI3YSJ9.c2lnbmF0dXJl"] }),
  expiresAt: z.string().meta({ format: "date-time", examples: ["2026-12-01T10:00:00.000Z"] }),
  user: sessionUserSchema,
}).meta({ id: "LoginResult" });
