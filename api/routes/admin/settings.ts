import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AdminStore } from "../../../core/admin/ports.ts";
import type { SettingsStore } from "../../../core/settings/ports.ts";
import type { Actor } from "../../../core/admin/audit.ts";
import { ADMIN_ACCOUNT_LIMITS, makeManageAdmins } from "../../../core/admin/manage-admins.ts";
import { AUDIT_PAGE_LIMITS, makeListAudit } from "../../../core/admin/manage-audit.ts";
import { ADMIN_ROLES } from "../../../core/admin/types.ts";
import { makeSettingsAdmin } from "../../../core/settings/admin-settings.ts";
import { SCHEDULING_LIMITS } from "../../../core/settings/clamps.ts";
import { sendError } from "../../http-errors.ts";
import { requireSuperadmin } from "../../middleware/auth.ts";
import type { OperationDoc } from "../../openapi.ts";
import { readJsonObject } from "../../read-json.ts";
import { contentSchema } from "../../../core/settings/schemas.ts";
import { IdParams as idParamSchema, itemsOf } from "../../openapi.ts";

/** Who is acting, as the audit log records them. */
const actorOf = (c: Context): Actor => {
  const { _id, email } = c.get("admin");
  return { _id, email };
};

/** The use cases this group calls, built by the composition root (api/graph.ts). */
export interface SettingsAdminUseCases {
  settings: SettingsStore;
  admins: Pick<AdminStore, "list">;
  settingsAdmin: ReturnType<typeof makeSettingsAdmin>;
  manageAdmins: ReturnType<typeof makeManageAdmins>;
  listAudit: ReturnType<typeof makeListAudit>;
}

/**
 * The staff calls of this group, mounted under /api/admin behind requireAdmin: scheduling and
 * booking-form settings (any admin), admin accounts and the audit log (superadmins only).
 */
export function settingsAdminRoutes(useCases: SettingsAdminUseCases) {

  // Mounted at "/" beside the other staff groups: guard each route, never "*".
  return new Hono()
    .get("/settings/slot-buffer", async (c) => {
      const { slotBufferMin } = await useCases.settings.getScheduling();
      return c.json({ slotBufferMin });
    })
    .put("/settings/slot-buffer", async (c) => {
      const body = await readJsonObject(c);
      return c.json(await useCases.settingsAdmin.saveSlotBuffer(actorOf(c), body));
    })
    .get("/settings/scheduling", async (c) => c.json(await useCases.settings.getScheduling()))
    .put("/settings/scheduling", async (c) => {
      const body = await readJsonObject(c);
      return c.json(await useCases.settingsAdmin.saveScheduling(actorOf(c), body));
    })
    .get("/content", async (c) => c.json(await useCases.settings.getBookingFormContent()))
    .put("/content", async (c) => {
      const body = await readJsonObject(c);
      return c.json(await useCases.settingsAdmin.saveContent(actorOf(c), body));
    })
    .get("/admins", requireSuperadmin, async (c) => c.json({ items: await useCases.admins.list() }))
    .post("/admins", requireSuperadmin, async (c) => {
      const body = await readJsonObject(c);
      const result = await useCases.manageAdmins.create(actorOf(c), body);
      return result.ok ? c.json(result.value, 201) : sendError(c, result.error);
    })
    .put("/admins/:id", requireSuperadmin, async (c) => {
      const body = await readJsonObject(c);
      const result = await useCases.manageAdmins.update(actorOf(c), c.req.param("id"), body);
      return result.ok ? c.json(result.value) : sendError(c, result.error);
    })
    .delete("/admins/:id", requireSuperadmin, async (c) => {
      const result = await useCases.manageAdmins.remove(actorOf(c), c.req.param("id"));
      return result.ok ? c.body(null, 204) : sendError(c, result.error);
    })
    .get("/audit", requireSuperadmin, async (c) => c.json(await useCases.listAudit(c.req.query())));
}

// Schemas for the OpenAPI document (the use cases clamp and validate; these describe).
const L = SCHEDULING_LIMITS;

const slotBufferSchema = z.object({
  slotBufferMin: z.number().int().min(L.slotBufferMin.min).max(L.slotBufferMin.max)
    .meta({ description: "Minutes either side of a start; clamped to 0-1440, 120 when not a number" }),
}).meta({ id: "SlotBufferSetting" });

