import { z } from "zod";
import { LEGAL_PAGE_NAMES, legalPage } from "../../core/settings/legal-pages.ts";
import { PROFILE_NOT_FOUND, type SettingsStore } from "../../core/settings/ports.ts";
import { failWith } from "../http-errors.ts";
import { json, route, routeGroup } from "../openapi.ts";

// The answer's shape (core/settings/legal-pages.ts LegalPage); kept here so the module the web
// pages import stays zod-free.
const LegalSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()).meta({ description: "Plain text, one paragraph each" }),
}).meta({ id: "LegalSection" });

export const LegalPageSchema = z.object({
  page: z.enum(LEGAL_PAGE_NAMES),
  title: z.string(),
  lastUpdated: z.string().meta({ description: "When the wording last changed, YYYY-MM-DD", examples: ["2026-11-23"] }),
  sections: z.array(LegalSectionSchema),
}).meta({ id: "LegalPage" });

const LegalPageParams = z.object({
  page: z.enum(LEGAL_PAGE_NAMES).meta({ description: "Which page: the privacy policy or the terms" }),
});

const getLegalPage = route({
  method: "get", path: "/legal/{page}", tags: ["Site"], "x-required-role": "public",
  summary: "The Privacy Policy or the Terms, with the business's name and contacts filled in",
  description: "An unknown page name is a 422 (VALIDATION_FAILED).",
  request: { params: LegalPageParams },
  errors: [PROFILE_NOT_FOUND],
  responses: { 200: json(LegalPageSchema, "The page: title, last-updated date and sections of plain-text paragraphs") },
});

/** The site's legal pages, worded for the stored business profile. */
export function legalRoutes(settings: Pick<SettingsStore, "getBusinessProfile">) {
  return routeGroup().openapi(getLegalPage, async (c) => {
    const profile = await settings.getBusinessProfile();
    if (!profile) return failWith(getLegalPage, c, PROFILE_NOT_FOUND);
    return c.json(legalPage(c.req.valid("param").page, profile), 200);
  });
}
