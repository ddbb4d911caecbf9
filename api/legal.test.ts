/**
 * GET /api/legal/{page} on a minimal app that mounts only the legal group (as buildApp does, under
 * /api, with the one error mapper), so it runs before the group is mounted in app.ts.
 */
import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Hono } from "hono";
import { ErrorBodySchema } from "../core/shared/error-codes.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { legalPage } from "../core/settings/legal-pages.ts";
import type { BusinessProfile } from "../core/settings/types.ts";
import { describeOnTargets } from "../adapters/postgres/test-db.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { onError } from "./http-errors.ts";
import { buildOpenApiDocument, routeGroup } from "./openapi.ts";
import { LegalPageSchema, legalRoutes } from "./routes/legal.ts";

function legalApp(getBusinessProfile: () => Promise<BusinessProfile | null>) {
  const api = routeGroup().basePath("/api");
  api.route("/", legalRoutes({ getBusinessProfile }));
  const app = new Hono();
  app.onError(onError);
  app.route("/", api);
  return { app, api };
}

const get = async (app: Hono, path: string) => {
  const response = await app.request(path);
  return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
};

const OTHER: BusinessProfile = {
  ...DEMO_BUSINESS_PROFILE,
  brandName: "Bayside Sparkle",
  legalName: "Bayside Sparkle Pty Ltd",
  email: "care@bayside.test",
  phone: "02 9000 1234",
};

Deno.test("GET /api/legal/{page}: each page, worded for the stored profile", async () => {
  const { app } = legalApp(() => Promise.resolve(OTHER));
  for (const page of ["privacy", "terms"] as const) {
    const answer = await get(app, `/api/legal/${page}`);
    assert.equal(answer.status, 200, page);
    assert.match(answer.type ?? "", /^application\/json/);
    // Exactly the declared shape: nothing zod would strip unseen.
    assert.deepEqual(LegalPageSchema.strict().parse(answer.body), answer.body);
    assert.deepEqual(answer.body, legalPage(page, OTHER));
    const text = JSON.stringify(answer.body);
    assert.ok(text.includes("Bayside Sparkle (Bayside Sparkle Pty Ltd)"), page);
    assert.ok(text.includes("care@bayside.test"), page);
    assert.ok(!text.includes("Yarra Shine"), page);
  }
  assert.equal((await get(app, "/api/legal/privacy")).body.title, "Privacy Policy");
  assert.equal((await get(app, "/api/legal/terms")).body.title, "Terms and Conditions");
});

Deno.test("GET /api/legal/{page}: 422 for an unknown page, 404 without a profile", async () => {
  const { app } = legalApp(() => Promise.resolve(DEMO_BUSINESS_PROFILE));
  for (const page of ["cookies", "Privacy", "privacy.html"]) {
    const answer = await get(app, `/api/legal/${page}`);
    assert.equal(answer.status, 422, page);
    assert.equal(ErrorBodySchema.parse(answer.body).code, "VALIDATION_FAILED");
    assert.ok(answer.body.fieldErrors.page?.length, page);
  }

  const { app: blank } = legalApp(() => Promise.resolve(null));
  const missing = await get(blank, "/api/legal/privacy");
  assert.equal(missing.status, 404);
  assert.deepEqual(ErrorBodySchema.parse(missing.body), { error: "Business profile not set.", code: "PROFILE_NOT_FOUND" });
});

Deno.test("GET /api/legal/{page}: declared for the OpenAPI document (Site, public)", async () => {
  const { api } = legalApp(() => Promise.resolve(DEMO_BUSINESS_PROFILE));
  const doc = buildOpenApiDocument(api);
  await SwaggerParser.validate(structuredClone(doc) as never);
  const operation = (doc.paths?.["/api/legal/{page}"] as Record<string, Record<string, unknown>> | undefined)?.get;
  assert.ok(operation, Object.keys(doc.paths ?? {}).join(", "));
  assert.deepEqual(operation.tags, ["Site"]);
  assert.equal(operation["x-required-role"], "public");
  assert.equal(operation.security, undefined);
  assert.deepEqual(Object.keys(operation.responses as object).sort(), ["200", "404", "422", "503"]);
  const [param] = operation.parameters as { name: string; in: string; schema: { enum?: string[] } }[];
  assert.deepEqual([param.name, param.in, param.schema.enum], ["page", "path", ["privacy", "terms"]]);
});

describeOnTargets("GET /api/legal/{page} with the seeded profile", async (_t, db) => {
  await seedDemoData(db.sql);
  const settings = makeSettingsStore(db.sql);
  const { app } = legalApp(() => settings.getBusinessProfile());
  const answer = await get(app, "/api/legal/privacy");
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body, legalPage("privacy", (await settings.getBusinessProfile())!));
  assert.ok(JSON.stringify(answer.body).includes(DEMO_BUSINESS_PROFILE.email));
});