const schedulingSchema = z.object({
  slotBufferMin: z.number().int().min(L.slotBufferMin.min).max(L.slotBufferMin.max),
  maxConcurrentPerSlot: z.number().int().min(L.maxConcurrentPerSlot.min).max(L.maxConcurrentPerSlot.max),
  enforceBuffer: z.boolean(),
  leadDays: z.number().int().min(L.leadDays.min).max(L.leadDays.max)
    .meta({ description: "The earliest bookable date is this many days after today (Melbourne)" }),
  firstSlotHour: z.number().int().min(L.firstSlotHour.min).max(L.firstSlotHour.max),
  lastSlotHour: z.number().int().min(L.lastSlotHour.min).max(L.lastSlotHour.max),
  closedWeekdays: z.array(z.number().int().min(0).max(6)).meta({ description: "0 = Sunday ... 6 = Saturday" }),
}).meta({ id: "SchedulingSettings" });

const schedulingInputSchema = schedulingSchema.partial().meta({
  id: "SchedulingSettingsInput",
  description: "Fields left out keep their value; numbers are clamped to their limits, non-numbers fall back to the defaults.",
});

const contentInputSchema = contentSchema.partial().meta({
  id: "BookingFormContentInput",
  description:
    "Fields left out keep their value; a blank label or placeholder falls back to the default. " +
    "cancellationPolicyHtml is sanitised: p, br, strong, b, em, i, u, ul, ol, li, a (http, https, mailto, tel links; target _blank), h3, h4, blockquote, span; no scripts, event handlers or styles.",
});

const adminAccountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  createdAt: z.string().meta({ format: "date-time" }),
}).meta({ id: "AdminAccount" });

const adminCreateSchema = z.object({
  name: z.string().min(1).max(ADMIN_ACCOUNT_LIMITS.name),
  email: z.string().meta({ format: "email" }),
  password: z.string().min(ADMIN_ACCOUNT_LIMITS.passwordMin).max(ADMIN_ACCOUNT_LIMITS.passwordMax),
  role: z.enum(ADMIN_ROLES).optional().meta({ description: "admin when left out" }),
}).meta({ id: "AdminAccountInput" });

const adminUpdateSchema = z.object({
  name: z.string().min(1).max(ADMIN_ACCOUNT_LIMITS.name).optional(),
  email: z.string().meta({ format: "email" }).optional(),
  password: z.string().optional().meta({ description: "Blank or left out keeps the current password" }),
  role: z.enum(ADMIN_ROLES).optional(),
}).meta({ id: "AdminAccountChanges" });

const auditQuerySchema = z.object({
  entity: z.string().optional().meta({ description: "e.g. admin, settings" }),
  entityId: z.string().optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_LIMITS.maxLimit).optional()
    .meta({ description: `Rows a page, default ${AUDIT_PAGE_LIMITS.defaultLimit}, at most ${AUDIT_PAGE_LIMITS.maxLimit}` }),
  page: z.number().int().min(1).optional().meta({ description: "From 1" }),
});

const auditRecordSchema = z.object({
  id: z.number(),
  at: z.string().meta({ format: "date-time" }),
  adminId: z.string(),
  adminEmail: z.string(),
  action: z.string().meta({ examples: ["settings.scheduling", "admin.update"] }),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
}).meta({ id: "AuditRecord" });

const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  page: z.number(),
  totalPages: z.number(),
  totalItems: z.number(),
});

const TAG = "Staff: settings and accounts";
const unauthenticated = { description: "No, bad or expired token, or the admin no longer exists" };
const forbidden = { description: "Not a superadmin" };
const badRequest = { description: "Malformed JSON, a body that is not an object, or a wrong Content-Type" };
const invalid = { description: "Validation failed: fieldErrors holds the messages, keyed by field path" };
const notFound = { description: "No admin with this id" };

