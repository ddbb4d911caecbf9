import { type Context, Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import type { CatalogAdmin, WriteInput } from "../../../core/catalog/admin-catalog.ts";
import type { Result } from "../../../core/shared/result.ts";
import { fieldErrorsFromIssues, sendError, sendResult, validationHook } from "../../http-errors.ts";
import { requireSuperadmin } from "../../middleware/auth.ts";
import type { OperationDoc } from "../../openapi.ts";
import { readJsonObject } from "../../read-json.ts";
import {
  extraInputSchema,
  extrasAdminQuerySchema,
  extraUpdateSchema,
  frequencyInputSchema,
  frequencyUpdateSchema,
  questionInputSchema,
  questionsAdminQuerySchema,
  questionUpdateSchema,
  reorderExtrasSchema,
  serviceInputSchema,
  servicesQuerySchema,
  serviceUpdateSchema,
} from "../../schemas/admin-catalog.ts";
import { extraSchema, frequencySchema, questionSchema, serviceSchema } from "../../../core/catalog/schemas.ts";
import { IdParams as idParamSchema, itemsOf } from "../../openapi.ts";

/** The JSON body (400 when it is not an object) and the schema's verdict on its shape. */
async function writeInput(c: Context, schema: z.ZodType): Promise<WriteInput> {
  const body = await readJsonObject(c);
  const parsed = schema.safeParse(body);
  return { body, shapeErrors: parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues) };
}

const listOf = <T>(c: Context, result: Result<T[]>) =>
  result.ok ? c.json({ items: result.value }) : sendError(c, result.error);
/** Permanent deletes answer 204 No Content. */
const gone = (c: Context, result: Result<null>) =>
  result.ok ? c.body(null, 204) : sendError(c, result.error);

/** The staff calls of this group, mounted under /api/admin behind requireAdmin. */
export function catalogAdminRoutes(catalog: CatalogAdmin) {
  return new Hono()
    // ---------------------------------------------------------------- services
    .get("/services", zValidator("query", servicesQuerySchema, validationHook), async (c) => {
      const { includeDeleted } = c.req.valid("query");
      return c.json({ items: await catalog.services.list({ includeDeleted: includeDeleted === "true" }) });
    })
    .post("/services", async (c) =>
      sendResult(c, await catalog.services.create(c.get("admin"), await writeInput(c, serviceInputSchema)), 201))
    .get("/services/:id", async (c) => sendResult(c, await catalog.services.get(c.req.param("id"))))
    .put("/services/:id", async (c) =>
      sendResult(
        c,
        await catalog.services.update(c.get("admin"), c.req.param("id"), await writeInput(c, serviceUpdateSchema)),
      ))
    .delete("/services/:id", async (c) =>
      sendResult(c, await catalog.services.softDelete(c.get("admin"), c.req.param("id"))))
    .patch("/services/:id/restore", async (c) =>
      sendResult(c, await catalog.services.restore(c.get("admin"), c.req.param("id"))))
    .delete("/services/:id/hard", requireSuperadmin, async (c) =>
      gone(c, await catalog.services.hardDelete(c.get("admin"), c.req.param("id"))))
    .patch("/services/:id/reorder-extras", async (c) =>
      sendResult(
        c,
        await catalog.services.reorderExtras(c.get("admin"), c.req.param("id"), await writeInput(c, reorderExtrasSchema)),
      ))
    // ---------------------------------------------------------------- extras
    .get("/extras", zValidator("query", extrasAdminQuerySchema, validationHook), async (c) => {
      const query = c.req.valid("query");
      return listOf(
        c,
        await catalog.extras.list({
          serviceId: query.serviceId || undefined,
          includeDeleted: query.includeDeleted === "true",
          includeInactive: query.includeInactive === "true",
        }),
      );
    })
    .post("/extras", async (c) =>
      sendResult(c, await catalog.extras.create(c.get("admin"), await writeInput(c, extraInputSchema)), 201))
    .put("/extras/:id", async (c) =>
      sendResult(
        c,
        await catalog.extras.update(c.get("admin"), c.req.param("id"), await writeInput(c, extraUpdateSchema)),
      ))
    .delete("/extras/:id", async (c) => sendResult(c, await catalog.extras.softDelete(c.get("admin"), c.req.param("id"))))
    .post("/extras/:id/restore", async (c) =>
      sendResult(c, await catalog.extras.restore(c.get("admin"), c.req.param("id"))))
    .delete("/extras/:id/hard", requireSuperadmin, async (c) =>
      gone(c, await catalog.extras.hardDelete(c.get("admin"), c.req.param("id"))))
    // ---------------------------------------------------------------- frequencies
    .get("/frequencies", async (c) => c.json({ items: await catalog.frequencies.list() }))
    .post("/frequencies", async (c) =>
      sendResult(c, await catalog.frequencies.create(c.get("admin"), await writeInput(c, frequencyInputSchema)), 201))
    .put("/frequencies/:id", async (c) =>
      sendResult(
        c,
        await catalog.frequencies.update(c.get("admin"), c.req.param("id"), await writeInput(c, frequencyUpdateSchema)),
      ))
    .delete("/frequencies/:id", async (c) => gone(c, await catalog.frequencies.delete(c.get("admin"), c.req.param("id"))))
    // ---------------------------------------------------------------- questions
    .get("/questions", zValidator("query", questionsAdminQuerySchema, validationHook), async (c) => {
      const { serviceId } = c.req.valid("query");
      return listOf(c, await catalog.questions.list(serviceId || undefined));
    })
    .post("/questions", async (c) =>
      sendResult(c, await catalog.questions.create(c.get("admin"), await writeInput(c, questionInputSchema)), 201))
    .put("/questions/:id", async (c) =>
      sendResult(
        c,
        await catalog.questions.update(c.get("admin"), c.req.param("id"), await writeInput(c, questionUpdateSchema)),
      ))
    .delete("/questions/:id", async (c) => gone(c, await catalog.questions.delete(c.get("admin"), c.req.param("id"))));
}

