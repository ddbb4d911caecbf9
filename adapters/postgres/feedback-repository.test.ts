/** The feedback store (issue 32) on PGlite always and on PostgreSQL when DATABASE_URL is set. */
import assert from "node:assert/strict";
import { averageRating, newFeedbackRequest } from "../../core/feedback/rules.ts";
import { FEEDBACK_SETTINGS_DEFAULTS } from "../../core/feedback/settings.ts";
import { hashFeedbackToken } from "../../core/feedback/token.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { storeSample } from "./booking.contract.ts";
import {
  makeFeedbackSettingsStore,
  makeFeedbackSettingsTransactor,
  makeFeedbackStore,
  saveFirstFeedbackRequest,
} from "./feedback-repository.ts";
import { describeOnTargets, type TestDatabase } from "./test-db.ts";

const HOUR = 3_600_000;
const NOW = new Date("2030-03-10T02:00:00Z");
const hours = (n: number) => new Date(NOW.getTime() + n * HOUR);

const CLEANERS = [
  { id: "0c6b1a52-0000-4000-8000-00000000000a", name: "Priya Sharma" },
  { id: "0c6b1a52-0000-4000-8000-00000000000b", name: "Tom Nguyen" },
  { id: "0c6b1a52-0000-4000-8000-00000000000c", name: "Sofia Russo" },
];

async function addCleaners(db: TestDatabase) {
  for (const c of CLEANERS) await db.sql`insert into cleaners (id, name, colour) values (${c.id}, ${c.name}, '#1f7a6d')`;
}

/** A DONE job, `day` days before NOW, with these cleaners in this order. */
async function doneJob(db: TestDatabase, day: number, email: string, cleanerIds: string[] = []): Promise<BookingRecord> {
  const startTime = new Date(NOW.getTime() - day * 24 * HOUR);
  const job = await storeSample(db, { startTime, endTime: new Date(startTime.getTime() + 2 * HOUR), email, status: "DONE" });
  for (const [position, id] of cleanerIds.entries()) {
    await db.sql`insert into booking_cleaners (booking_id, cleaner_id, position) values (${job._id}, ${id}, ${position})`;
  }
  return job;
}

/** Asked at `at`, and rated `rating` an hour later unless null. */
async function asked(db: TestDatabase, job: BookingRecord, at: Date, rating: number | null = null, comment = "") {
  const request = newFeedbackRequest(job._id, at);
  assert.equal(await saveFirstFeedbackRequest(db.sql, request.row), true);
  if (rating !== null) {
    await makeFeedbackStore(db.sql).transaction((tx) => tx.saveRating(job._id, { rating, comment, ratedAt: new Date(at.getTime() + HOUR) }));
  }
  return request;
}

