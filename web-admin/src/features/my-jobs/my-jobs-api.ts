/**
 * The cleaner's own calls (issue 31): their jobs (GET /api/team/jobs) and their taps on one
 * (On my way, Check in, Check out). Nothing here carries money: the team API has none to give.
 */
import { queryOptions } from "@tanstack/react-query";
import { addDaysYmd, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { TeamJob } from "@yarra/core/team/schemas.ts";
import { api } from "../../lib/api.ts";

/** The wire shape, declared once in core (the API validates its answers with it). */
export type { TeamJob };

export const MY_JOBS_KEY = ["team", "jobs"] as const;

/** Today and this many days after it (GET /api/team/jobs answers the same by default). */
export const MY_JOBS_DAYS_AHEAD = 7;

/** The Melbourne days asked of the server: today and the next MY_JOBS_DAYS_AHEAD. */
export function myJobsRange(now: Date = new Date()): { from: string; to: string } {
  const from = melbourneYmd(now);
  return { from, to: addDaysYmd(from, MY_JOBS_DAYS_AHEAD) };
}

export const myJobsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...MY_JOBS_KEY, from, to],
    queryFn: ({ signal }) => api.list<TeamJob>("/api/team/jobs", { query: { from, to }, signal }),
    // Back from Maps or a call, the day shows as it now is (the office may have moved a job).
    refetchOnWindowFocus: true,
  });

export type JobTap = "on-my-way" | "check-in" | "check-out";

/** What a check-in or check-out sends: a note, and where the phone says the cleaner is (both optional). */
export interface JobTapBody {
  note?: string;
  lat?: number;
  lng?: number;
}

export function tapJob(jobId: string, tap: JobTap, body?: JobTapBody): Promise<TeamJob> {
  return api.post<TeamJob>(`/api/team/jobs/${encodeURIComponent(jobId)}/${tap}`, body);
}
