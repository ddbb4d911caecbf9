/**
 * The schedule's invariants (issue 28), read straight from the database, and the small world the
 * schedule's property and race tests drive through the real HTTP routes: two API processes (on
 * PostgreSQL two pools) over one database, a staff session, and a manage link for every job.
 */
import { buildTestApp, adminSession, type TestApp } from "./test-app.ts";
import { draft, fixedClock, NOW } from "./test-fixtures.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import { DEMO_CLEANERS } from "../adapters/postgres/demo-data.ts";
import type { Database } from "../adapters/postgres/db.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import type { SchedulingSettings } from "../core/settings/types.ts";
import { melbourneHourMinute, melbourneWeekday, melbourneYmd } from "../core/shared/melbourne-time.ts";

type Sql = TestDatabase["sql"];

const cleanerId = (name: string) => DEMO_CLEANERS.find((c) => c.name === name)!._id;
export const PRIYA = cleanerId("Priya Sharma");
export const TOM = cleanerId("Tom Nguyen");
export const SOFIA = cleanerId("Sofia Russo");
export const LIAM = cleanerId("Liam O’Connor");
export const TEAM = [PRIYA, TOM, SOFIA, LIAM];

/**
 * The demo team's week for the schedule tests: Priya the business's default week, Tom mornings
 * (Thu-Fri 8:00-12:30), Sofia afternoons (Thu-Fri 12:00-18:00), Liam the default week but on leave
 * Friday 27 Nov, so team mode has a real choice to make at every start.
 */
export async function shapeTheTeam(sql: Sql): Promise<void> {
  await sql`
    insert into cleaner_working_hours (cleaner_id, weekday, start_minutes, end_minutes) values
      (${TOM}, 4, 480, 750), (${TOM}, 5, 480, 750), (${SOFIA}, 4, 720, 1080), (${SOFIA}, 5, 720, 1080)`;
  await sql`update cleaners set working_hours_set = true where id in (${TOM}, ${SOFIA})`;
  await sql`
    insert into cleaner_time_off (id, cleaner_id, from_date, to_date, reason)
    values (${crypto.randomUUID()}, ${LIAM}, '2026-11-27', '2026-11-27', 'Leave')`;
}

/**
 * A small window so jobs meet often: Thu 26 and Fri 27 Nov and Thu 3 Dec 2026 (where a weekly
 * clean booked on the 26th has its next visit), at 9:00, 13:00 and 15:00 for 3 hours. With the
 * 120-minute buffer, "counts against" is then an equivalence (9:00 alone; 13:00 with 15:00, which
 * overlap), so "fewer than the cap against each job" is a property of the state, not of history.
 */
export const DAYS = ["2026-11-26", "2026-11-27", "2026-12-03"];
export const STARTS = ["09:00", "13:00", "15:00"];
export const JOB_HOURS = 3;
export const startAt = (day: number, start: number) => `${DAYS[day]}T${STARTS[start]}:00+11:00`;

/** Scheduling of the schedule tests; capacity varies per run. */
export const scheduling = (base: SchedulingSettings, maxConcurrentPerSlot: number): SchedulingSettings => ({
  ...base,
  maxConcurrentPerSlot,
  slotBufferMin: 120,
  enforceBuffer: true,
  teamGapMin: 90,
  seriesHorizonWeeks: 2,
  availabilityMode: "SLOTS",
});

export interface Answer {
  status: number;
  body: any;
}

