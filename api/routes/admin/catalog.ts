import type { Context } from "hono";
import type { CatalogAdmin } from "../../../core/catalog/admin-catalog.ts";
import {
  extraInputSchema,
  extraSchema,
  extrasAdminQuerySchema,
  extraUpdateSchema,
  frequencyInputSchema,
  frequencySchema,
  frequencyUpdateSchema,
  questionInputSchema,
  questionSchema,
  questionsAdminQuerySchema,
  questionUpdateSchema,
  reorderExtrasSchema,
  serviceInputSchema,
  serviceSchema,
  servicesQuerySchema,
  serviceUpdateSchema,
} from "../../../core/catalog/schemas.ts";
import type { Result } from "../../../core/shared/result.ts";
import { failWith } from "../../http-errors.ts";
import { errors, IdParams, itemsOf, json, jsonBody, route, routeGroup } from "../../openapi.ts";

const admin = { tags: ["Staff: catalogue"] as [string], "x-required-role": "admin" as const };
const superadmin = { ...admin, "x-required-role": "superadmin" as const };
const params = IdParams;
const unknown = (what: string) => [404, `Unknown ${what}`] as [404, string];
const deleted = { 204: { description: "Deleted permanently (no body)" } };
const superadminOnly = [403, "Signed in as admin: permanent deletes are for superadmins"] as [403, string];
const slugTaken = [409, "SLUG_TAKEN: another service (deleted ones included) has the slug"] as [409, string];

/** A use case's value as JSON with the route's success status, or its error in the one shape. */
const answer = <T, S extends 200 | 201>(c: Context, result: Result<T>, status: S) =>
  result.ok ? c.json(result.value, status) : failWith(c, result.error);
/** Permanent deletes answer 204 No Content. */
const gone = (c: Context, result: Result<null>) => (result.ok ? c.body(null, 204) : failWith(c, result.error));

// ---------------------------------------------------------------- services

const listServices = route({
  ...admin, method: "get", path: "/services", summary: "Every service (any pricing model), with bedroom prices",
  request: { query: servicesQuerySchema },
  responses: { 200: json(itemsOf(serviceSchema), "The services"), ...errors(422) },
});
const createService = route({
  ...admin, method: "post", path: "/services", summary: "Create a service",
  description: "Defaults: HOURLY, rate 60, min 2, max 20, step 0.5, base price 0.",
  request: { body: jsonBody(serviceInputSchema) },
  responses: { 201: json(serviceSchema, "The service"), ...errors(slugTaken, 422) },
});
const getService = route({
  ...admin, method: "get", path: "/services/{id}", summary: "One service, deleted or not",
  request: { params },
  responses: { 200: json(serviceSchema, "The service"), ...errors(unknown("service")) },
});
const updateService = route({
  ...admin, method: "put", path: "/services/{id}", summary: "Update a service (all or some fields)",
  description: "bedroomPrices, when sent, replace the stored rows. The rules across fields are checked on the merged service.",
  request: { params, body: jsonBody(serviceUpdateSchema) },
  responses: { 200: json(serviceSchema, "The service"), ...errors(unknown("service"), slugTaken, 422) },
});
const deleteService = route({
  ...admin, method: "delete", path: "/services/{id}", summary: "Soft-delete a service (hidden, recoverable)",
  request: { params },
  responses: { 200: json(serviceSchema, "The service with deletedAt set"), ...errors(unknown("service")) },
});
const restoreService = route({
  ...admin, method: "patch", path: "/services/{id}/restore", summary: "Restore a soft-deleted service",
  request: { params },
  responses: { 200: json(serviceSchema, "The service with deletedAt null"), ...errors(unknown("service")) },
});
const hardDeleteService = route({
  ...superadmin, method: "delete", path: "/services/{id}/hard",
  summary: "Delete a service permanently, with its extras and questions (superadmin)",
  description: "Past bookings keep their snapshots.",
  request: { params },
  responses: { ...deleted, ...errors(superadminOnly, unknown("service")) },
});
const reorderExtras = route({
  ...admin, method: "patch", path: "/services/{id}/reorder-extras", summary: "Set the order of the service's extras",
  description: "Orders start at 1. Every extraId must be an extra of this service; one bad entry changes nothing.",
  request: { params, body: jsonBody(reorderExtrasSchema) },
  responses: {
    200: json(itemsOf(extraSchema), "The service's extras (deleted and inactive too) in their new order"),
    ...errors(unknown("service"), 422),
  },
});