describeOnTargets("feedback store: the first request, the link's job, a rating, asking again", async (t, db) => {
  await addCleaners(db);
  const store = makeFeedbackStore(db.sql);
  const job = await doneJob(db, 1, "ada@example.com", [CLEANERS[1].id, CLEANERS[0].id]);
  const first = newFeedbackRequest(job._id, NOW);

  await t.step("a job's first request is kept; a second automatic one writes nothing", async () => {
    assert.equal(await saveFirstFeedbackRequest(db.sql, first.row), true);
    assert.equal(await saveFirstFeedbackRequest(db.sql, newFeedbackRequest(job._id, hours(1)).row), false);
    const [row] = await db.sql<{ token_hash: string; request_count: number }[]>`
      select token_hash, request_count from booking_feedback where booking_id = ${job._id}`;
    assert.deepEqual([row.token_hash, row.request_count], [hashFeedbackToken(first.token), 1]);
    const opened = await store.byTokenHash(hashFeedbackToken(first.token));
    assert.ok(opened);
    assert.equal(opened.booking._id, job._id);
    assert.deepEqual(opened.cleanerNames, ["Tom Nguyen", "Priya Sharma"], "in the order staff gave them");
    assert.deepEqual(
      [opened.feedback.requestedAt, opened.feedback.expiresAt, opened.feedback.rating, opened.feedback.comment, opened.feedback.ratedAt],
      [NOW, first.row.expiresAt, null, "", null],
    );
    assert.equal(await store.byTokenHash(hashFeedbackToken("x".repeat(43))), null);
  });

  await t.step("a booking's feedback: null before any request, null itself for no such booking", async () => {
    const other = await doneJob(db, 2, "bob@example.com");
    assert.deepEqual(await store.forBooking(other._id), { feedback: null });
    assert.equal(await store.forBooking(crypto.randomUUID()), null);
    assert.equal(await store.forBooking("not-an-id"), null);
    assert.equal((await store.forBooking(job._id))?.feedback?.requestCount, 1);
  });

  await t.step("asking again replaces the hash and the times, counts, and names who asked", async () => {
    const [admin] = await db.sql<{ id: string }[]>`
      insert into admins (id, name, email, role, password_hash) values (${crypto.randomUUID()}, 'Sam', 'sam@yarrashine.com.au', 'admin', 'x') returning id`;
    const before = (await store.forBooking(job._id))!.feedback!;
    const again = newFeedbackRequest(job._id, hours(2));
    const replaced = await store.transaction(async (tx) => {
      const locked = await tx.lockBooking(job._id);
      assert.equal(locked?.feedback?.requestCount, 1);
      return await tx.replaceRequest(again.row, admin.id);
    });
    assert.deepEqual([replaced.requestCount, replaced.requestedAt, replaced.expiresAt, replaced.requestedByAdminId], [2, hours(2), again.row.expiresAt, admin.id]);
    assert.ok(replaced.expiresAt > before.expiresAt);
    assert.equal(await store.byTokenHash(hashFeedbackToken(first.token)), null, "the old link opens nothing");
    assert.ok(await store.byTokenHash(hashFeedbackToken(again.token)));
    // A job never asked gets its first row the same way.
    const fresh = await doneJob(db, 3, "cy@example.com");
    const made = await store.transaction((tx) => tx.replaceRequest(newFeedbackRequest(fresh._id, NOW).row, null));
    assert.deepEqual([made.requestCount, made.requestedByAdminId], [1, null]);
    assert.equal(await store.transaction((tx) => tx.lockBooking("nope")), null);
  });

  await t.step("a rating is kept with its comment and time; the table refuses a rating out of 1-5", async () => {
    const rated = await store.transaction((tx) => tx.saveRating(job._id, { rating: 4, comment: "Lovely", ratedAt: hours(3) }));
    assert.deepEqual([rated.rating, rated.comment, rated.ratedAt], [4, "Lovely", hours(3)]);
    await assert.rejects(db.sql`update booking_feedback set rating = 6 where booking_id = ${job._id}`);
  });
});

