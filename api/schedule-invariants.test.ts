/**
 * Issue 28, "one schedule the business can trust": a stateful property. fast-check writes random
 * sequences of the paths that give a job a time, a place or cleaners (public one-off and weekly
 * bookings, the customer's move and skip through the manage link, staff create, move, status and
 * assignment, a series visit's move, closing and opening a day, team mode on and off), some fired
 * together on two API processes (on PostgreSQL two pools over one database, so the locks are what
 * keeps them apart). After every step the database must hold a schedule that keeps its promises
 * (test-schedule.ts scheduleViolations): no cleaner twice at once, no start over its cap, no job
 * on a closed date, team mode's jobs with a cleaner working then, each series occurrence once.
 * Refusals (404, 409, 422) are valid outcomes; a 500 is a failure.
 *
 * Then the property shows it has teeth: in a throw-away schema where a guard is taken away (the
 * cleaners' clashes unseen and the database's exclusion constraint dropped; or, on PostgreSQL, the
 * capacity day locks), the same property finds a broken schedule.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  call,
  DAYS,
  holdsPlace,
  type Job,
  linkEveryJob,
  type Processes,
  readJobs,
  scheduleViolations,
  scheduling,
  shapeTheTeam,
  signature,
  startAt,
  STARTS,
  TEAM,
  twoProcesses,
  windowDraft,
} from "./test-schedule.ts";
import { describeOnTargets, POSTGRES_TARGET, type TestDatabase } from "../adapters/postgres/test-db.ts";
import { seedDemoData } from "../adapters/postgres/seed.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import { SCHEDULING_DEFAULTS, type SchedulingSettings } from "../core/settings/types.ts";

type Action =
  | { kind: "book"; day: number; start: number; weekly: boolean }
  | { kind: "staffCreate"; day: number; start: number }
  | { kind: "customerMove"; pick: number; day: number; start: number; fromFirstVisit: boolean }
  | { kind: "customerSkip"; pick: number; fromFirstVisit: boolean }
  | { kind: "staffMove"; pick: number; day: number; start: number }
  | { kind: "status"; pick: number; status: "CONFIRMED" | "CANCELLED" }
  | { kind: "assign"; pick: number; cleaners: number[] }
  | { kind: "seriesMove"; pick: number; day: number; start: number }
  | { kind: "closeDay"; day: number }
  | { kind: "openDay"; day: number }
  | { kind: "team"; on: boolean };

/** What fast-check's model knows: enough to say which commands make sense. */
interface Model {
  jobs: number;
  visits: number;
  team: boolean;
}

/** The answers each path may give: anything else (a 500 above all) fails the property. */
const ALLOWED: Record<Action["kind"], number[]> = {
  book: [201, 409, 422],
  staffCreate: [201, 409, 422],
  customerMove: [200, 409, 422],
  customerSkip: [200, 409],
  staffMove: [200, 409, 422],
  status: [200, 409, 422],
  assign: [200, 409, 422],
  seriesMove: [200, 409, 422],
  closeDay: [201, 409],
  openDay: [204, 404],
  team: [200],
};

const needsJob = (a: Action) => "pick" in a;
const needsVisit = (a: Action) => a.kind === "customerSkip" || a.kind === "seriesMove";

const describe = (a: Action): string => {
  const { kind, ...rest } = a;
  return `${kind}(${Object.entries(rest).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(",")})`;
};

/** The database and processes the commands drive, with what the test has learnt of them. */
class Schedule {
  settings!: SchedulingSettings;
  jobs: Job[] = [];
  tokens = new Map<string, string>();
  signatures = new Map<string, string>();
  /** Jobs whose time, place or cleaners were last changed while team mode was on. */
  teamMade = new Set<string>();
  team = false;
  commands = 0;
  requests = 0;
  outcomes = new Map<string, number>();

  constructor(readonly db: TestDatabase, readonly processes: Processes) {}

  /** A fresh schedule for one run: no jobs, the window's days open, slots mode, this cap. */
  async begin(cap: number, opening: Action[]): Promise<{ model: Model; real: Schedule }> {
    await this.db.sql.unsafe(`
      truncate bookings, booking_series, customers, email_outbox, idempotency_keys, rate_limit_counters, audit_log cascade`);
    await this.db.sql`delete from closed_dates where date = any(${DAYS}::date[])`;
    this.settings = scheduling(SCHEDULING_DEFAULTS, cap);
    await makeSettingsStore(this.db.sql).saveScheduling(this.settings);
    this.jobs = [];
    this.tokens.clear();
    this.signatures.clear();
    this.teamMade.clear();
    this.team = false;
    for (const a of opening) await this.step([a]);
    return { model: this.model(), real: this };
  }