// -------------------------------------------------------------------- OpenAPI

const TAG = "Staff: catalogue";
const unauthenticated = { description: "No, bad or expired token" };
const badRequest = { description: "Malformed JSON, a body that is not an object, or a wrong Content-Type" };
const invalid = { description: "Validation failed: fieldErrors holds the messages, keyed by field path" };
const superadminOnly = { description: "Signed in as admin: permanent deletes are for superadmins" };
const notFound = (what: string) => ({ description: `Unknown ${what}` });
const deleted = { description: "Deleted permanently (no body)" };

export const catalogAdminOperations: OperationDoc[] = [
  {
    method: "get", path: "/api/admin/services", tag: TAG, auth: true, summary: "Every service (any pricing model), with bedroom prices",
    query: servicesQuerySchema,
    responses: { 200: { description: "The services", schema: itemsOf(serviceSchema) }, 401: unauthenticated, 422: invalid },
  },
  {
    method: "post", path: "/api/admin/services", tag: TAG, auth: true, summary: "Create a service",
    description: "Defaults: HOURLY, rate 60, min 2, max 20, step 0.5, base price 0.",
    body: serviceInputSchema,
    responses: {
      201: { description: "The service", schema: serviceSchema }, 400: badRequest, 401: unauthenticated,
      409: { description: "SLUG_TAKEN: another service (deleted ones included) has the slug" }, 422: invalid,
    },
  },
  {
    method: "get", path: "/api/admin/services/{id}", tag: TAG, auth: true, summary: "One service, deleted or not",
    params: idParamSchema,
    responses: { 200: { description: "The service", schema: serviceSchema }, 401: unauthenticated, 404: notFound("service") },
  },
  {
    method: "put", path: "/api/admin/services/{id}", tag: TAG, auth: true, summary: "Update a service (all or some fields)",
    description: "bedroomPrices, when sent, replace the stored rows. The merged service is validated as on create.",
    params: idParamSchema, body: serviceUpdateSchema,
    responses: {
      200: { description: "The service", schema: serviceSchema }, 400: badRequest, 401: unauthenticated,
      404: notFound("service"), 409: { description: "SLUG_TAKEN" }, 422: invalid,
    },
  },
  {
    method: "delete", path: "/api/admin/services/{id}", tag: TAG, auth: true, summary: "Soft-delete a service (hidden, recoverable)",
    params: idParamSchema,
    responses: { 200: { description: "The service with deletedAt set", schema: serviceSchema }, 401: unauthenticated, 404: notFound("service") },
  },
  {
    method: "patch", path: "/api/admin/services/{id}/restore", tag: TAG, auth: true, summary: "Restore a soft-deleted service",
    params: idParamSchema,
    responses: { 200: { description: "The service with deletedAt null", schema: serviceSchema }, 401: unauthenticated, 404: notFound("service") },
  },
  {
    method: "delete", path: "/api/admin/services/{id}/hard", tag: TAG, auth: true, superadmin: true, summary: "Delete a service permanently, with its extras and questions (superadmin)",
    description: "Past bookings keep their snapshots.",
    params: idParamSchema,
    responses: { 204: deleted, 401: unauthenticated, 403: superadminOnly, 404: notFound("service") },
  },
  {
    method: "patch", path: "/api/admin/services/{id}/reorder-extras", tag: TAG, auth: true, summary: "Set the order of the service's extras",
    description: "Orders start at 1. Every extraId must be an extra of this service; one bad entry changes nothing.",
    params: idParamSchema, body: reorderExtrasSchema,
    responses: {
      200: { description: "The service's extras (deleted and inactive too) in their new order", schema: itemsOf(extraSchema) },
      400: badRequest, 401: unauthenticated, 404: notFound("service"), 422: invalid,
    },
  },
  {
    method: "get", path: "/api/admin/extras", tag: TAG, auth: true, summary: "Extras, by service then order",
    query: extrasAdminQuerySchema,
    responses: { 200: { description: "The extras", schema: itemsOf(extraSchema) }, 401: unauthenticated, 404: notFound("service"), 422: invalid },
  },
  {
    method: "post", path: "/api/admin/extras", tag: TAG, auth: true, summary: "Add an extra to a service",
    body: extraInputSchema,
    responses: { 201: { description: "The extra", schema: extraSchema }, 400: badRequest, 401: unauthenticated, 422: invalid },
  },
  {
    method: "put", path: "/api/admin/extras/{id}", tag: TAG, auth: true, summary: "Update an extra (also Disable/Enable with active)",
    params: idParamSchema, body: extraUpdateSchema,
    responses: { 200: { description: "The extra", schema: extraSchema }, 400: badRequest, 401: unauthenticated, 404: notFound("extra"), 422: invalid },
  },
  {
    method: "delete", path: "/api/admin/extras/{id}", tag: TAG, auth: true, summary: "Soft-delete an extra",
    params: idParamSchema,
    responses: { 200: { description: "The extra with deletedAt set", schema: extraSchema }, 401: unauthenticated, 404: notFound("extra") },
  },
  {
    method: "post", path: "/api/admin/extras/{id}/restore", tag: TAG, auth: true, summary: "Restore a soft-deleted extra",
    params: idParamSchema,
    responses: { 200: { description: "The extra with deletedAt null", schema: extraSchema }, 401: unauthenticated, 404: notFound("extra") },
  },
  {
    method: "delete", path: "/api/admin/extras/{id}/hard", tag: TAG, auth: true, superadmin: true, summary: "Delete an extra permanently (superadmin)",
    params: idParamSchema,
    responses: { 204: deleted, 401: unauthenticated, 403: superadminOnly, 404: notFound("extra") },
  },
  {
    method: "get", path: "/api/admin/frequencies", tag: TAG, auth: true, summary: "Every frequency",
    responses: { 200: { description: "The frequencies", schema: itemsOf(frequencySchema) }, 401: unauthenticated },
  },
  {
    method: "post", path: "/api/admin/frequencies", tag: TAG, auth: true, summary: "Add a frequency",
    body: frequencyInputSchema,
    responses: {
      201: { description: "The frequency", schema: frequencySchema }, 400: badRequest, 401: unauthenticated,
      409: { description: "CODE_TAKEN: another frequency has the code" }, 422: invalid,
    },
  },
  {
    method: "put", path: "/api/admin/frequencies/{id}", tag: TAG, auth: true, summary: "Update a frequency ('Edit %' sends discountPercent)",
    params: idParamSchema, body: frequencyUpdateSchema,
    responses: {
      200: { description: "The frequency", schema: frequencySchema }, 400: badRequest, 401: unauthenticated, 404: notFound("frequency"),
      409: { description: "CODE_TAKEN; or DEFAULT_FREQUENCY: ONE_TIME keeps its code" }, 422: invalid,
    },
  },
  {
    method: "delete", path: "/api/admin/frequencies/{id}", tag: TAG, auth: true, summary: "Delete a frequency permanently",
    description: "Past bookings keep their frequency snapshot. ONE_TIME, the default, cannot be deleted.",
    params: idParamSchema,
    responses: { 204: deleted, 401: unauthenticated, 404: notFound("frequency"), 409: { description: "DEFAULT_FREQUENCY: ONE_TIME stays" } },
  },
  {
    method: "get", path: "/api/admin/questions", tag: TAG, auth: true, summary: "Questions: GLOBAL plus a service's, or all",
    query: questionsAdminQuerySchema,
    responses: { 200: { description: "The questions", schema: itemsOf(questionSchema) }, 401: unauthenticated, 404: notFound("service") },
  },
  {
    method: "post", path: "/api/admin/questions", tag: TAG, auth: true, summary: "Add a question",
    body: questionInputSchema,
    responses: { 201: { description: "The question", schema: questionSchema }, 400: badRequest, 401: unauthenticated, 422: invalid },
  },
  {
    method: "put", path: "/api/admin/questions/{id}", tag: TAG, auth: true, summary: "Update a question (also Make required/optional, order)",
    params: idParamSchema, body: questionUpdateSchema,
    responses: { 200: { description: "The question", schema: questionSchema }, 400: badRequest, 401: unauthenticated, 404: notFound("question"), 422: invalid },
  },
  {
    method: "delete", path: "/api/admin/questions/{id}", tag: TAG, auth: true, summary: "Delete a question permanently",
    description: "Past bookings keep the question text they were answered with.",
    params: idParamSchema,
    responses: { 204: deleted, 401: unauthenticated, 404: notFound("question") },
  },
];