describeOnTargets("feedback store: rated jobs by customer and cleaner, the averages over all of them", async (t, db) => {
  await addCleaners(db);
  const [priya, tom, sofia] = CLEANERS.map((c) => c.id);
  const store = makeFeedbackStore(db.sql);
  // Ada: three jobs rated 5, 4, 2; Bob: one rated 3, one asked and never rated; Cy: none.
  const ada = [await doneJob(db, 10, "ada@example.com", [priya]), await doneJob(db, 9, "ada@example.com", [priya, tom]), await doneJob(db, 8, "ada@example.com", [tom])];
  const bob = [await doneJob(db, 7, "bob@example.com", [tom]), await doneJob(db, 6, "bob@example.com", [priya])];
  await asked(db, ada[0], hours(-240), 5, "Spotless");
  await asked(db, ada[1], hours(-200), 4);
  await asked(db, ada[2], hours(-190), 2, "Late");
  await asked(db, bob[0], hours(-150), 3);
  await asked(db, bob[1], hours(-140));
  const customerOf = async (job: BookingRecord) =>
    (await db.sql<{ customer_id: string }[]>`select customer_id::text from bookings where id = ${job._id}`)[0].customer_id;

  await t.step("newest rated first, only rated jobs, with their cleaners; the summary covers every match, not the page", async () => {
    const all = await store.ratedJobs({ limit: 2 });
    assert.deepEqual(all.items.map((i) => [i.bookingId, i.rating]), [[bob[0]._id, 3], [ada[2]._id, 2]]);
    assert.deepEqual([all.ratings, all.averageRating], [4, averageRating([5, 4, 2, 3])]);
    assert.equal(all.averageRating, 3.5);
    const [first] = all.items;
    assert.deepEqual(
      [first.reference, first.customerName, first.serviceName, first.comment, first.cleanerNames, first.startTime, first.ratedAt],
      [bob[0].reference, "Ada Lovelace", "Hourly Cleaning", "", ["Tom Nguyen"], bob[0].startTime, hours(-149)],
    );
    const both = (await store.ratedJobs({ limit: 100 })).items.find((i) => i.bookingId === ada[1]._id);
    assert.deepEqual(both?.cleanerNames, ["Priya Sharma", "Tom Nguyen"]);
  });

  await t.step("a customer's or a cleaner's ratings; ids that match nothing select nothing", async () => {
    const ofAda = await store.ratedJobs({ customerId: await customerOf(ada[0]), limit: 20 });
    assert.deepEqual(ofAda.items.map((i) => i.rating), [2, 4, 5]);
    assert.equal(ofAda.averageRating, averageRating([5, 4, 2]));
    const ofTom = await store.ratedJobs({ cleanerId: tom, limit: 20 });
    assert.deepEqual(ofTom.items.map((i) => i.bookingId), [bob[0]._id, ada[2]._id, ada[1]._id]);
    assert.equal(ofTom.averageRating, averageRating([3, 2, 4]));
    const ofAdaAndTom = await store.ratedJobs({ customerId: await customerOf(ada[0]), cleanerId: tom, limit: 20 });
    assert.deepEqual(ofAdaAndTom.items.map((i) => i.rating), [2, 4]);
    for (const query of [{ cleanerId: sofia }, { customerId: crypto.randomUUID() }, { customerId: "x'; drop table bookings; --" }, { cleanerId: "" }]) {
      assert.deepEqual(await store.ratedJobs({ ...query, limit: 20 }), { items: [], averageRating: null, ratings: 0 }, JSON.stringify(query));
    }
  });

  await t.step("each cleaner's average: a job's rating counts for each cleaner on it; none for a cleaner never rated", async () => {
    assert.deepEqual(await store.cleanerRatings(), [
      { cleanerId: priya, averageRating: averageRating([5, 4]), ratings: 2 },
      { cleanerId: tom, averageRating: averageRating([4, 2, 3]), ratings: 3 },
    ]);
  });
});

describeOnTargets("feedback settings: the defaults until saved, a save audited once", async (_t, db) => {
  const settings = makeFeedbackSettingsStore(db.sql);
  assert.deepEqual(await settings.get(), FEEDBACK_SETTINGS_DEFAULTS);
  const next = { enabled: false, delayHours: 12, reviewUrl: "https://g.page/r/yarra/review" };
  const actor = { _id: crypto.randomUUID(), email: "root@yarrashine.com.au" };
  const saved = await makeFeedbackSettingsTransactor(db.sql).run(async (tx) => {
    await tx.settings.save(next);
    await tx.audit.record({ adminId: null, adminEmail: actor.email, action: "settings.feedback", entity: "settings", entityId: "feedback", before: FEEDBACK_SETTINGS_DEFAULTS, after: next });
    return await tx.settings.get();
  });
  assert.deepEqual(saved, next);
  assert.deepEqual(await settings.get(), next);
  // A setting added later reads its default on an old row.
  await db.sql`update settings set value = ${db.sql.json({ enabled: true })} where key = 'feedback'`;
  assert.deepEqual(await settings.get(), { ...FEEDBACK_SETTINGS_DEFAULTS, enabled: true });
  const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log where action = 'settings.feedback'`;
  assert.equal(n, 1);
});
