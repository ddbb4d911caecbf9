import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { CatalogReader } from "../../core/catalog/ports.ts";
import type { SettingsStore } from "../../core/settings/ports.ts";
import { sendError, validationHook } from "../http-errors.ts";
import { extrasQuerySchema, questionsQuerySchema } from "../schemas/public.ts";

const serviceNotFound = {
  kind: "not_found" as const,
  code: "SERVICE_NOT_FOUND",
  message: "Service not found.",
};

/** The public catalogue the booking form reads: services, add-ons, frequencies, questions. */
export function catalogRoutes(catalog: CatalogReader, settings: SettingsStore) {
  return new Hono()
    .get("/services", async (c) => c.json({ items: await catalog.listServices() }))
    .get("/services/:id", async (c) => {
      const service = await catalog.getService(c.req.param("id"));
      return service ? c.json(service) : sendError(c, serviceNotFound);
    })
    .get(
      "/extras",
      zValidator("query", extrasQuerySchema, validationHook),
      async (c) => {
        const { serviceId } = c.req.valid("query");
        if (!await catalog.getService(serviceId)) return sendError(c, serviceNotFound);
        return c.json({ items: await catalog.listExtras(serviceId) });
      },
    )
    .get("/frequencies", async (c) => c.json({ items: await catalog.listFrequencies() }))
    .get(
      "/questions",
      zValidator("query", questionsQuerySchema, validationHook),
      async (c) => {
        const { serviceId } = c.req.valid("query");
        if (serviceId && !await catalog.getService(serviceId)) return sendError(c, serviceNotFound);
        return c.json({ items: await catalog.listQuestions(serviceId || undefined) });
      },
    )
    .get("/content", async (c) => c.json(await settings.getBookingFormContent()))
    .get("/business", async (c) => {
      const profile = await settings.getBusinessProfile();
      return profile
        ? c.json(profile)
        : sendError(c, { kind: "not_found", code: "PROFILE_NOT_FOUND", message: "Business profile not set." });
    });
}
