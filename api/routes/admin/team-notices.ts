/**
 * Issue 31: how cleaners are told of their jobs, the staff calls: any staff member reads the
 * setting, superadmins change it (audited). The e-mails themselves go from the notices job
 * (adapters/jobs/cleaner-notices.ts).
 */
import type { Context } from "hono";
import {
  type TeamNoticeSettingsAdmin,
  teamNoticeSettingsSchema,
  type TeamNoticeSettingsStore,
} from "../../../core/settings/team-notices.ts";
import type { Actor } from "../../../core/shared/audit.ts";
import { json, jsonBody, route, type RouteGroup, routeGroup } from "../../openapi.ts";

export interface TeamNoticesAdminDeps {
  settings: Pick<TeamNoticeSettingsStore, "getTeamNotices">;
  settingsAdmin: TeamNoticeSettingsAdmin;
}

const actorOf = (c: Context): Actor => {
  const { _id, email } = c.get("admin");
  return { _id, email, sessionId: c.get("sessionId") };
};

const tags: [string] = ["Staff: settings and accounts"];

const getTeamNotices = route({
  method: "get", path: "/settings/team-notices", tags, "x-required-role": "admin",
  summary: "How cleaners are told of their jobs: the evening run sheet's hour",
  description: "Cleaners with an e-mail address are always e-mailed each job they are put on (with an .ics), moved on, or taken off " +
    "(METHOD:CANCEL). runSheetHour is the Melbourne hour (0-23) each cleaner with jobs tomorrow gets the list of them, once; null (the default) sends none.",
  responses: { 200: json(teamNoticeSettingsSchema, "The setting") },
});
const saveTeamNotices = route({
  method: "put", path: "/settings/team-notices", tags, "x-required-role": "superadmin",
  summary: "Save the evening run sheet's hour (superadmin only)",
  description: "runSheetHour: a whole hour 0-23, Melbourne time, or null to send no run sheet (422 with fieldErrors.runSheetHour otherwise). " +
    "A change takes effect within a minute; a day's run sheets already sent are not sent again. Audited as settings.team_notices.",
  request: { body: jsonBody(teamNoticeSettingsSchema) },
  responses: { 200: json(teamNoticeSettingsSchema, "The saved setting") },
});

/**
 * Mounted under /api/admin behind requireAdmin. Typed as a plain group: no caller reads its routes'
 * types, and merging every group's into buildApp's made TypeScript give up (TS2589).
 */
export function teamNoticesAdminRoutes(deps: TeamNoticesAdminDeps): RouteGroup {
  return routeGroup()
    .openapi(getTeamNotices, async (c) => c.json(await deps.settings.getTeamNotices(), 200))
    .openapi(saveTeamNotices, async (c) => c.json(await deps.settingsAdmin.save(actorOf(c), c.req.valid("json")), 200));
}
