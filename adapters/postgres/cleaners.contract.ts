/**
 * The team's store (issue 16) against a real database: cleaners kept and changed, a job's
 * cleaners in order on the booking record, the clash decision under the cleaners' locks (two
 * pools racing for one cleaner), rollback, and the schedule's one read.
 */
import assert from "node:assert/strict";
import type { BookingRecord, NewBookingRecord } from "../../core/booking/types.ts";
import { makeCleanersAdmin } from "../../core/cleaners/use-cases.ts";
import { makeCleanerAssignment } from "../../core/booking/staff/assign-cleaners.ts";
import { decideReservation, reservation } from "../../core/booking/capacity/reservation.ts";
import { SCHEDULING_DEFAULTS } from "../../core/settings/types.ts";
import { makeSettingsStore } from "./settings-repository.ts";
import type { Cleaner } from "../../core/cleaners/types.ts";
import { err, ok } from "../../core/shared/result.ts";
import { storeSample } from "./booking.contract.ts";
import { makeBookingReader } from "./booking-repository.ts";
import { makeCleanersStore } from "./cleaners-repository.ts";
import { readReservationLocked } from "./reservation.ts";
import type { Database } from "./db.ts";
import { makeScheduleReader } from "./schedule-repository.ts";
import { seedDemoData } from "./seed.ts";
import { DEMO_CLEANERS } from "./demo-data.ts";
import type { TestDatabase } from "./test-db.ts";
import { cleanerOverlapOf, runInTransaction } from "./transaction.ts";

const actor = { _id: crypto.randomUUID(), email: "office@yarrashine.com.au" };
const T0 = new Date("2030-03-05T22:00:00Z"); // Wed 6 Mar 2030, 9:00 am in Melbourne
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const job = (from: number, to: number, patch: Partial<NewBookingRecord> = {}) => ({ startTime: at(from), endTime: at(to), ...patch });

/** Holds each caller until all `runners` are there (10 s at most, should one never arrive). */
function startLine(runners: number): () => Promise<void> {
  let ready = 0;
  let go!: () => void;
  const allReady = new Promise<void>((resolve) => (go = resolve));
  const timer = setTimeout(go, 10_000);
  return async () => {
    if (++ready === runners) {
      clearTimeout(timer);
      go();
    }
    await allReady;
  };
}

const adminOn = (pool: Database) => {
  const deps = { clock: { now: () => new Date() }, settings: makeSettingsStore(pool.sql) };
  return {
    ...makeCleanersAdmin({ cleaners: makeCleanersStore(pool.sql), ...deps }),
    ...makeCleanerAssignment({ store: makeCleanersStore(pool.sql), ...deps }),
  };
};