// ---------------------------------------------------------------- extras

const listExtras = route({
  ...admin, method: "get", path: "/extras", summary: "Extras, by service then order",
  request: { query: extrasAdminQuerySchema },
  responses: { 200: json(itemsOf(extraSchema), "The extras"), ...errors(unknown("service"), 422) },
});
const createExtra = route({
  ...admin, method: "post", path: "/extras", summary: "Add an extra to a service",
  request: { body: jsonBody(extraInputSchema) },
  responses: { 201: json(extraSchema, "The extra"), ...errors(422) },
});
const updateExtra = route({
  ...admin, method: "put", path: "/extras/{id}", summary: "Update an extra (also Disable/Enable with active)",
  request: { params, body: jsonBody(extraUpdateSchema) },
  responses: { 200: json(extraSchema, "The extra"), ...errors(unknown("extra"), 422) },
});
const deleteExtra = route({
  ...admin, method: "delete", path: "/extras/{id}", summary: "Soft-delete an extra",
  request: { params },
  responses: { 200: json(extraSchema, "The extra with deletedAt set"), ...errors(unknown("extra")) },
});
const restoreExtra = route({
  ...admin, method: "post", path: "/extras/{id}/restore", summary: "Restore a soft-deleted extra",
  request: { params },
  responses: { 200: json(extraSchema, "The extra with deletedAt null"), ...errors(unknown("extra")) },
});
const hardDeleteExtra = route({
  ...superadmin, method: "delete", path: "/extras/{id}/hard", summary: "Delete an extra permanently (superadmin)",
  request: { params },
  responses: { ...deleted, ...errors(superadminOnly, unknown("extra")) },
});

// ---------------------------------------------------------------- frequencies

const listFrequencies = route({
  ...admin, method: "get", path: "/frequencies", summary: "Every frequency",
  responses: { 200: json(itemsOf(frequencySchema), "The frequencies") },
});
const createFrequency = route({
  ...admin, method: "post", path: "/frequencies", summary: "Add a frequency",
  request: { body: jsonBody(frequencyInputSchema) },
  responses: { 201: json(frequencySchema, "The frequency"), ...errors([409, "CODE_TAKEN: another frequency has the code"], 422) },
});
const updateFrequency = route({
  ...admin, method: "put", path: "/frequencies/{id}", summary: "Update a frequency ('Edit %' sends discountPercent; Retire sends active false)",
  request: { params, body: jsonBody(frequencyUpdateSchema) },
  responses: {
    200: json(frequencySchema, "The frequency"),
    ...errors(unknown("frequency"), [409, "CODE_TAKEN; or DEFAULT_FREQUENCY: ONE_TIME keeps its code and stays active"], 422),
  },
});
const deleteFrequency = route({
  ...admin, method: "delete", path: "/frequencies/{id}", summary: "Delete a frequency permanently",
  description: "Past bookings keep their frequency snapshot. ONE_TIME, the default, cannot be deleted; nor can a frequency " +
    "that a series not ended, or a booking or quote still to come, uses (409 FREQUENCY_IN_USE with details {series, bookings}): " +
    "retire it instead (PUT with active false), which hides it from the booking form.",
  request: { params },
  responses: { ...deleted, ...errors(unknown("frequency"), [409, "DEFAULT_FREQUENCY: ONE_TIME stays; FREQUENCY_IN_USE: details {series, bookings} count its users"]) },
});

// ---------------------------------------------------------------- questions