export const settingsAdminOperations: OperationDoc[] = [
  {
    method: "get", path: "/api/admin/settings/slot-buffer", tag: TAG, auth: true,
    summary: "The slot buffer in minutes",
    responses: { 200: { description: "The buffer", schema: slotBufferSchema }, 401: unauthenticated },
  },
  {
    method: "put", path: "/api/admin/settings/slot-buffer", tag: TAG, auth: true,
    summary: "Save the slot buffer (clamped to 0-1440; 120 when not a number)",
    body: slotBufferSchema,
    responses: { 200: { description: "The saved buffer", schema: slotBufferSchema }, 400: badRequest, 401: unauthenticated },
  },
  {
    method: "get", path: "/api/admin/settings/scheduling", tag: TAG, auth: true,
    summary: "Scheduling settings: buffer, capacity, enforcement, lead days, slot hours, closed days",
    responses: { 200: { description: "The settings", schema: schedulingSchema }, 401: unauthenticated },
  },
  {
    method: "put", path: "/api/admin/settings/scheduling", tag: TAG, auth: true,
    summary: "Save scheduling settings; booking and availability use them at once",
    description: "Clamped, not rejected: slotBufferMin 0-1440 (120), maxConcurrentPerSlot 1-50 (1), leadDays 0-60 (4), slot hours 0-23 (8 and 16; reversed hours are swapped), closedWeekdays 0-6.",
    body: schedulingInputSchema,
    responses: { 200: { description: "The saved settings", schema: schedulingSchema }, 400: badRequest, 401: unauthenticated },
  },
  {
    method: "get", path: "/api/admin/content", tag: TAG, auth: true,
    summary: "Booking-form content (comment box, cancellation policy)",
    responses: { 200: { description: "The content", schema: contentSchema }, 401: unauthenticated },
  },
  {
    method: "put", path: "/api/admin/content", tag: TAG, auth: true,
    summary: "Save booking-form content; the cancellation policy HTML is sanitised",
    body: contentInputSchema,
    responses: { 200: { description: "The saved content, as GET /api/content now serves it", schema: contentSchema }, 400: badRequest, 401: unauthenticated },
  },
  {
    method: "get", path: "/api/admin/admins", tag: TAG, auth: true, superadmin: true,
    summary: "Admin accounts (superadmin only)",
    responses: { 200: { description: "The accounts", schema: itemsOf(adminAccountSchema) }, 401: unauthenticated, 403: forbidden },
  },
  {
    method: "post", path: "/api/admin/admins", tag: TAG, auth: true, superadmin: true,
    summary: "Create an admin account (superadmin only)",
    description: "Name, a valid email and a password of at least 12 characters are required; the password is stored as an argon2id hash.",
    body: adminCreateSchema,
    responses: {
      201: { description: "The account", schema: adminAccountSchema },
      400: badRequest, 401: unauthenticated, 403: forbidden,
      409: { description: "EMAIL_TAKEN: another admin has this email (any case)" },
      422: invalid,
    },
  },
  {
    method: "put", path: "/api/admin/admins/{id}", tag: TAG, auth: true, superadmin: true,
    summary: "Edit an admin account (superadmin only)",
    description: "Fields left out keep their value; a blank password keeps the current one. Takes effect on the admin's next call.",
    params: idParamSchema, body: adminUpdateSchema,
    responses: {
      200: { description: "The account", schema: adminAccountSchema },
      400: badRequest, 401: unauthenticated, 403: forbidden, 404: notFound,
      409: { description: "EMAIL_TAKEN; CANNOT_CHANGE_OWN_ROLE; LAST_SUPERADMIN: there must always be at least one superadmin" },
      422: invalid,
    },
  },
  {
    method: "delete", path: "/api/admin/admins/{id}", tag: TAG, auth: true, superadmin: true,
    summary: "Delete an admin account permanently (superadmin only)",
    params: idParamSchema,
    responses: {
      204: { description: "Deleted; the admin's tokens stop working at once" },
      401: unauthenticated, 403: forbidden, 404: notFound,
      409: { description: "CANNOT_DELETE_SELF; LAST_SUPERADMIN" },
    },
  },
  {
    method: "get", path: "/api/admin/audit", tag: TAG, auth: true, superadmin: true,
    summary: "The audit log of staff writes, newest first (superadmin only)",
    query: auditQuerySchema,
    responses: { 200: { description: "A page of audit rows", schema: auditPageSchema }, 401: unauthenticated, 403: forbidden },
  },
];