export async function cleanersContract(t: Deno.TestContext, db: TestDatabase): Promise<void> {
  const admin = adminOn(db);
  const store = makeCleanersStore(db.sql);
  const hire = (name: string, colour?: string) => admin.create(actor, { name, phone: "", email: "", ...(colour ? { colour } : {}) });
  let priya: Cleaner;
  let tom: Cleaner;
  let zoe: Cleaner;

  await t.step("the demo seed adds the team to a database that never had one, once", async () => {
    await seedDemoData(db.sql);
    await seedDemoData(db.sql);
    const team = await store.list({ includeInactive: true });
    assert.deepEqual(team.map((c) => c._id).sort(), DEMO_CLEANERS.map((c) => c._id).sort());
    await db.sql`update cleaners set active = false`;
    await seedDemoData(db.sql);
    assert.equal((await store.list({ includeInactive: true })).length, DEMO_CLEANERS.length, "a team made inactive is not seeded again");
    await db.sql`delete from cleaners`;
  });

  await t.step("cleaners are kept, listed by name, and colours default to the palette's next free one", async () => {
    tom = await hire("tom Nguyen");
    priya = await hire("Priya Sharma", "#be185d");
    zoe = await hire("Zoe Papadopoulos");
    assert.deepEqual((await store.list({ includeInactive: false })).map((c) => c.name), ["Priya Sharma", "tom Nguyen", "Zoe Papadopoulos"]);
    assert.deepEqual([tom.colour, priya.colour, zoe.colour], ["#1f7a6d", "#be185d", "#6d28d9"]);
    assert.ok(tom.active && tom.createdAt instanceof Date);
    const [row] = await db.sql`select count(*)::int as n from audit_log where action = 'cleaner.create'`;
    assert.equal(row.n, 3);
  });

  await t.step("an edit changes only the fields sent; deactivated cleaners are listed only when asked", async () => {
    const edited = await admin.update(actor, tom._id, { name: "Tom Nguyen", phone: "0422918305" });
    assert.ok(edited.ok);
    assert.deepEqual({ ...edited.value, createdAt: null }, { ...tom, name: "Tom Nguyen", phone: "0422918305", createdAt: null });
    const gone = await admin.deactivate(actor, zoe._id);
    assert.deepEqual(gone.ok && gone.value.active, false);
    assert.deepEqual((await store.list({ includeInactive: false })).map((c) => c.name), ["Priya Sharma", "Tom Nguyen"]);
    assert.deepEqual((await store.list({ includeInactive: true })).map((c) => c.name), ["Priya Sharma", "Tom Nguyen", "Zoe Papadopoulos"]);
    assert.deepEqual(await admin.update(actor, "not-a-uuid", { name: "X" }), err({ kind: "not_found", code: "CLEANER_NOT_FOUND", message: "Cleaner not found." }));
    assert.deepEqual((await admin.deactivate(actor, crypto.randomUUID())).ok, false);
  });

  let nine: BookingRecord;
  await t.step("a job's cleaners round-trip in the order given, on every read of the booking", async () => {
    nine = await storeSample(db, job(0, 180));
    assert.deepEqual(nine.cleanerIds, []);
    const assigned = await admin.assign(actor, nine._id, { cleanerIds: [tom._id, priya._id] });
    assert.ok(assigned.ok);
    assert.deepEqual(assigned.value.cleanerIds, [tom._id, priya._id]);
    assert.deepEqual((await makeBookingReader(db.sql).getById(nine._id))?.cleanerIds, [tom._id, priya._id]);
    const swapped = await admin.assign(actor, nine._id, { cleanerIds: [priya._id] });
    assert.deepEqual(swapped.ok && swapped.value.cleanerIds, [priya._id]);
    const rows = await db.sql`select action, before, after from audit_log where action = 'booking.cleaners' order by id`;
    assert.deepEqual(rows.map((r) => [r.before, r.after]), [
      [{ cleanerIds: [] }, { cleanerIds: [tom._id, priya._id] }],
      [{ cleanerIds: [tom._id, priya._id] }, { cleanerIds: [priya._id] }],
    ]);
  });

  await t.step("the reservation's cleaner read and rule: overlaps clash, back-to-back and cancelled jobs do not", async () => {
    const decide = (cleanerIds: string[], from: number, to: number, bookingId: string = crypto.randomUUID()) =>
      runInTransaction(db.sql, async (tx) => {
        const r = reservation({ start: at(from), end: at(to) }, SCHEDULING_DEFAULTS, {
          bookingId,
          takesPlace: false,
          refuseClosed: false,
          cleaners: { kind: "require", ids: cleanerIds },
          audience: "staff",
        });
        const decided = decideReservation(r, await readReservationLocked(tx, r));
        return decided.ok ? ok(null) : decided;
      });
    const busy = await decide([tom._id, priya._id], 120, 240);
    assert.equal(busy.ok, false);
    assert.deepEqual(!busy.ok && busy.error.details, { cleanerId: priya._id, bookingId: nine._id, reference: nine.reference });
    assert.ok(!busy.ok && busy.error.message.startsWith(`Priya Sharma is already on ${nine.reference} at that time: Wed 6 Mar 2030, 9:00 am – 12:00 pm`));
    assert.deepEqual(await decide([priya._id], 180, 300), ok(null), "starts as the other ends");
    assert.deepEqual(await decide([priya._id], -120, 0), ok(null), "ends as the other starts");
    assert.deepEqual(await decide([tom._id], 0, 180), ok(null), "Tom is on no job");
    assert.deepEqual(await decide([priya._id], 0, 180, nine._id), ok(null), "the job itself");
    assert.equal((await decide(["not-a-uuid"], 0, 180)).ok, false, "no cleaner has that id: no one to put on it");
    await db.sql`update bookings set status = 'CANCELLED' where id = ${nine._id}`;
    assert.deepEqual(await decide([priya._id], 0, 180), ok(null), "a cancelled booking holds no one");
    await db.sql`update bookings set status = 'DONE' where id = ${nine._id}`;
    assert.equal((await decide([priya._id], 0, 180)).ok, false, "a done job still had them");
  });

  await t.step("a refused assignment stores nothing", async () => {
    const clashing = await storeSample(db, job(60, 120));
    const before = await db.sql`select count(*)::int as n from audit_log`;
    const refused = await admin.assign(actor, clashing._id, { cleanerIds: [tom._id, priya._id] });
    assert.equal(!refused.ok && refused.error.code, "CLEANER_BUSY");
    assert.deepEqual((await makeBookingReader(db.sql).getById(clashing._id))?.cleanerIds, []);
    assert.deepEqual(await db.sql`select count(*)::int as n from audit_log`, before);
  });

  await t.step("two pools, twelve overlapping jobs, one cleaner: exactly one assignment stands", async () => {
    const jobs: BookingRecord[] = [];
    for (let i = 0; i < 12; i++) jobs.push(await storeSample(db, job(2 * 1440 + i * 10, 2 * 1440 + 180 + i * 10)));
    const other = await db.openAnother(6);
    // PostgreSQL: every attempt holds its booking, then waits for the others, so all decide at once
    // and only the cleaner's lock stands between them. PGlite has one session: attempts take turns.
    const atStartLine = db.kind === "postgres" ? startLine(jobs.length) : async () => {};
    const attempt = (pool: Database, booking: BookingRecord) =>
      makeCleanersStore(pool.sql).transaction(async (tx) => {
        const held = await tx.lockBooking(booking._id);
        await atStartLine();
        const visit = { start: held!.startTime, end: held!.endTime };
        const reserved = await tx.reserve(
          reservation(visit, SCHEDULING_DEFAULTS, {
            bookingId: booking._id,
            takesPlace: false,
            refuseClosed: false,
            cleaners: { kind: "require", ids: [tom._id] },
            audience: "staff",
          }),
          () => tx.setBookingCleaners(booking._id, [tom._id], new Date()),
        );
        return reserved.ok ? ok(reserved.value.booking) : reserved;
      });
    try {
      const results = await Promise.all(jobs.map((j, i) => attempt(i % 2 ? other : db, j)));
      assert.equal(results.filter((r) => r.ok).length, 1);
      assert.equal(results.filter((r) => !r.ok && r.error.code === "CLEANER_BUSY").length, 11);
      const [{ n }] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from booking_cleaners where cleaner_id = ${tom._id} and booking_id in ${db.sql(jobs.map((j) => j._id))}`;
      assert.equal(n, 1);
    } finally {
      await other.close();
    }
  });

  await t.step("the database keeps a cleaner on one place-holding job at a time, whatever path writes (migration 018)", async () => {
    const base = 30 * 1440;
    const morning = await storeSample(db, job(base, base + 140));
    const afternoon = await storeSample(db, job(base + 300, base + 420));
    assert.ok((await admin.assign(actor, morning._id, { cleanerIds: [tom._id] })).ok);
    assert.ok((await admin.assign(actor, afternoon._id, { cleanerIds: [tom._id, priya._id] })).ok);
    // A path that never asks the cleaners' rule (the customer's move did not): the write itself fails.
    const overlap = await db.sql`update bookings set start_time = ${at(base + 60)}, end_time = ${at(base + 180)} where id = ${afternoon._id}`
      .then(() => null, (error: unknown) => error);
    assert.deepEqual(cleanerOverlapOf(overlap), { cleanerId: tom._id });
    const [kept] = await db.sql`select start_time from bookings where id = ${afternoon._id}`;
    assert.equal(new Date(kept.start_time).getTime(), at(base + 300).getTime(), "the move was not stored");
    // Back to back is no clash (half-open ranges, as core's overlaps).
    await db.sql`update bookings set start_time = ${at(base + 140)}, end_time = ${at(base + 260)} where id = ${afternoon._id}`;
    // A job that holds no place holds no cleaner: cancelled, needing attention, or a quote.
    for (const status of ["CANCELLED", "NEEDS_ATTENTION"]) {
      await db.sql`update bookings set status = ${status} where id = ${morning._id}`;
      await db.sql`update bookings set start_time = ${at(base + 60)}, end_time = ${at(base + 180)} where id = ${afternoon._id}`;
      await db.sql`update bookings set start_time = ${at(base + 140)}, end_time = ${at(base + 260)} where id = ${afternoon._id}`;
    }
    // Holding a place again while the other job overlaps: refused too.
    await db.sql`update bookings set start_time = ${at(base + 60)}, end_time = ${at(base + 180)} where id = ${afternoon._id}`;
    const back = await db.sql`update bookings set status = 'PENDING' where id = ${morning._id}`.then(() => null, (error: unknown) => error);
    assert.deepEqual(cleanerOverlapOf(back), { cleanerId: tom._id });
    // A new assignment copies its job's time: a raw insert cannot slip past.
    await db.sql`update bookings set start_time = ${at(base + 300)}, end_time = ${at(base + 420)} where id = ${afternoon._id}`;
    await db.sql`update bookings set status = 'PENDING' where id = ${morning._id}`;
    const third = await storeSample(db, job(base + 100, base + 200));
    const inserted = await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${third._id}, ${tom._id}, 0)`
      .then(() => null, (error: unknown) => error);
    assert.deepEqual(cleanerOverlapOf(inserted), { cleanerId: tom._id });
    assert.equal(cleanerOverlapOf(new Error("other")), null);
    await db.sql`delete from bookings where id in ${db.sql([morning._id, afternoon._id, third._id])}`;
  });

  await t.step("a deleted booking takes its cleaners' rows with it; a cleaner on a job cannot be deleted", async () => {
    const doomed = await storeSample(db, job(10 * 1440, 10 * 1440 + 120));
    assert.ok((await admin.assign(actor, doomed._id, { cleanerIds: [zoe._id] })).ok === false, "Zoe is deactivated");
    assert.ok((await admin.assign(actor, doomed._id, { cleanerIds: [tom._id] })).ok);
    await assert.rejects(db.sql`delete from cleaners where id = ${tom._id}`);
    await db.sql`delete from bookings where id = ${doomed._id}`;
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from booking_cleaners where booking_id = ${doomed._id}`;
    assert.equal(n, 0);
  });

  await t.step("the schedule's read: place-holding bookings starting in [from, to], by start, with their cleaners", async () => {
    await db.sql`delete from bookings`;
    const from = at(20 * 1440);
    const first = await storeSample(db, job(20 * 1440, 20 * 1440 + 120));
    const last = await storeSample(db, job(20 * 1440 + 300, 20 * 1440 + 420));
    await storeSample(db, job(20 * 1440 + 60, 20 * 1440 + 180, { status: "CANCELLED" }));
    await storeSample(db, job(20 * 1440 + 60, 20 * 1440 + 180, { type: "QUOTE", status: "QUOTE_REQUESTED" }));
    const done = await storeSample(db, job(20 * 1440 + 120, 20 * 1440 + 240, { status: "DONE" }));
    await storeSample(db, job(20 * 1440 + 301, 20 * 1440 + 400)); // after `to`
    assert.ok((await admin.assign(actor, done._id, { cleanerIds: [priya._id, tom._id] })).ok);
    const read = await makeScheduleReader(db.sql).jobsStartingBetween(from, at(20 * 1440 + 300));
    assert.deepEqual(read.map((b) => [b._id, b.cleanerIds]), [[first._id, []], [done._id, [priya._id, tom._id]], [last._id, []]]);
  });
}