const listQuestions = route({
  ...admin, method: "get", path: "/questions", summary: "Questions: GLOBAL plus a service's, or all",
  request: { query: questionsAdminQuerySchema },
  responses: { 200: json(itemsOf(questionSchema), "The questions"), ...errors(unknown("service"), 422) },
});
const createQuestion = route({
  ...admin, method: "post", path: "/questions", summary: "Add a question",
  request: { body: jsonBody(questionInputSchema) },
  responses: { 201: json(questionSchema, "The question"), ...errors(422) },
});
const updateQuestion = route({
  ...admin, method: "put", path: "/questions/{id}", summary: "Update a question (also Make required/optional, order)",
  request: { params, body: jsonBody(questionUpdateSchema) },
  responses: { 200: json(questionSchema, "The question"), ...errors(unknown("question"), 422) },
});
const deleteQuestion = route({
  ...admin, method: "delete", path: "/questions/{id}", summary: "Delete a question permanently",
  description: "Past bookings keep the question text they were answered with.",
  request: { params },
  responses: { ...deleted, ...errors(unknown("question")) },
});

/** The staff calls of the catalogue, mounted under /api/admin behind requireAdmin. */
export function catalogAdminRoutes(catalog: CatalogAdmin) {
  return routeGroup()
    .openapi(listServices, async (c) =>
      c.json({ items: await catalog.services.list({ includeDeleted: c.req.valid("query").includeDeleted }) }, 200))
    .openapi(createService, async (c) => answer(c, await catalog.services.create(c.get("admin"), c.req.valid("json")), 201))
    .openapi(getService, async (c) => answer(c, await catalog.services.get(c.req.valid("param").id), 200))
    .openapi(updateService, async (c) =>
      answer(c, await catalog.services.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(deleteService, async (c) => answer(c, await catalog.services.softDelete(c.get("admin"), c.req.valid("param").id), 200))
    .openapi(restoreService, async (c) => answer(c, await catalog.services.restore(c.get("admin"), c.req.valid("param").id), 200))
    .openapi(hardDeleteService, async (c) => gone(c, await catalog.services.hardDelete(c.get("admin"), c.req.valid("param").id)))
    .openapi(reorderExtras, async (c) =>
      answer(c, await catalog.services.reorderExtras(c.get("admin"), c.req.valid("param").id, c.req.valid("json").orders), 200))
    .openapi(listExtras, async (c) => {
      const { serviceId, includeDeleted, includeInactive } = c.req.valid("query");
      const filter = { serviceId: serviceId || undefined, includeDeleted, includeInactive };
      const result = await catalog.extras.list(filter);
      return result.ok ? c.json({ items: result.value }, 200) : failWith(c, result.error);
    })
    .openapi(createExtra, async (c) => answer(c, await catalog.extras.create(c.get("admin"), c.req.valid("json")), 201))
    .openapi(updateExtra, async (c) =>
      answer(c, await catalog.extras.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(deleteExtra, async (c) => answer(c, await catalog.extras.softDelete(c.get("admin"), c.req.valid("param").id), 200))
    .openapi(restoreExtra, async (c) => answer(c, await catalog.extras.restore(c.get("admin"), c.req.valid("param").id), 200))
    .openapi(hardDeleteExtra, async (c) => gone(c, await catalog.extras.hardDelete(c.get("admin"), c.req.valid("param").id)))
    .openapi(listFrequencies, async (c) => c.json({ items: await catalog.frequencies.list() }, 200))
    .openapi(createFrequency, async (c) => answer(c, await catalog.frequencies.create(c.get("admin"), c.req.valid("json")), 201))
    .openapi(updateFrequency, async (c) =>
      answer(c, await catalog.frequencies.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(deleteFrequency, async (c) => gone(c, await catalog.frequencies.delete(c.get("admin"), c.req.valid("param").id)))
    .openapi(listQuestions, async (c) => {
      const result = await catalog.questions.list(c.req.valid("query").serviceId || undefined);
      return result.ok ? c.json({ items: result.value }, 200) : failWith(c, result.error);
    })
    .openapi(createQuestion, async (c) => answer(c, await catalog.questions.create(c.get("admin"), c.req.valid("json")), 201))
    .openapi(updateQuestion, async (c) =>
      answer(c, await catalog.questions.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(deleteQuestion, async (c) => gone(c, await catalog.questions.delete(c.get("admin"), c.req.valid("param").id)));
}