  private pick(a: Action): Job | undefined {
    if (!("pick" in a)) return undefined;
    const candidates = needsVisit(a) ? this.jobs.filter((job) => job.seriesId) : this.jobs;
    return candidates[a.pick % candidates.length];
  }

  /** The request an action makes, on process `app`. */
  private async send(a: Action, app: number) {
    const process = this.processes.apps[app % this.processes.apps.length];
    const staff = (method: string, path: string, body?: unknown) => call(process, method, `/api/admin${path}`, body, this.processes.headers);
    const customer = (path: string, body?: unknown) => call(process, "POST", `/api/manage${path}`, body ?? {});
    const job = this.pick(a);
    /** The customer's way to a visit: its own link, or (a regular clean's) the first visit's link. */
    const linkTo = (visit: Job, fromFirstVisit: boolean, change: string) =>
      fromFirstVisit && visit.firstOfSeries
        ? `/${this.tokens.get(visit.firstOfSeries)}/visits/${visit.id}/${change}`
        : `/${this.tokens.get(visit.id)}/${change}`;
    switch (a.kind) {
      case "book":
        return await call(process, "POST", "/api/bookings", windowDraft(startAt(a.day, a.start), a.weekly, `c${crypto.randomUUID().slice(0, 12)}@example.com`));
      case "staffCreate":
        return await staff("POST", "/bookings", {
          ...windowDraft(startAt(a.day, a.start), false, `s${crypto.randomUUID().slice(0, 12)}@example.com`),
          notifyCustomer: false,
        });
      case "customerMove":
        return await customer(linkTo(job!, a.fromFirstVisit, "reschedule"), { startTimeISO: startAt(a.day, a.start) });
      case "customerSkip":
        return await customer(linkTo(job!, a.fromFirstVisit, "skip"));
      case "staffMove":
        return await staff("PATCH", `/bookings/${job!.id}`, { startTimeISO: startAt(a.day, a.start), notifyCustomer: false });
      case "status":
        return await staff("PATCH", `/bookings/${job!.id}/status`, { status: a.status });
      case "assign":
        return await staff("PUT", `/bookings/${job!.id}/cleaners`, { cleanerIds: a.cleaners.map((i) => TEAM[i]) });
      case "seriesMove":
        return await staff("POST", `/series/${job!.seriesId}/visits/${job!.id}/move`, { startTimeISO: startAt(a.day, a.start) });
      case "closeDay":
        return await staff("POST", "/closed-dates", { date: DAYS[a.day], label: "Closed by the property" });
      case "openDay":
        return await staff("DELETE", `/closed-dates/${DAYS[a.day]}`);
      case "team":
        return await staff("PUT", "/settings/scheduling", { availabilityMode: a.on ? "TEAM" : "SLOTS" });
    }
  }

  /** Runs the actions together (each on the next process), then checks the schedule. */
  async step(actions: Action[]): Promise<void> {
    this.commands++;
    const answers = await Promise.all(actions.map((a, i) => this.send(a, i)));
    this.requests += actions.length;
    const said = actions.map((a, i) => `${describe(a)} -> ${answers[i].status} ${answers[i].body?.code ?? ""}`);
    actions.forEach((a, i) => {
      const fields = answers[i].body?.fieldErrors ? ` ${Object.keys(answers[i].body.fieldErrors).join("/")}` : "";
      const key = `${a.kind} ${answers[i].status}${answers[i].body?.code ? ` ${answers[i].body.code}` : ""}${fields}`;
      this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
      if (!ALLOWED[a.kind].includes(answers[i].status)) {
        throw new Error(`unexpected answer: ${said[i]}: ${JSON.stringify(answers[i].body)}`);
      }
      if (a.kind === "team") this.team = a.on;
    });
    await this.settle(said);
  }

  /** Learns the jobs as they now are and checks every invariant on them. */
  private async settle(said: string[]): Promise<void> {
    this.jobs = (await readJobs(this.db.sql)).filter((job) => job.type === "BOOKING");
    await linkEveryJob(this.db.sql, this.jobs, this.tokens);
    for (const job of this.jobs) {
      const now = signature(job);
      if (this.signatures.get(job.id) === now) continue;
      this.signatures.set(job.id, now);
      if (this.team && holdsPlace(job)) this.teamMade.add(job.id);
      else this.teamMade.delete(job.id);
    }
    const broken = await scheduleViolations(this.db.sql, { ...this.settings, availabilityMode: this.team ? "TEAM" : "SLOTS" }, this.teamMade);
    if (broken.length > 0) throw new Error(`the schedule broke after ${said.join(" & ")}:\n  ${broken.join("\n  ")}`);
  }

