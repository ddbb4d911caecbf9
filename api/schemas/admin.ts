/** Schemas of the staff calls, for the OpenAPI document. */
import { z } from "zod";
import { ADMIN_ROLES } from "../../core/admin/types.ts";

export const loginSchema = z.object({
  email: z.string().meta({ examples: ["admin@yarrashine.com.au"] }),
  password: z.string(),
}).meta({ id: "LoginInput" });

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
