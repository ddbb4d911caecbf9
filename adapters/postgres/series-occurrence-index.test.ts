/**
 * The guard against a visit generated twice (migration 011's unique index on (series_id,
 * series_date)) on its own: the generation's pre-read of the dates taken skips an occurrence that
 * exists, so the series tests pass without the index. This one fails without it.
 */
import assert from "node:assert/strict";
import { describeOnTargets } from "./test-db.ts";
import { sampleRecord, storeSample } from "./booking.contract.ts";
import { insertSeriesVisit } from "./booking-repository.ts";
import { runInTransaction } from "./transaction.ts";

describeOnTargets("a series occurrence has one visit, whatever writes it", async (t, db) => {
  const first = await storeSample(db, { startTime: new Date("2030-04-02T23:00:00Z"), endTime: new Date("2030-04-03T01:00:00Z") });
  const seriesId = crypto.randomUUID();
  await db.sql`
    insert into booking_series (id, customer_id, first_booking_id, frequency_code, frequency_name, repeat_unit, repeat_every,
                                anchor_date, start_minutes, duration_minutes, template, generated_through)
    values (${seriesId}, ${first.customerId}, ${first._id}, 'WEEKLY', 'Weekly', 'WEEK', 1, '2030-04-03', 600, 120,
            ${db.sql.json({})}, '2030-04-03')`;
  const occurrence = { seriesId, seriesDate: "2030-04-10", customerId: first.customerId };
  const visit = sampleRecord({ startTime: new Date("2030-04-09T23:00:00Z"), endTime: new Date("2030-04-10T01:00:00Z") });

  await t.step("the index refuses a second row for the date, even one written by hand", async () => {
    const stored = await runInTransaction(db.sql, (tx) => insertSeriesVisit(tx, visit, occurrence));
    assert.ok(stored, "the first visit of the date is stored");
    const second = await storeSample(db, { startTime: visit.startTime, endTime: visit.endTime });
    await assert.rejects(
      db.sql`update bookings set series_id = ${seriesId}, series_date = '2030-04-10' where id = ${second._id}`,
      (error: { code?: string; constraint_name?: string }) => error.code === "23505" && error.constraint_name === "bookings_series_occurrence_key",
    );
  });

  await t.step("a generator that did not see the date taken writes nothing for it (ON CONFLICT on the index)", async () => {
    const again = await runInTransaction(db.sql, (tx) => insertSeriesVisit(tx, visit, occurrence));
    assert.equal(again, null);
    const [{ n }] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from bookings where series_id = ${seriesId} and series_date = '2030-04-10'`;
    assert.equal(n, 1);
  });
});
