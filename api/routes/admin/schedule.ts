import type { GetSchedule } from "../../../core/booking/staff/schedule.ts";
import { SCHEDULE_MAX_DAYS, scheduleQuerySchema, scheduleSchema } from "../../../core/booking/staff/schedule-schemas.ts";
import { json, route, routeGroup } from "../../openapi.ts";

const getSchedule = route({
  tags: ["Staff: schedule and team"], "x-required-role": "admin", method: "get", path: "/schedule",
  summary: "The schedule of a range of Melbourne days: jobs, who is on them, and each day's slots",
  description:
    `from and to are Melbourne dates, inclusive, at most ${SCHEDULE_MAX_DAYS} days. jobs: the PENDING, CONFIRMED and DONE bookings ` +
    "starting in the range, by start, with their cleanerIds. days: each date, closed (a closed weekday, or a closed date with its " +
    "label) or open with the start slots the booking form offers, each with the places the capacity rule counts as taken and " +
    "those free. cleaners: the active team, and deactivated cleaners still on a job in the range. " +
    "Issue 31: each job's attendance (one entry per cleaner on it, in order: when they tapped On my way, checked in and checked out) " +
    "and late (PENDING or CONFIRMED, with cleaners, none checked in, more than 30 minutes after its start). " +
    `A date not written YYYY-MM-DD, to before from, or more than ${SCHEDULE_MAX_DAYS} days is a 422.`,
  request: { query: scheduleQuerySchema },
  responses: { 200: json(scheduleSchema, "The schedule") },
});

/** The staff schedule, mounted under /api/admin behind requireAdmin (any admin). */
export function scheduleAdminRoutes(schedule: GetSchedule) {
  return routeGroup().openapi(getSchedule, async (c) => c.json(await schedule(c.req.valid("query")), 200));
}
