import type { Context } from "hono";
import type { AdminStore } from "../../../core/admin/ports.ts";
import type { Actor } from "../../../core/shared/audit.ts";
import {
  adminAccountSchema,
  adminChangesSchema,
  CREATE_ADMIN_ERRORS,
  makeManageAdmins,
  newAdminSchema,
  REMOVE_ADMIN_ERRORS,
  UPDATE_ADMIN_ERRORS,
} from "../../../core/admin/manage-admins.ts";
import { auditPageSchema, auditQuerySchema, makeListAudit } from "../../../core/admin/manage-audit.ts";
import { type makeSettingsAdmin, SAVE_SCHEDULING_ERRORS } from "../../../core/settings/admin-settings.ts";
import { contentChangesSchema, schedulingChangesSchema } from "../../../core/settings/clamps.ts";
import type { SettingsStore } from "../../../core/settings/ports.ts";
import { contentSchema, schedulingSchema, slotBufferSchema } from "../../../core/settings/schemas.ts";
import { answerWith, failWith } from "../../http-errors.ts";
import { IdParams, itemsOf, json, jsonBody, route, routeGroup } from "../../openapi.ts";

/** The use cases this group calls, built by the composition root (api/graph.ts). */
export interface SettingsAdminUseCases {
  settings: SettingsStore;
  admins: Pick<AdminStore, "list">;
  settingsAdmin: ReturnType<typeof makeSettingsAdmin>;
  manageAdmins: ReturnType<typeof makeManageAdmins>;
  listAudit: ReturnType<typeof makeListAudit>;
}

/** Who is acting, as the audit log records them, and the session they act from. */
const actorOf = (c: Context): Actor => {
  const { _id, email } = c.get("admin");
  return { _id, email, sessionId: c.get("sessionId") };
};

const me = route({
  method: "get", path: "/me", tags: ["Staff"], "x-required-role": "admin", summary: "The signed-in admin",
  responses: { 200: json(adminAccountSchema, "The admin the token belongs to") },
});

const tags: [string] = ["Staff: settings and accounts"];
const admin = { tags, "x-required-role": "admin" as const };
const superadmin = { tags, "x-required-role": "superadmin" as const };

