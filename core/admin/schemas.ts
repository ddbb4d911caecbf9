/** The wire shapes of staff login and of the signed-in admin. */
import { z } from "zod";
import { LOGIN_MESSAGES as M } from "./login.ts";
import { ADMIN_ROLES } from "./types.ts";

export const loginSchema = z.object({
  email: z.string({ error: M.emailRequired }).trim().toLowerCase().min(1, { error: M.emailRequired })
    .meta({ examples: ["admin@yarrashine.com.au"] }),
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired }),
}).meta({ id: "LoginInput" });

export type LoginInput = z.output<typeof loginSchema>;

export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
}).meta({ id: "AdminUser" });

export const loginResultSchema = z.object({
  token: z.string().meta({ description: "JWT (HS256); send as Authorization: Bearer <token>" }),
  expiresAt: z.string().meta({ format: "date-time" }),
  user: adminUserSchema,
}).meta({ id: "LoginResult" });
