import type { CatalogReader } from "../../core/catalog/ports.ts";
import { SERVICE_NOT_FOUND } from "../../core/catalog/admin-rules.ts";
import { isOnOffer } from "../../core/catalog/types.ts";
import { PROFILE_NOT_FOUND, type SettingsStore } from "../../core/settings/ports.ts";
import { failWith } from "../http-errors.ts";
import { IdParams, itemsOf, json, route, routeGroup } from "../openapi.ts";
import { businessSchema, contentSchema, publicSchedulingSchema } from "../../core/settings/schemas.ts";
import { extraSchema, extrasQuerySchema, frequencySchema, questionSchema, questionsQuerySchema, serviceSchema } from "../../core/catalog/schemas.ts";

const tags: [string] = ["Catalogue"];
const role = "public" as const;

const listServices = route({
  method: "get", path: "/services", tags, "x-required-role": role, summary: "Active services",
  responses: { 200: json(itemsOf(serviceSchema), "The services") },
});
const getService = route({
  method: "get", path: "/services/{id}", tags, "x-required-role": role, summary: "One active service",
  description: "A deleted service is unknown here (404 SERVICE_NOT_FOUND).",
  request: { params: IdParams },
  errors: [SERVICE_NOT_FOUND],
  responses: { 200: json(serviceSchema, "The service") },
});
const listExtras = route({
  method: "get", path: "/extras", tags, "x-required-role": role, summary: "Active add-ons of a service, in order",
  description: "A deleted service is unknown here (404 SERVICE_NOT_FOUND).",
  request: { query: extrasQuerySchema },
  errors: [SERVICE_NOT_FOUND],
  responses: { 200: json(itemsOf(extraSchema), "The add-ons") },
});
const listFrequencies = route({
  method: "get", path: "/frequencies", tags, "x-required-role": role, summary: "How often a clean can repeat, with discounts",
  description: "Retired frequencies (active false) are left out: the booking form no longer offers them.",
  responses: { 200: json(itemsOf(frequencySchema), "The frequencies") },
});
const listQuestions = route({
  method: "get", path: "/questions", tags, "x-required-role": role, summary: "Global questions, plus the service's",
  description: "A deleted service is unknown here (404 SERVICE_NOT_FOUND).",
  request: { query: questionsQuerySchema },
  errors: [SERVICE_NOT_FOUND],
  responses: { 200: json(itemsOf(questionSchema), "The questions") },
});
const getContent = route({
  method: "get", path: "/content", tags, "x-required-role": role, summary: "Booking-form content (comment box, cancellation policy)",
  responses: { 200: json(contentSchema, "The content") },
});
const getScheduling = route({
  method: "get", path: "/scheduling", tags, "x-required-role": role,
  summary: "The days and start hours the booking form offers (lead time, horizon, slot hours, closed weekdays, end of day, service area)",
  responses: { 200: json(publicSchedulingSchema, "The live scheduling settings") },
});
const getBusiness = route({
  method: "get", path: "/business", tags, "x-required-role": role, summary: "The business profile (brand, contacts, service areas)",
  errors: [PROFILE_NOT_FOUND],
  responses: { 200: json(businessSchema, "The profile") },
});

/** The public catalogue the booking form reads: services, add-ons, frequencies, questions. */
export function catalogRoutes(catalog: CatalogReader, settings: SettingsStore) {
  return routeGroup()
    .openapi(listServices, async (c) => c.json({ items: await catalog.listServices() }, 200))
    .openapi(getService, async (c) => {
      const service = await catalog.getService(c.req.valid("param").id);
      return service ? c.json(service, 200) : failWith(getService, c, SERVICE_NOT_FOUND);
    })
    .openapi(listExtras, async (c) => {
      const { serviceId } = c.req.valid("query");
      if (!await catalog.getService(serviceId)) return failWith(listExtras, c, SERVICE_NOT_FOUND);
      return c.json({ items: await catalog.listExtras(serviceId) }, 200);
    })
    // Issue 28: the reader keeps retired frequencies for the bookings that use them; the form offers the active ones.
    .openapi(listFrequencies, async (c) => c.json({ items: (await catalog.listFrequencies()).filter(isOnOffer) }, 200))
    .openapi(listQuestions, async (c) => {
      const { serviceId } = c.req.valid("query");
      if (serviceId && !await catalog.getService(serviceId)) return failWith(listQuestions, c, SERVICE_NOT_FOUND);
      return c.json({ items: await catalog.listQuestions(serviceId || undefined) }, 200);
    })
    .openapi(getContent, async (c) => c.json(await settings.getBookingFormContent(), 200))
    .openapi(getScheduling, async (c) => {
      const [scheduling, serviceArea] = await Promise.all([settings.getScheduling(), settings.getServiceArea()]);
      const { leadDays, horizonDays, firstSlotHour, lastSlotHour, closedWeekdays, dayEndHour } = scheduling;
      return c.json({ leadDays, horizonDays, firstSlotHour, lastSlotHour, closedWeekdays, dayEndHour, serviceArea }, 200);
    })
    .openapi(getBusiness, async (c) => {
      const profile = await settings.getBusinessProfile();
      return profile ? c.json(profile, 200) : failWith(getBusiness, c, PROFILE_NOT_FOUND);
    });
}
