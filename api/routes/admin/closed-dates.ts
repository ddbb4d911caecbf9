import type { Context } from "hono";
import { z } from "zod";
import type { Actor } from "../../../core/shared/audit.ts";
import {
  ADD_CLOSED_DATE_ERRORS,
  closedDateAddedSchema,
  type ClosedDatesAdmin,
  publicHolidaySchema,
  publicHolidaysAddedSchema,
  REMOVE_CLOSED_DATE_ERRORS,
} from "../../../core/workflows/close-day.ts";
import { type ServiceAreaAdmin } from "../../../core/settings/admin-settings.ts";
import type { SettingsStore } from "../../../core/settings/ports.ts";
import {
  closedDateInputSchema,
  closedDateSchema,
  serviceAreaInputSchema,
  serviceAreaSchema,
  ymdSchema,
} from "../../../core/settings/schemas.ts";
import { answerWith, failWith } from "../../http-errors.ts";
import { itemsOf, json, jsonBody, route, routeGroup } from "../../openapi.ts";

/** The use cases this group calls, built by the composition root (api/graph.ts). */
export interface ClosedDatesAdminUseCases {
  closedDates: ClosedDatesAdmin;
  serviceArea: ServiceAreaAdmin;
  settings: Pick<SettingsStore, "getServiceArea">;
}

/** Who is acting, as the audit log records them. */
const actorOf = (c: Context): Actor => {
  const { _id, email } = c.get("admin");
  return { _id, email, sessionId: c.get("sessionId") };
};

const admin = { tags: ["Staff: settings and accounts"] as [string], "x-required-role": "admin" as const };

const DateParams = z.object({ date: ymdSchema.meta({ description: "The closed Melbourne date, YYYY-MM-DD" }) });

const listClosedDates = route({
  method: "get", path: "/closed-dates", ...admin, summary: "Every date the business is closed, in date order",
  responses: { 200: json(itemsOf(closedDateSchema), "The closed dates") },
});
const addClosedDate = route({
  method: "post", path: "/closed-dates", ...admin, summary: "Close a date: no job starts on it",
  description: "The label (at most 80 characters) is optional. Audited as closed_date.add. The jobs already on the day " +
    "(PENDING or CONFIRMED bookings) become NEEDS_ATTENTION in the same transaction (they hold no place; one booking.status " +
    "audit row each), are answered as `affected`, and the office is e-mailed their list.",
  request: { body: jsonBody(closedDateInputSchema) },
  errors: ADD_CLOSED_DATE_ERRORS,
  responses: { 201: json(closedDateAddedSchema, "The closed date, and the jobs that were on it") },
});
const removeClosedDate = route({
  method: "delete", path: "/closed-dates/{date}", ...admin, summary: "Open a closed date again",
  description: "Audited as closed_date.remove.",
  request: { params: DateParams },
  errors: REMOVE_CLOSED_DATE_ERRORS,
  responses: { 204: { description: "Opened again" } },
});
const listPublicHolidays = route({
  method: "get", path: "/closed-dates/public-holidays", ...admin,
  summary: "Victoria's public holidays from today (Melbourne) for two years, each saying whether it is closed",
  responses: { 200: json(itemsOf(publicHolidaySchema), "The public holidays, in date order") },
});
const addPublicHolidays = route({
  method: "post", path: "/closed-dates/public-holidays", ...admin,
  summary: "Close every public holiday of the coming two years that is not closed yet",
  description: "One transaction; one closed_date.add_public_holidays audit row listing the dates added (none when every date " +
    "was closed already). Dates closed already keep their label. " +
    "The jobs on the dates added become NEEDS_ATTENTION as with a single date (`affected`), with one e-mail to the office.",
  responses: { 200: json(publicHolidaysAddedSchema, "How many were added, every closed date now, and the jobs that were on the dates added") },
});
const getServiceArea = route({
  method: "get", path: "/settings/service-area", ...admin, summary: "The postcodes the business cleans in (empty: everywhere)",
  responses: { 200: json(serviceAreaSchema, "The service area") },
});
const saveServiceArea = route({
  method: "put", path: "/settings/service-area", ...admin,
  summary: "Save the service area: postcodes (3121) and ranges (3000-3207); bookings outside it are refused",
  description: "Entries are trimmed, deduplicated and sorted; a bad entry is a 422 whose fieldErrors name its place (postcodes.3). Audited as settings.service_area.",
  request: { body: jsonBody(serviceAreaInputSchema) },
  responses: { 200: json(serviceAreaSchema, "The saved service area") },
});

/** Closed dates and the service area, mounted under /api/admin behind requireAdmin (any admin). */
export function closedDatesAdminRoutes(useCases: ClosedDatesAdminUseCases) {
  return routeGroup()
    .openapi(listClosedDates, async (c) => c.json({ items: await useCases.closedDates.list() }, 200))
    .openapi(addClosedDate, async (c) => {
      return answerWith(addClosedDate, c, await useCases.closedDates.add(actorOf(c), c.req.valid("json")), 201);
    })
    .openapi(removeClosedDate, async (c) => {
      const result = await useCases.closedDates.remove(actorOf(c), c.req.valid("param").date);
      return result.ok ? c.body(null, 204) : failWith(removeClosedDate, c, result.error);
    })
    .openapi(listPublicHolidays, async (c) => c.json({ items: await useCases.closedDates.publicHolidays() }, 200))
    .openapi(addPublicHolidays, async (c) => c.json(await useCases.closedDates.addPublicHolidays(actorOf(c)), 200))
    .openapi(getServiceArea, async (c) => c.json(await useCases.settings.getServiceArea(), 200))
    .openapi(saveServiceArea, async (c) => c.json(await useCases.serviceArea.save(actorOf(c), c.req.valid("json")), 200));
}