const getSlotBuffer = route({
  method: "get", path: "/settings/slot-buffer", ...admin, summary: "The slot buffer in minutes",
  responses: { 200: json(slotBufferSchema, "The buffer") },
});
const saveSlotBuffer = route({
  method: "put", path: "/settings/slot-buffer", ...admin, summary: "Save the slot buffer (clamped to 0-1440; 120 when not a number)",
  request: { body: jsonBody(schedulingChangesSchema.pick({ slotBufferMin: true })) },
  responses: { 200: json(slotBufferSchema, "The saved buffer") },
});
const getScheduling = route({
  method: "get", path: "/settings/scheduling", ...admin,
  summary: "Scheduling settings: buffer, capacity, enforcement, lead days, slot hours, closed days",
  responses: { 200: json(schedulingSchema, "The settings") },
});
const saveScheduling = route({
  method: "put", path: "/settings/scheduling", ...admin, summary: "Save scheduling settings; booking and availability use them at once",
  description: "Clamped, not rejected: slotBufferMin 0-1440 (120), maxConcurrentPerSlot 1-50 (1), leadDays 0-60 (4), horizonDays 1-730 (365; at least leadDays), slot hours 0-23 (8 and 16; reversed hours are swapped), closedWeekdays 0-6, reminderHoursBefore 1-168 (48), freeChangeCutoffHours 0-168 (24), teamGapMin 0-240 in steps of 5 (30); availabilityMode SLOTS or TEAM (any other value keeps the current one). " +
    "One rule is refused instead: the reminder must go before the free-change cut-off (reminderHoursBefore greater than freeChangeCutoffHours, unless that is 0), " +
    "a 422 with fieldErrors.reminderHoursBefore.",
  request: { body: jsonBody(schedulingChangesSchema) },
  errors: SAVE_SCHEDULING_ERRORS,
  responses: { 200: json(schedulingSchema, "The saved settings") },
});
const getContent = route({
  method: "get", path: "/content", ...admin, summary: "Booking-form content (comment box, cancellation policy)",
  responses: { 200: json(contentSchema, "The content") },
});
const saveContent = route({
  method: "put", path: "/content", ...admin, summary: "Save booking-form content; the cancellation policy HTML is sanitised",
  request: { body: jsonBody(contentChangesSchema) },
  responses: { 200: json(contentSchema, "The saved content, as GET /api/content now serves it") },
});
const listAdmins = route({
  method: "get", path: "/admins", ...superadmin, summary: "Admin accounts (superadmin only)",
  responses: { 200: json(itemsOf(adminAccountSchema), "The accounts") },
});
const createAdmin = route({
  method: "post", path: "/admins", ...superadmin, summary: "Create an admin account (superadmin only)",
  description: "Name (one line), a valid email and a password of at least 12 characters are required; the password may not be common, the demo one, name the business, its site or the account's e-mail, or be easy to guess (zxcvbn score 3+), and is stored as an argon2id hash.",
  request: { body: jsonBody(newAdminSchema) },
  errors: CREATE_ADMIN_ERRORS,
  responses: { 201: json(adminAccountSchema, "The account") },
});
const updateAdmin = route({
  method: "put", path: "/admins/{id}", ...superadmin, summary: "Edit an admin account (superadmin only)",
  description: "Fields left out keep their value; a blank password keeps the current one. Takes effect on the admin's next call.",
  request: { params: IdParams, body: jsonBody(adminChangesSchema) },
  errors: UPDATE_ADMIN_ERRORS,
  responses: { 200: json(adminAccountSchema, "The account") },
});
const deleteAdmin = route({
  method: "delete", path: "/admins/{id}", ...superadmin, summary: "Delete an admin account permanently (superadmin only)",
  request: { params: IdParams },
  errors: REMOVE_ADMIN_ERRORS,
  responses: { 204: { description: "Deleted; the admin's tokens stop working at once" } },
});
const listAudit = route({
  method: "get", path: "/audit", ...superadmin, summary: "The audit log of staff writes, newest first (superadmin only)",
  description: "Each row keeps its stored fields and adds actor (the admin's name now, or Customer), record (its human name; null once gone), summary (one sentence) and changes (before and after as display text, times in Melbourne time). Filters: adminId or email (the person), actor (staff or customer), recordType, and from/to (Melbourne dates, both included); entity and entityId as before.",
  request: { query: auditQuerySchema },
  responses: { 200: json(auditPageSchema, "A page of audit rows") },
});

/**
 * The staff calls of this group, mounted under /api/admin behind requireAdmin: the signed-in
 * admin, scheduling and booking-form settings (any admin), admin accounts and the audit log
 * (superadmins only).
 */
export function settingsAdminRoutes(useCases: SettingsAdminUseCases) {
  const { settings, settingsAdmin, manageAdmins } = useCases;
  return routeGroup()
    .openapi(me, (c) => c.json(c.get("admin"), 200))
    .openapi(getSlotBuffer, async (c) => c.json({ slotBufferMin: (await settings.getScheduling()).slotBufferMin }, 200))
    .openapi(saveSlotBuffer, async (c) => c.json(await settingsAdmin.saveSlotBuffer(actorOf(c), c.req.valid("json")), 200))
    .openapi(getScheduling, async (c) => c.json(await settings.getScheduling(), 200))
    .openapi(saveScheduling, async (c) => {
      return answerWith(saveScheduling, c, await settingsAdmin.saveScheduling(actorOf(c), c.req.valid("json")), 200);
    })
    .openapi(getContent, async (c) => c.json(await settings.getBookingFormContent(), 200))
    .openapi(saveContent, async (c) => c.json(await settingsAdmin.saveContent(actorOf(c), c.req.valid("json")), 200))
    .openapi(listAdmins, async (c) => c.json({ items: await useCases.admins.list() }, 200))
    .openapi(createAdmin, async (c) => {
      return answerWith(createAdmin, c, await manageAdmins.create(actorOf(c), c.req.valid("json")), 201);
    })
    .openapi(updateAdmin, async (c) => {
      return answerWith(updateAdmin, c, await manageAdmins.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(deleteAdmin, async (c) => {
      const result = await manageAdmins.remove(actorOf(c), c.req.valid("param").id);
      return result.ok ? c.body(null, 204) : failWith(deleteAdmin, c, result.error);
    })
    .openapi(listAudit, async (c) => c.json(await useCases.listAudit(c.req.valid("query")), 200));
}