  model(): Model {
    return { jobs: this.jobs.length, visits: this.jobs.filter((job) => job.seriesId).length, team: this.team };
  }

  report(name: string): string {
    const outcomes = [...this.outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`).join(", ");
    return `${name}: ${this.commands} commands, ${this.requests} requests (${outcomes})`;
  }
}

class Step implements fc.AsyncCommand<Model, Schedule> {
  constructor(readonly actions: Action[]) {}
  check(m: Readonly<Model>): boolean {
    return this.actions.every((a) =>
      (!needsJob(a) || m.jobs > 0) && (!needsVisit(a) || m.visits > 0) && (a.kind !== "team" || a.on !== m.team)
    );
  }
  async run(m: Model, schedule: Schedule): Promise<void> {
    await schedule.step(this.actions);
    Object.assign(m, schedule.model());
  }
  toString(): string {
    return this.actions.length === 1 ? describe(this.actions[0]) : `together[${this.actions.map(describe).join(" & ")}]`;
  }
}

const day = fc.nat({ max: DAYS.length - 1 });
const start = fc.nat({ max: STARTS.length - 1 });
const pick = fc.nat({ max: 60 });
const fromFirstVisit = fc.boolean();

/** One write of the schedule (not team mode's switch, which goes alone: see teamMade). */
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("book" as const), day, start, weekly: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("staffCreate" as const), day, start }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("customerMove" as const), pick, day, start, fromFirstVisit }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("customerSkip" as const), pick, fromFirstVisit }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("staffMove" as const), pick, day, start }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("status" as const), pick, status: fc.constantFrom("CONFIRMED" as const, "CANCELLED" as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("assign" as const), pick, cleaners: fc.subarray([0, 1, 2, 3], { maxLength: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("seriesMove" as const), pick, day, start }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("closeDay" as const), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("openDay" as const), day }) },
);

/** Bursts of public bookings for one start: where a missing capacity lock shows. */
const burst: fc.Arbitrary<Action[]> = fc.record({ day, start, n: fc.integer({ min: 3, max: 4 }) })
  .map(({ day, start, n }) => Array.from({ length: n }, (_, i): Action => ({ kind: "book", day, start, weekly: i === 0 && day === 0 })));

/** The bookings each run opens with, so the changes that need a job have some from the start. */
const opening: fc.Arbitrary<Action[]> = fc.array(
  fc.record({ kind: fc.constant("book" as const), day, start, weekly: fc.boolean() }),
  { minLength: 2, maxLength: 5 },
);

const commands = (maxCommands: number) =>
  fc.commands<Model, Schedule, false>([
    action.map((a) => new Step([a])),
    fc.array(action, { minLength: 2, maxLength: 4 }).map((actions) => new Step(actions)),
    burst.map((actions) => new Step(actions)),
    fc.boolean().map((on) => new Step([{ kind: "team", on }])),
  ], { maxCommands, size: "max" });

/** The property over `schedule`: any run of the commands keeps every invariant after every step. */
const scheduleProperty = (schedule: Schedule, maxCommands: number) =>
  fc.asyncProperty(fc.constantFrom(1, 2, 3), opening, commands(maxCommands), async (cap, first, cmds) => {
    await fc.asyncModelRun(() => schedule.begin(cap, first), cmds);
  });

/** The demo data, the team's week, and the processes. */
async function prepare(db: TestDatabase, postgres: boolean): Promise<Schedule> {
  await seedDemoData(db.sql);
  await shapeTheTeam(db.sql);
  return new Schedule(db, await twoProcesses(db, postgres));
}

describeOnTargets("issue 28: every write path, interleaved on two processes, keeps the schedule's invariants", async (_t, db, target) => {
  const postgres = target.name === "postgres";
  const schedule = await prepare(db, postgres);
  try {
    await fc.assert(scheduleProperty(schedule, 20), { numRuns: postgres ? 20 : 15, unbiased: true });
  } finally {
    console.log(schedule.report(`schedule property [${target.name}]`));
    await schedule.processes.close();
  }
});

/**
 * A guard taken away in this test's own schema (PostgreSQL: a schema of its own; PGlite: the
 * test's fresh database): the cleaners' locks still taken but their jobs read as none, so core
 * sees no clash, and the database's exclusion constraint dropped. The property must then fail.
 */
async function hideCleanerClashes(db: TestDatabase): Promise<void> {
  const [read] = await db.sql<{ identity: string; parameters: string; result: string }[]>`
    select pg_get_function_identity_arguments(p.oid) as identity, pg_get_function_arguments(p.oid) as parameters,
           pg_get_function_result(p.oid) as result
      from pg_proc p where p.proname = 'reservation_lock_and_read' and p.pronamespace = current_schema()::regnamespace`;
  assert.ok(read, "the reservation reads through reservation_lock_and_read");
  const names = read.identity.split(",").map((parameter) => parameter.trim().split(" ")[0]).join(", ");
  await db.sql.unsafe(`
    alter table booking_cleaners drop constraint booking_cleaners_no_overlap;
    alter function reservation_lock_and_read(${read.identity}) rename to reservation_lock_and_read_kept;
    create function reservation_lock_and_read(${read.parameters}) returns ${read.result} language sql volatile as $$
      select r.kind, r.start_time, r.end_time,
             case when r.kind = 'cleaner' then r.info || jsonb_build_object('jobs', '[]'::jsonb) else r.info end
        from reservation_lock_and_read_kept(${names}) r
    $$;`);
}

/**
 * The reservation's lock function as migrated, with its capacity day locks taken out (PostgreSQL
 * only): every function of the schema that takes them (reservation_lock, and any older copy) is
 * replaced by itself without that loop's lock. Closing a day still takes the day lock.
 */
async function dropDayLocks(db: TestDatabase): Promise<void> {
  const functions = await db.sql<{ name: string; definition: string }[]>`
    select p.proname as name, pg_get_functiondef(p.oid) as definition from pg_proc p
     where p.pronamespace = current_schema()::regnamespace and p.prosrc like '%pg_advisory_xact_lock(727311002%'`;
  const dayLock = /perform pg_advisory_xact_lock\(727311002, *\w+\);/;
  assert.ok(functions.some((f) => f.name.startsWith("reservation_lock")), "the reservation takes the day locks in SQL");
  for (const { definition } of functions) {
    assert.match(definition, dayLock);
    await db.sql.unsafe(definition.replace(dayLock, "null;"));
  }
}

/** Runs the property until it fails (no shrinking: the finding is the point), at most `runs` times. */
async function propertyFails(schedule: Schedule, runs: number, maxCommands: number) {
  const result = await fc.check(scheduleProperty(schedule, maxCommands), { numRuns: runs, endOnFailure: true, unbiased: true });
  return result;
}

describeOnTargets("issue 28: the property has teeth: with the cleaners' guards taken away it finds a double-booked cleaner", async (_t, db, target) => {
  const postgres = target.name === "postgres";
  await hideCleanerClashes(db);
  const schedule = await prepare(db, postgres);
  try {
    const result = await propertyFails(schedule, 60, 20);
    assert.equal(result.failed, true, "the property found nothing wrong with the guards gone");
    const found = String(result.errorInstance);
    console.log(`cleaner guards gone [${target.name}]: failed after ${result.numRuns} run(s): ${found.split("\n").slice(0, 3).join(" / ")}`);
    assert.match(found, /\(a\) cleaner|\(d\) team mode left less than/);
  } finally {
    console.log(schedule.report(`cleaner guards gone [${target.name}]`));
    await schedule.processes.close();
  }
});

describeOnTargets("issue 28: the property has teeth: without the capacity day locks, two processes overfill a start", async (_t, db, target) => {
  await dropDayLocks(db);
  const schedule = await prepare(db, true);
  try {
    const result = await propertyFails(schedule, 60, 20);
    assert.equal(result.failed, true, "the property found nothing wrong with the day locks gone");
    const found = String(result.errorInstance);
    console.log(`day locks gone [${target.name}]: failed after ${result.numRuns} run(s): ${found.split("\n").slice(0, 3).join(" / ")}`);
    // The day locks keep both a start's count (b) and a closed day's jobs (c): without them, two
    // processes break whichever the commands reach first.
    assert.match(found, /\(b\) \d+ jobs count against|\(c\) .* holds a place on a closed date/);
  } finally {
    console.log(schedule.report(`day locks gone [${target.name}]`));
    await schedule.processes.close();
  }
}, { targets: POSTGRES_TARGET ? [POSTGRES_TARGET] : [] });
