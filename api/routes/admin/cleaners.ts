import { CHANGE_CLEANER_ERRORS, type CleanersAdmin, REMOVE_TIME_OFF_ERRORS } from "../../../core/cleaners/use-cases.ts";
import { ASSIGN_CLEANERS_ERRORS, type CleanerAssignment } from "../../../core/booking/staff/assign-cleaners.ts";
import { z } from "zod";
import {
  assignmentInputSchema,
  cleanerInputSchema,
  cleanerListSchema,
  cleanerPatchSchema,
  cleanersQuerySchema,
  teamCleanerSchema,
  timeOffInputSchema,
  timeOffSchema,
  workingHoursInputSchema,
} from "../../../core/cleaners/schemas.ts";
import { bookingRecordSchema } from "../../../core/booking/schemas.ts";
import { answerWith, failWith } from "../../http-errors.ts";
import { IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";
import { presentRecord } from "../bookings.ts";
import {
  type CleanerAccount,
  type CleanerAccounts,
  CREATE_CLEANER_ACCOUNT_ERRORS,
  GET_CLEANER_ACCOUNT_ERRORS,
  REMOVE_CLEANER_ACCOUNT_ERRORS,
} from "../../../core/admin/cleaner-accounts.ts";
import {
  cleanerAccountAnswerSchema,
  createdCleanerAccountSchema,
  newCleanerAccountSchema,
  SET_PASSWORD_LINK_HOURS,
} from "../../../core/admin/cleaner-account-form.ts";

const admin = { tags: ["Staff: schedule and team"] as [string], "x-required-role": "admin" as const };
/** What a 422 on a cleaner's details names. */
const cleanerFields =
  "A 422 names the field (name required, at most 100 characters; phone an Australian number; email shaped x@y.z; colour #RRGGBB; active a boolean).";

const TimeOffParams = z.object({
  id: z.string().meta({ description: "The cleaner's _id" }),
  timeOffId: z.string().meta({ description: "The time off's _id" }),
});

const listCleaners = route({
  ...admin, method: "get", path: "/cleaners", summary: "The team, by name",
  description: "Each cleaner with their working week (the business's open weekdays from the first start hour to the close of the day until staff set one) and their time off that ends today or later (Melbourne).",
  request: { query: cleanersQuerySchema },
  responses: { 200: json(cleanerListSchema, "The cleaners") },
});
const createCleaner = route({
  ...admin, method: "post", path: "/cleaners", summary: "Add a cleaner to the team",
  description: "Active from the start. Without a colour, the first colour of the team's palette that no active cleaner has. Audited as cleaner.create. " +
    cleanerFields,
  request: { body: jsonBody(cleanerInputSchema) },
  responses: { 201: json(teamCleanerSchema, "The cleaner") },
});
const updateCleaner = route({
  ...admin, method: "patch", path: "/cleaners/{id}", summary: "Change a cleaner's details, or (de)activate them",
  description: "Only the fields sent change; sending what is stored changes nothing and writes no audit row. Audited as cleaner.update with the changed fields before and after. " +
    cleanerFields,
  request: { params: IdParams, body: jsonBody(cleanerPatchSchema) },
  errors: CHANGE_CLEANER_ERRORS,
  responses: { 200: json(teamCleanerSchema, "The cleaner") },
});
const deactivateCleaner = route({
  ...admin, method: "delete", path: "/cleaners/{id}", summary: "Deactivate a cleaner",
  description: "The cleaner is kept, with active false: the jobs they were on still say so, and they are offered for no new one. PATCH with active true brings them back. Audited as cleaner.deactivate.",
  request: { params: IdParams },
  errors: CHANGE_CLEANER_ERRORS,
  responses: { 200: json(teamCleanerSchema, "The cleaner, active false") },
});
const assignCleaners = route({
  ...admin, method: "put", path: "/bookings/{id}/cleaners", summary: "Put cleaners on a job (replacing whoever was on it)",
  description:
    "cleanerIds in the order to show them; [] takes everyone off (always allowed). A cleaner can be on one job at a time: " +
    "when one is already on another PENDING, CONFIRMED or DONE booking whose visit (start to end) overlaps this one's, the answer is " +
    "409 CLEANER_BUSY naming the cleaner, that booking's reference and its time, with details { cleanerId, bookingId, reference }; " +
    "back-to-back visits (one ends as the other starts) are no clash, and cancelled bookings hold no one. In team mode (scheduling " +
    "availabilityMode TEAM) each cleaner must also work then and not be on leave (409 CLEANER_UNAVAILABLE), and keep teamGapMin minutes " +
    "from their other jobs (409 CLEANER_BUSY). The check and the write run through the one reservation, under the job's day locks and the " +
    "cleaners' locks, so of simultaneous assignments of one cleaner to overlapping jobs exactly one succeeds. " +
    "Sending the cleaners the job has changes nothing. Audited as booking.cleaners with cleanerIds before and after. " +
    "A 422 names fieldErrors.cleanerIds (not a list of ids, more than 10, one listed twice, not a cleaner of the team, or deactivated and not on the job already).",
  request: { params: IdParams, body: jsonBody(assignmentInputSchema) },
  errors: ASSIGN_CLEANERS_ERRORS,
  responses: { 200: json(bookingRecordSchema, "The booking, with its cleanerIds") },
});

const setWorkingHours = route({
  ...admin, method: "put", path: "/cleaners/{id}/working-hours", summary: "Set a cleaner's working week (replacing it)",
  description:
    "One stretch per weekday worked (0 = Sunday ... 6 = Saturday), start and end HH:MM on the quarter hour in Melbourne time, end after start " +
    "(24:00 is midnight); a weekday left out is not worked, and days [] is a cleaner who works no day. From then on the business's default " +
    "week no longer applies to them (workingHoursSet true). Saving the week they have writes nothing. Audited as cleaner.working_hours with " +
    "workingHoursSet and days before and after. A 422 names the entry (days.2.end): a weekday listed twice, a weekday outside 0-6, " +
    "a time not HH:MM on the quarter hour, an end not after its start.",
  request: { params: IdParams, body: jsonBody(workingHoursInputSchema) },
  errors: CHANGE_CLEANER_ERRORS,
  responses: { 200: json(teamCleanerSchema, "The cleaner, with the week saved") },
});
const addTimeOff = route({
  ...admin, method: "post", path: "/cleaners/{id}/time-off", summary: "Add time off for a cleaner",
  description: "Whole Melbourne days from `from` to `to`, both included, at most 366 days; reason optional (one line, at most 200 characters). Audited as cleaner.time_off_add.",
  request: { params: IdParams, body: jsonBody(timeOffInputSchema) },
  errors: CHANGE_CLEANER_ERRORS,
  responses: { 201: json(timeOffSchema, "The time off") },
});
const removeTimeOff = route({
  ...admin, method: "delete", path: "/cleaners/{id}/time-off/{timeOffId}", summary: "Remove a cleaner's time off",
  description: "Audited as cleaner.time_off_remove with the time off removed.",
  request: { params: TimeOffParams },
  errors: REMOVE_TIME_OFF_ERRORS,
  responses: { 204: { description: "Removed" } },
});

// Issue 31: a cleaner's login.
const getCleanerAccount = route({
  ...admin, method: "get", path: "/cleaners/{id}/account", summary: "A cleaner's login, if they have one",
  description: "account is null for a cleaner without a login.",
  request: { params: IdParams },
  errors: GET_CLEANER_ACCOUNT_ERRORS,
  responses: { 200: json(cleanerAccountAnswerSchema, "The login, or null") },
});
const createCleanerAccount = route({
  ...admin, method: "post", path: "/cleaners/{id}/account", summary: "Give a cleaner a login (role cleaner)",
  description:
    "The cleaner logs in on the staff login page and reaches only their own jobs (the team API); every staff call answers them 403. " +
    "With a password, the admin accounts' policy applies (the same 422 messages on fieldErrors.password). Without one, or with " +
    `sendInvite true, the cleaner is e-mailed "Set up your … login" with a one-time link SITE_URL/admin/set-password/<token> that works for ${SET_PASSWORD_LINK_HOURS} hours ` +
    "(POST /api/auth/set-password). 409 CLEANER_HAS_ACCOUNT when the cleaner has a login, EMAIL_TAKEN when any account (staff or cleaner) has the e-mail, " +
    "CLEANER_INACTIVE for a deactivated cleaner. Audited as cleaner.account_create.",
  request: { params: IdParams, body: jsonBody(newCleanerAccountSchema) },
  errors: CREATE_CLEANER_ACCOUNT_ERRORS,
  responses: { 201: json(createdCleanerAccountSchema, "The login") },
});
const removeCleanerAccount = route({
  ...admin, method: "delete", path: "/cleaners/{id}/account", summary: "Take a cleaner's login away",
  description: "Its sessions end at once and its set-password links stop working. The cleaner stays on the team. Audited as cleaner.account_remove.",
  request: { params: IdParams },
  errors: REMOVE_CLEANER_ACCOUNT_ERRORS,
  responses: { 204: { description: "Removed" } },
});

/** A login as the Team screen gets it: never its id, hash or links. */
const presentAccount = (account: CleanerAccount) => ({
  email: account.email,
  createdAt: account.createdAt.toISOString(),
  invitedAt: account.invitedAt?.toISOString() ?? null,
  lastLoginAt: account.lastLoginAt?.toISOString() ?? null,
});

/** The team and who is on which job, mounted under /api/admin behind requireAdmin (any admin). */
export function cleanersAdminRoutes(cleaners: CleanersAdmin & CleanerAssignment & { accounts: CleanerAccounts }) {
  const { accounts } = cleaners;
  return routeGroup()
    .openapi(listCleaners, async (c) => c.json({ items: await cleaners.list(c.req.valid("query")) }, 200))
    .openapi(createCleaner, async (c) => c.json(await cleaners.create(c.get("admin"), c.req.valid("json")), 201))
    .openapi(updateCleaner, async (c) => {
      return answerWith(updateCleaner, c, await cleaners.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(deactivateCleaner, async (c) => {
      return answerWith(deactivateCleaner, c, await cleaners.deactivate(c.get("admin"), c.req.valid("param").id), 200);
    })
    .openapi(setWorkingHours, async (c) => {
      return answerWith(setWorkingHours, c, await cleaners.setWorkingHours(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(addTimeOff, async (c) => {
      return answerWith(addTimeOff, c, await cleaners.addTimeOff(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 201);
    })
    .openapi(removeTimeOff, async (c) => {
      const { id, timeOffId } = c.req.valid("param");
      const result = await cleaners.removeTimeOff(c.get("admin"), id, timeOffId);
      return result.ok ? c.body(null, 204) : failWith(removeTimeOff, c, result.error);
    })
    .openapi(assignCleaners, async (c) => {
      const result = await cleaners.assign(c.get("admin"), c.req.valid("param").id, c.req.valid("json"));
      return result.ok ? c.json(presentRecord(result.value), 200) : failWith(assignCleaners, c, result.error);
    })
    .openapi(getCleanerAccount, async (c) => {
      const result = await accounts.get(c.req.valid("param").id);
      if (!result.ok) return failWith(getCleanerAccount, c, result.error);
      return c.json({ account: result.value && presentAccount(result.value) }, 200);
    })
    .openapi(createCleanerAccount, async (c) => {
      const result = await accounts.create(c.get("admin"), c.req.valid("param").id, c.req.valid("json"));
      if (!result.ok) {
        if (result.error.code === "SERVICE_BUSY") c.header("Retry-After", String((result.error.details as { retryAfterSeconds: number }).retryAfterSeconds));
        return failWith(createCleanerAccount, c, result.error);
      }
      return c.json({ account: presentAccount(result.value) }, 201);
    })
    .openapi(removeCleanerAccount, async (c) => {
      const result = await accounts.remove(c.get("admin"), c.req.valid("param").id);
      return result.ok ? c.body(null, 204) : failWith(removeCleanerAccount, c, result.error);
    });
}