export async function call(app: TestApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await app.request(new Request(`http://localhost${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  }));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch { /* not JSON: kept as text for the report */ }
  return { status: response.status, body: parsed };
}

/** A public booking's draft for the window: no add-ons, so every job is JOB_HOURS long. */
export const windowDraft = (startTimeISO: string, weekly: boolean, email: string) =>
  draft({ startTimeISO, hours: JOB_HOURS, extras: [], frequencyCode: weekly ? "WEEKLY" : "ONE_TIME", email });

export const book = (app: TestApp, startTimeISO: string, weekly: boolean, email = `c${crypto.randomUUID().slice(0, 12)}@example.com`) =>
  call(app, "POST", "/api/bookings", windowDraft(startTimeISO, weekly, email));

/** A job as the database holds it. */
export interface Job {
  id: string;
  type: string;
  status: string;
  start: Date;
  end: Date;
  seriesId: string | null;
  seriesDate: string | null;
  firstOfSeries: string | null;
  cleaners: string[];
}

export const holdsPlace = (job: Pick<Job, "type" | "status">) =>
  job.type === "BOOKING" && ["PENDING", "CONFIRMED", "DONE"].includes(job.status);

export async function readJobs(sql: Sql): Promise<Job[]> {
  const rows = await sql<{
    id: string; type: string; status: string; start_time: Date; end_time: Date;
    series_id: string | null; series_date: string | null; first_booking_id: string | null; cleaners: string[];
  }[]>`
    select b.id, b.type, b.status, b.start_time, b.end_time, b.series_id,
           to_char(b.series_date, 'YYYY-MM-DD') as series_date, s.first_booking_id,
           coalesce((select array_agg(bc.cleaner_id::text order by bc.cleaner_id) from booking_cleaners bc
                      where bc.booking_id = b.id), '{}'::text[]) as cleaners
      from bookings b left join booking_series s on s.id = b.series_id
     order by b.created_at, b.id`;
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    start: new Date(r.start_time),
    end: new Date(r.end_time),
    seriesId: r.series_id,
    seriesDate: r.series_date,
    firstOfSeries: r.first_booking_id,
    cleaners: [...r.cleaners],
  }));
}

/**
 * What a change of a job is judged on: its time, whether it holds a place, and its cleaners (a
 * PENDING job confirmed keeps the place it had: nothing is placed anew).
 */
export const signature = (job: Job) =>
  [holdsPlace(job), job.start.toISOString(), job.end.toISOString(), job.cleaners.join(",")].join("|");

const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }, gapMs = 0) =>
  a.start.getTime() < b.end.getTime() + gapMs && b.start.getTime() < a.end.getTime() + gapMs;

const label = (job: Job) => `${job.id.slice(0, 8)} ${job.status} ${job.start.toISOString()}-${job.end.toISOString().slice(11, 16)} [${job.cleaners.map((c) => c.slice(0, 4)).join(",")}]`;

/**
 * Every broken invariant of the schedule, as sentences ([] when it holds):
 * (a) no cleaner on two overlapping place-holding jobs;
 * (b) no place-holding job with maxConcurrentPerSlot others counting against it (capacity.ts's rule);
 * (c) no place-holding job on a closed date;
 * (d) each place-holding job last placed while team mode was on (`teamMade`): every cleaner on it
 *     is active, working then and not on leave, and two such jobs of one cleaner keep the gap;
 * (e) each (series, series date) at most once;
 * (f) the copy of a job's time and place on its assignments (migration 018's guard) is the job's.
 */
export async function scheduleViolations(sql: Sql, settings: SchedulingSettings, teamMade: ReadonlySet<string>): Promise<string[]> {
  const jobs = await readJobs(sql);
  const holding = jobs.filter(holdsPlace);
  const found: string[] = [];

  for (let i = 0; i < holding.length; i++) {
    for (let j = i + 1; j < holding.length; j++) {
      const [a, b] = [holding[i], holding[j]];
      const shared = a.cleaners.filter((c) => b.cleaners.includes(c));
      if (shared.length > 0 && overlaps(a, b)) found.push(`(a) cleaner ${shared[0].slice(0, 8)} on two overlapping jobs: ${label(a)} and ${label(b)}`);
    }
  }

  if (settings.enforceBuffer) {
    const bufferMs = settings.slotBufferMin * 60_000;
    for (const job of holding) {
      const against = holding.filter((other) =>
        other.id !== job.id && (Math.abs(other.start.getTime() - job.start.getTime()) < bufferMs || overlaps(job, other))
      );
      if (against.length >= settings.maxConcurrentPerSlot) {
        found.push(`(b) ${against.length} jobs count against ${label(job)} (cap ${settings.maxConcurrentPerSlot})`);
      }
    }
  }

  const closed = new Set((await sql<{ date: string }[]>`select to_char(date, 'YYYY-MM-DD') as date from closed_dates`).map((r) => r.date));
  for (const job of holding) if (closed.has(melbourneYmd(job.start))) found.push(`(c) ${label(job)} holds a place on a closed date`);

  const teamJobs = holding.filter((job) => teamMade.has(job.id));
  if (teamJobs.length > 0) {
    const cleaners = new Map((await sql<{ id: string; active: boolean; working_hours_set: boolean }[]>`
      select id::text, active, working_hours_set from cleaners`).map((c) => [c.id, c]));
    const hours = await sql<{ cleaner_id: string; weekday: number; start_minutes: number; end_minutes: number }[]>`
      select cleaner_id::text, weekday, start_minutes, end_minutes from cleaner_working_hours`;
    const leave = await sql<{ cleaner_id: string; from_date: string; to_date: string }[]>`
      select cleaner_id::text, to_char(from_date, 'YYYY-MM-DD') as from_date, to_char(to_date, 'YYYY-MM-DD') as to_date from cleaner_time_off`;
    for (const job of teamJobs) {
      const day = melbourneYmd(job.start);
      const weekday = melbourneWeekday(job.start);
      const { hour, minute } = melbourneHourMinute(job.start);
      const from = hour * 60 + minute;
      const to = from + (job.end.getTime() - job.start.getTime()) / 60_000;
      for (const id of job.cleaners) {
        const cleaner = cleaners.get(id);
        const stretch = cleaner?.working_hours_set
          ? hours.find((h) => h.cleaner_id === id && h.weekday === weekday)
          : settings.closedWeekdays.includes(weekday)
          ? undefined
          : { start_minutes: settings.firstSlotHour * 60, end_minutes: settings.dayEndHour * 60 };
        const why = !cleaner?.active
          ? "inactive"
          : leave.some((l) => l.cleaner_id === id && l.from_date <= day && day <= l.to_date)
          ? "on leave"
          : !stretch || from < stretch.start_minutes || to > stretch.end_minutes
          ? "not working"
          : null;
        if (why) found.push(`(d) team mode placed ${label(job)} with cleaner ${id.slice(0, 8)} ${why}`);
      }
    }
    const gapMs = settings.teamGapMin * 60_000;
    for (let i = 0; i < teamJobs.length; i++) {
      for (let j = i + 1; j < teamJobs.length; j++) {
        const [a, b] = [teamJobs[i], teamJobs[j]];
        if (a.cleaners.some((c) => b.cleaners.includes(c)) && overlaps(a, b, gapMs)) {
          found.push(`(d) team mode left less than the ${settings.teamGapMin}-minute gap between ${label(a)} and ${label(b)}`);
        }
      }
    }
  }

  const occurrences = new Map<string, number>();
  for (const job of jobs) {
    if (job.seriesId && job.seriesDate) occurrences.set(`${job.seriesId} ${job.seriesDate}`, (occurrences.get(`${job.seriesId} ${job.seriesDate}`) ?? 0) + 1);
  }
  for (const [occurrence, n] of occurrences) if (n > 1) found.push(`(e) series occurrence ${occurrence} is ${n} visits`);

  const copies = await sql<{ booking_id: string; start_time: Date; end_time: Date; holds_place: boolean }[]>`
    select booking_id::text, start_time, end_time, holds_place from booking_cleaners`;
  const byId = new Map(jobs.map((job) => [job.id, job]));
  for (const copy of copies) {
    const job = byId.get(copy.booking_id)!;
    if (
      new Date(copy.start_time).getTime() !== job.start.getTime() || new Date(copy.end_time).getTime() !== job.end.getTime() ||
      copy.holds_place !== holdsPlace(job)
    ) found.push(`(f) the assignment's copy of ${label(job)} is stale`);
  }
  return found;
}

/** Two API processes over one database (on PGlite one: it has a single connection). */
export interface Processes {
  apps: TestApp[];
  headers: Record<string, string>;
  close(): Promise<void>;
}

export async function twoProcesses(db: TestDatabase, postgres: boolean): Promise<Processes> {
  const { headers } = await adminSession(db, "admin", undefined, NOW);
  const other: Database | null = postgres ? await db.openAnother(10) : null;
  const apps = [buildTestApp(db, { clock: fixedClock }), ...(other ? [buildTestApp(other, { clock: fixedClock })] : [])];
  return { apps, headers, close: async () => void (await other?.close()) };
}

/** A manage link for each job that has none from this test yet (the confirmation's own is not kept). */
export async function linkEveryJob(sql: Sql, jobs: Job[], tokens: Map<string, string>): Promise<void> {
  for (const job of jobs) {
    if (tokens.has(job.id)) continue;
    const link = newManageToken();
    await saveManageTokenHash(sql, job.id, link.hash);
    tokens.set(job.id, link.token);
  }
}
