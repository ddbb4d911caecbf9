import type { Context } from "hono";
import {
  type CatalogAdmin,
  CREATE_EXTRA_ERRORS,
  CREATE_FREQUENCY_ERRORS,
  CREATE_QUESTION_ERRORS,
  CREATE_SERVICE_ERRORS,
  DELETE_EXTRA_ERRORS,
  DELETE_FREQUENCY_ERRORS,
  DELETE_QUESTION_ERRORS,
  DELETE_SERVICE_ERRORS,
  GET_SERVICE_ERRORS,
  LIST_BY_SERVICE_ERRORS,
  REORDER_EXTRAS_ERRORS,
  UPDATE_EXTRA_ERRORS,
  UPDATE_FREQUENCY_ERRORS,
  UPDATE_QUESTION_ERRORS,
  UPDATE_SERVICE_ERRORS,
} from "../../../core/catalog/admin-catalog.ts";
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
  servicesQuerySchema,
  serviceUpdateSchema,
  staffServiceSchema,
} from "../../../core/catalog/schemas.ts";
import type { DomainError } from "../../../core/shared/result.ts";
import { type DeclaredCodes, answerWith, failWith } from "../../http-errors.ts";
import { IdParams, itemsOf, json, jsonBody, route, routeGroup } from "../../openapi.ts";

const admin = { tags: ["Staff: catalogue"] as [string], "x-required-role": "admin" as const };
const superadmin = { ...admin, "x-required-role": "superadmin" as const };
const params = IdParams;
const deleted = { 204: { description: "Deleted permanently (no body)" } };

/** Permanent deletes answer 204 No Content. */
const gone = <R>(route: R, c: Context, result: { ok: true } | { ok: false; error: DomainError<DeclaredCodes<R>> }) =>
  result.ok ? c.body(null, 204) : failWith(route, c, result.error);

// ---------------------------------------------------------------- services

const listServices = route({
  ...admin, method: "get", path: "/services", summary: "Every service (any pricing model), with bedroom prices",
  request: { query: servicesQuerySchema },
  responses: { 200: json(itemsOf(staffServiceSchema), "The services") },
});
const createService = route({
  ...admin, method: "post", path: "/services", summary: "Create a service",
  description: "Defaults: HOURLY, rate 60, min 2, max 20, step 0.5, base price 0, checklist [] (issue 31: the cleaners' checklist, staff calls only).",
  request: { body: jsonBody(serviceInputSchema) },
  errors: CREATE_SERVICE_ERRORS,
  responses: { 201: json(staffServiceSchema, "The service") },
});
const getService = route({
  ...admin, method: "get", path: "/services/{id}", summary: "One service, deleted or not",
  request: { params },
  errors: GET_SERVICE_ERRORS,
  responses: { 200: json(staffServiceSchema, "The service") },
});
const updateService = route({
  ...admin, method: "put", path: "/services/{id}", summary: "Update a service (all or some fields)",
  description: "bedroomPrices, when sent, replace the stored rows. The rules across fields are checked on the merged service.",
  request: { params, body: jsonBody(serviceUpdateSchema) },
  errors: UPDATE_SERVICE_ERRORS,
  responses: { 200: json(staffServiceSchema, "The service") },
});
const deleteService = route({
  ...admin, method: "delete", path: "/services/{id}", summary: "Soft-delete a service (hidden, recoverable)",
  request: { params },
  errors: DELETE_SERVICE_ERRORS,
  responses: { 200: json(staffServiceSchema, "The service with deletedAt set") },
});
const restoreService = route({
  ...admin, method: "patch", path: "/services/{id}/restore", summary: "Restore a soft-deleted service",
  request: { params },
  errors: DELETE_SERVICE_ERRORS,
  responses: { 200: json(staffServiceSchema, "The service with deletedAt null") },
});
const hardDeleteService = route({
  ...superadmin, method: "delete", path: "/services/{id}/hard",
  summary: "Delete a service permanently, with its extras and questions (superadmin)",
  description: "Past bookings keep their snapshots. An admin who is not a superadmin gets 403 FORBIDDEN.",
  request: { params },
  errors: DELETE_SERVICE_ERRORS,
  responses: deleted,
});
const reorderExtras = route({
  ...admin, method: "patch", path: "/services/{id}/reorder-extras", summary: "Set the order of the service's extras",
  description: "Orders start at 1. Every extraId must be an extra of this service; one bad entry changes nothing.",
  request: { params, body: jsonBody(reorderExtrasSchema) },
  errors: REORDER_EXTRAS_ERRORS,
  responses: { 200: json(itemsOf(extraSchema), "The service's extras (deleted and inactive too) in their new order") },
});

