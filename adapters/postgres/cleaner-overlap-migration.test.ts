/**
 * Migration 018 on a database that already holds a cleaner on two overlapping jobs (a path before
 * it let the customer's move do that): the later-made job gives up that cleaner, with an audit row
 * the audit log reads as a sentence, and the constraint is in place afterwards.
 */
import assert from "node:assert/strict";
import { auditActor } from "../../core/admin/audit-log/actor.ts";
import { auditSummary } from "../../core/admin/audit-log/sentences.ts";
import { storeSample } from "./booking.contract.ts";
import { listAudit } from "./audit-repository.ts";
import { loadMigrations, migrate } from "./migrate.ts";
import { describeOnTargets } from "./test-db.ts";
import { cleanerOverlapOf } from "./transaction.ts";

const UNDO_018 = `
  alter table booking_cleaners drop constraint booking_cleaners_no_overlap;
  drop trigger booking_cleaners_copy_job on booking_cleaners;
  drop trigger bookings_sync_cleaners on bookings;
  alter table booking_cleaners drop column start_time, drop column end_time, drop column holds_place;
  delete from schema_migrations where version = 18`;

describeOnTargets("migration 018 (a cleaner on one job at a time)", async (t, db) => {
  await t.step("clashes already stored are repaired: the later job gives up the cleaner, and says so", async () => {
    const all = await loadMigrations();
    await db.sql.unsafe(UNDO_018).simple();
    const start = new Date("2030-05-07T23:00:00Z");
    const hours = (h: number) => new Date(start.getTime() + h * 3_600_000);
    const first = await storeSample(db, { startTime: hours(0), endTime: hours(3) });
    const second = await storeSample(db, { startTime: hours(2), endTime: hours(4) });
    const apart = await storeSample(db, { startTime: hours(4), endTime: hours(6) });
    const cancelled = await storeSample(db, { startTime: hours(1), endTime: hours(2), status: "CANCELLED" });
    const [tom, priya] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.sql`insert into cleaners (id, name, colour) values (${tom}, 'Tom Nguyen', '#1f7a6d'), (${priya}, 'Priya Sharma', '#be185d')`;
    // created_at decides which job came first.
    await db.sql`update bookings set created_at = now() - interval '1 day' where id = ${first._id}`;
    for (const [booking, cleaner, position] of [
      [first._id, tom, 0], [second._id, tom, 0], [second._id, priya, 1], [apart._id, priya, 0], [cancelled._id, tom, 0],
    ] as const) {
      await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${booking}, ${cleaner}, ${position})`;
    }

    assert.deepEqual(await migrate(db.sql, all), [18]);

    const kept = await db.sql<{ booking_id: string; cleaner_id: string }[]>`
      select booking_id, cleaner_id from booking_cleaners order by booking_id, position`;
    const pairs = new Set(kept.map((row) => `${row.booking_id}/${row.cleaner_id}`));
    assert.ok(pairs.has(`${first._id}/${tom}`), "the first-made job keeps Tom");
    assert.ok(!pairs.has(`${second._id}/${tom}`), "the later one gives him up");
    assert.ok(pairs.has(`${second._id}/${priya}`) && pairs.has(`${apart._id}/${priya}`), "back to back is no clash");
    assert.ok(pairs.has(`${cancelled._id}/${tom}`), "a cancelled job holds no place");

    const rows = await listAudit(db.sql, { entity: "booking", entityId: second._id, page: 1, limit: 10 });
    const repair = rows.items.find((row) => row.action === "booking.cleaner_clash_removed");
    assert.ok(repair, "an audit row for the repair");
    assert.equal(auditActor(repair).kind, "system");
    assert.match(auditSummary(repair), /^Took Tom Nguyen off booking YS-[2-9A-HJ-NP-Z]{6}.*: they were already on an overlapping job$/);

    const moved = await db.sql`update bookings set start_time = ${hours(1)}, end_time = ${hours(2)} where id = ${apart._id}`
      .then(() => null, (error: unknown) => error);
    assert.equal(cleanerOverlapOf(moved), null, "Priya is on no other job at 1 h");
    const clash = await db.sql`update bookings set start_time = ${hours(2)}, end_time = ${hours(3)} where id = ${apart._id}`
      .then(() => null, (error: unknown) => error);
    assert.deepEqual(cleanerOverlapOf(clash), { cleanerId: priya });
  });
});
