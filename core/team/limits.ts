/**
 * The team API's ranges as plain numbers: the staff screens' route files read them for their first
 * load, which must not carry the zod schemas of core/team/schemas.ts with them.
 */

/** The most Melbourne days one GET /api/team/jobs answers. */
export const TEAM_JOBS_MAX_DAYS = 31;
/** Without a range: today and the next this many days. */
export const TEAM_JOBS_DEFAULT_AHEAD_DAYS = 7;
/** The most Melbourne days one timesheet covers (a fortnight's pay run, or a month, with room). */
export const TIMESHEET_MAX_DAYS = 62;