// ---------------------------------------------------------------- extras

const listExtras = route({
  ...admin, method: "get", path: "/extras", summary: "Extras, by service then order",
  request: { query: extrasAdminQuerySchema },
  errors: LIST_BY_SERVICE_ERRORS,
  responses: { 200: json(itemsOf(extraSchema), "The extras") },
});
const createExtra = route({
  ...admin, method: "post", path: "/extras", summary: "Add an extra to a service",
  description: "The service must exist and not be deleted (a field error on serviceId otherwise).",
  request: { body: jsonBody(extraInputSchema) },
  errors: CREATE_EXTRA_ERRORS,
  responses: { 201: json(extraSchema, "The extra") },
});
const updateExtra = route({
  ...admin, method: "put", path: "/extras/{id}", summary: "Update an extra (also Disable/Enable with active)",
  request: { params, body: jsonBody(extraUpdateSchema) },
  errors: UPDATE_EXTRA_ERRORS,
  responses: { 200: json(extraSchema, "The extra") },
});
const deleteExtra = route({
  ...admin, method: "delete", path: "/extras/{id}", summary: "Soft-delete an extra",
  request: { params },
  errors: DELETE_EXTRA_ERRORS,
  responses: { 200: json(extraSchema, "The extra with deletedAt set") },
});
const restoreExtra = route({
  ...admin, method: "post", path: "/extras/{id}/restore", summary: "Restore a soft-deleted extra",
  request: { params },
  errors: DELETE_EXTRA_ERRORS,
  responses: { 200: json(extraSchema, "The extra with deletedAt null") },
});
const hardDeleteExtra = route({
  ...superadmin, method: "delete", path: "/extras/{id}/hard", summary: "Delete an extra permanently (superadmin)",
  description: "An admin who is not a superadmin gets 403 FORBIDDEN.",
  request: { params },
  errors: DELETE_EXTRA_ERRORS,
  responses: deleted,
});

// ---------------------------------------------------------------- frequencies

const listFrequencies = route({
  ...admin, method: "get", path: "/frequencies", summary: "Every frequency",
  responses: { 200: json(itemsOf(frequencySchema), "The frequencies") },
});
const createFrequency = route({
  ...admin, method: "post", path: "/frequencies", summary: "Add a frequency",
  request: { body: jsonBody(frequencyInputSchema) },
  errors: CREATE_FREQUENCY_ERRORS,
  responses: { 201: json(frequencySchema, "The frequency") },
});
const updateFrequency = route({
  ...admin, method: "put", path: "/frequencies/{id}", summary: "Update a frequency ('Edit %' sends discountPercent; Retire sends active false)",
  description: "ONE_TIME, the default, keeps its code and stays active (409 DEFAULT_FREQUENCY).",
  request: { params, body: jsonBody(frequencyUpdateSchema) },
  errors: UPDATE_FREQUENCY_ERRORS,
  responses: { 200: json(frequencySchema, "The frequency") },
});
const deleteFrequency = route({
  ...admin, method: "delete", path: "/frequencies/{id}", summary: "Delete a frequency permanently",
  description: "Past bookings keep their frequency snapshot. ONE_TIME, the default, cannot be deleted; nor can a frequency " +
    "that a series not ended, or a booking or quote still to come, uses (409 FREQUENCY_IN_USE with details {series, bookings}): " +
    "retire it instead (PUT with active false), which hides it from the booking form.",
  request: { params },
  errors: DELETE_FREQUENCY_ERRORS,
  responses: deleted,
});

// ---------------------------------------------------------------- questions

const listQuestions = route({
  ...admin, method: "get", path: "/questions", summary: "Questions: GLOBAL plus a service's, or all",
  request: { query: questionsAdminQuerySchema },
  errors: LIST_BY_SERVICE_ERRORS,
  responses: { 200: json(itemsOf(questionSchema), "The questions") },
});
const createQuestion = route({
  ...admin, method: "post", path: "/questions", summary: "Add a question",
  description: "A SERVICE question's service must exist and not be deleted (a field error on serviceId otherwise).",
  request: { body: jsonBody(questionInputSchema) },
  errors: CREATE_QUESTION_ERRORS,
  responses: { 201: json(questionSchema, "The question") },
});
const updateQuestion = route({
  ...admin, method: "put", path: "/questions/{id}", summary: "Update a question (also Make required/optional, order)",
  request: { params, body: jsonBody(questionUpdateSchema) },
  errors: UPDATE_QUESTION_ERRORS,
  responses: { 200: json(questionSchema, "The question") },
});
const deleteQuestion = route({
  ...admin, method: "delete", path: "/questions/{id}", summary: "Delete a question permanently",
  description: "Past bookings keep the question text they were answered with.",
  request: { params },
  errors: DELETE_QUESTION_ERRORS,
  responses: deleted,
});

/** The staff calls of the catalogue, mounted under /api/admin behind requireAdmin. */
export function catalogAdminRoutes(catalog: CatalogAdmin) {
  return routeGroup()
    .openapi(listServices, async (c) =>
      c.json({ items: await catalog.services.list({ includeDeleted: c.req.valid("query").includeDeleted }) }, 200))
    .openapi(createService, async (c) => {
      return answerWith(createService, c, await catalog.services.create(c.get("admin"), c.req.valid("json")), 201);
    })
    .openapi(getService, async (c) => {
      return answerWith(getService, c, await catalog.services.get(c.req.valid("param").id), 200);
    })
    .openapi(updateService, async (c) => {
      return answerWith(updateService, c, await catalog.services.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(deleteService, async (c) => {
      return answerWith(deleteService, c, await catalog.services.softDelete(c.get("admin"), c.req.valid("param").id), 200);
    })
    .openapi(restoreService, async (c) => {
      return answerWith(restoreService, c, await catalog.services.restore(c.get("admin"), c.req.valid("param").id), 200);
    })
    .openapi(hardDeleteService, async (c) =>
      gone(hardDeleteService, c, await catalog.services.hardDelete(c.get("admin"), c.req.valid("param").id)))
    .openapi(reorderExtras, async (c) => {
      return answerWith(reorderExtras, c, await catalog.services.reorderExtras(c.get("admin"), c.req.valid("param").id, c.req.valid("json").orders), 200);
    })
    .openapi(listExtras, async (c) => {
      const { serviceId, includeDeleted, includeInactive } = c.req.valid("query");
      const filter = { serviceId: serviceId || undefined, includeDeleted, includeInactive };
      const result = await catalog.extras.list(filter);
      return result.ok ? c.json({ items: result.value }, 200) : failWith(listExtras, c, result.error);
    })
    .openapi(createExtra, async (c) => {
      return answerWith(createExtra, c, await catalog.extras.create(c.get("admin"), c.req.valid("json")), 201);
    })
    .openapi(updateExtra, async (c) => {
      return answerWith(updateExtra, c, await catalog.extras.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(deleteExtra, async (c) => {
      return answerWith(deleteExtra, c, await catalog.extras.softDelete(c.get("admin"), c.req.valid("param").id), 200);
    })
    .openapi(restoreExtra, async (c) => {
      return answerWith(restoreExtra, c, await catalog.extras.restore(c.get("admin"), c.req.valid("param").id), 200);
    })
    .openapi(hardDeleteExtra, async (c) => gone(hardDeleteExtra, c, await catalog.extras.hardDelete(c.get("admin"), c.req.valid("param").id)))
    .openapi(listFrequencies, async (c) => c.json({ items: await catalog.frequencies.list() }, 200))
    .openapi(createFrequency, async (c) => {
      return answerWith(createFrequency, c, await catalog.frequencies.create(c.get("admin"), c.req.valid("json")), 201);
    })
    .openapi(updateFrequency, async (c) => {
      return answerWith(updateFrequency, c, await catalog.frequencies.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(deleteFrequency, async (c) => gone(deleteFrequency, c, await catalog.frequencies.delete(c.get("admin"), c.req.valid("param").id)))
    .openapi(listQuestions, async (c) => {
      const result = await catalog.questions.list(c.req.valid("query").serviceId || undefined);
      return result.ok ? c.json({ items: result.value }, 200) : failWith(listQuestions, c, result.error);
    })
    .openapi(createQuestion, async (c) => {
      return answerWith(createQuestion, c, await catalog.questions.create(c.get("admin"), c.req.valid("json")), 201);
    })
    .openapi(updateQuestion, async (c) => {
      return answerWith(updateQuestion, c, await catalog.questions.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(deleteQuestion, async (c) => gone(deleteQuestion, c, await catalog.questions.delete(c.get("admin"), c.req.valid("param").id)));
}
