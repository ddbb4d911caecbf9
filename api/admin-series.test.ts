/**
 * Series of regular visits (issue 17) through the HTTP API on PGlite and PostgreSQL: a weekly
 * booking made on the site has its next 8 visits once the job runs; staff list and read series,
 * skip and move one visit, change the series from a date (re-priced on the live catalogue), pause,
 * resume and end it; each change audited, each telling the customer exactly once.
 */
import assert from "node:assert/strict";
import { adminSession, buildTestApp, describeApi, json } from "./test-app.ts";
import { draft, fixedClock, NOW, post } from "./test-fixtures.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { makeSeriesPlanningJob } from "../adapters/jobs/series-planning.ts";
import { storeSample } from "../adapters/postgres/booking.contract.ts";
import { melbourneInstant } from "../core/shared/melbourne-time.ts";
import { SERIES_MESSAGES } from "../core/series/rules.ts";
import type { SeriesDetail } from "../core/series/schemas.ts";

type Headers = Record<string, string>;
type Body = Record<string, unknown>;

const send = (method: string, path: string, body: unknown, headers: Headers) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** The customer's series e-mails so far, by kind. */
const seriesMail = async (db: TestDatabase) => [
  ...await db.sql<{ kind: string; to_address: string; subject: string; text_body: string; attachments: { filename: string }[] | null }[]>`
    select kind, to_address, subject, text_body, attachments from email_outbox where kind like 'series-%' order by created_at, id`,
];

const audits = async (db: TestDatabase, action: string) => [
  ...await db.sql<{ admin_email: string; entity: string; entity_id: string; before: Body | null; after: Body }[]>`
    select admin_email, entity, entity_id, before, after from audit_log where action = ${action} order by id`,
];

const FRIDAYS = ["2026-11-27", "2026-12-04", "2026-12-11", "2026-12-18", "2026-12-25", "2027-01-01", "2027-01-08", "2027-01-15", "2027-01-22"];

describeApi("series: a weekly booking's visits, and what staff do with them", async (t, _app, db) => {
  const app = buildTestApp(db, { clock: fixedClock });
  const admin = await adminSession(db, "admin", undefined, NOW);
  const root = await adminSession(db, "superadmin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown, as: Headers = admin.headers) =>
    await json(await app.request(send(method, path, body, as)));
  const detail = async (id: string) => (await call("GET", `/api/admin/series/${id}`)).body as SeriesDetail;
  const job = makeSeriesPlanningJob({ sql: db.sql, clock: fixedClock, log: { info: () => {}, error: () => {} } });

  const booked = await app.request(post("/api/bookings", draft()));
  assert.equal(booked.status, 201);
  const first = await booked.json();
  const seriesId: string = first.seriesId;
  const visitOn = async (ymd: string) => (await detail(seriesId)).visits.find((v) => v.seriesDate === ymd)!;

  await t.step("a weekly booking made on the site starts a series with its next 8 visits; the job finds nothing left to do", async () => {
    assert.ok(seriesId);
    assert.equal(first.seriesDate, "2026-11-27");
    // Issue 28: planned in the booking's own transaction, not left for the job.
    assert.deepEqual(await job.runOnce(), { series: 0, visits: 0 });
    const series = await detail(seriesId);
    assert.deepEqual(series.visits.map((v) => v.seriesDate), FRIDAYS);
    assert.deepEqual(series.visits.map((v) => v.startTime), FRIDAYS.map((ymd) => melbourneInstant(ymd, 9).toISOString()));
    assert.ok(series.visits.slice(1).every((v) => v.status === "PENDING" && v.total === first.recurringTotal));
    assert.deepEqual(
      [series.status, series.frequencyCode, series.repeatUnit, series.repeatEvery, series.startTime, series.weekday, series.anchorDate],
      ["ACTIVE", "WEEKLY", "WEEK", 1, "09:00", 5, "2026-11-27"],
    );
    assert.deepEqual([series.customerName, series.email, series.suburb, series.recurringTotal], ["Ada Lovelace", "ada@example.com", "Fitzroy", first.recurringTotal]);
    assert.deepEqual([series.firstBookingId, series.horizonWeeks, series.needsAttention, series.endsOn], [first._id, 8, 0, null]);
    assert.deepEqual(series.nextVisit, { bookingId: first._id, reference: first.reference, startTime: first.startTime, status: "PENDING" });
    // No customer e-mail per generated visit; the first confirmation listed the next 3 planned visits.
    assert.deepEqual(await seriesMail(db), []);
    const [confirmation] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where kind = 'booking-confirmation' and related_id = ${first._id}`;
    for (const day of ["Fri 4 Dec 2026, 9:00 am", "Fri 11 Dec 2026, 9:00 am", "Fri 18 Dec 2026, 9:00 am"]) assert.ok(confirmation.text_body.includes(day), day);
  });

  await t.step("the list: filters and search by name, suburb or any visit's reference", async () => {
    const list = (await call("GET", "/api/admin/series")).body;
    assert.deepEqual([list.totalItems, list.page, list.totalPages, list.items[0]._id], [1, 1, 1, seriesId]);
    const reference = (await visitOn("2026-12-18")).reference;
    for (const q of ["lovelace", "fitzroy", reference.toLowerCase(), "0412 345"]) {
      assert.equal((await call("GET", `/api/admin/series?q=${encodeURIComponent(q)}`)).body.totalItems, 1, q);
    }
    assert.equal((await call("GET", "/api/admin/series?q=nobody")).body.totalItems, 0);
    assert.equal((await call("GET", "/api/admin/series?status=PAUSED")).body.totalItems, 0);
    assert.equal((await call("GET", "/api/admin/series?status=NOPE")).status, 422);
    assert.equal((await call("GET", `/api/admin/series/${crypto.randomUUID()}`)).body.code, "SERIES_NOT_FOUND");
    assert.equal((await call("GET", "/api/admin/series/not-an-id")).status, 404);
  });

  await t.step("skip one visit: cancelled with its date kept, audited, one e-mail; skipping it again is refused", async () => {
    const visit = await visitOn("2026-12-04");
    const skipped = await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/skip`, { reason: "Away that week" });
    assert.equal(skipped.status, 200);
    const after = (skipped.body as SeriesDetail).visits.find((v) => v._id === visit._id)!;
    assert.deepEqual([after.status, after.cancelReason, after.seriesDate], ["CANCELLED", "Away that week", "2026-12-04"]);
    const mail = await seriesMail(db);
    assert.deepEqual(mail.map((m) => [m.kind, m.to_address]), [["series-visit-skipped", "ada@example.com"]]);
    const [audit] = await audits(db, "series.skip");
    assert.deepEqual([audit.entity, audit.entity_id, audit.after.status, audit.after.reason], ["series", seriesId, "CANCELLED", "Away that week"]);
    const again = await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/skip`, {});
    assert.deepEqual([again.status, again.body.code], [409, "VISIT_NOT_CHANGEABLE"]);
    // The job never fills a skipped date again.
    await db.sql`update booking_series set generated_through = anchor_date where id = ${seriesId}`;
    assert.deepEqual(await job.runOnce(), { series: 1, visits: 0 });
    // A booking that is no visit of this series, and a series that does not exist.
    const stranger = await storeSample(db, { email: "bob@example.com" });
    assert.equal((await call("POST", `/api/admin/series/${seriesId}/visits/${stranger._id}/skip`, {})).body.code, "VISIT_NOT_IN_SERIES");
    assert.equal((await call("POST", `/api/admin/series/${crypto.randomUUID()}/visits/${visit._id}/skip`, {})).body.code, "SERIES_NOT_FOUND");
    assert.equal((await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/skip`, { reason: "x".repeat(501) })).status, 422);
    assert.equal((await seriesMail(db)).length, 1);
  });

  await t.step("move one visit: capacity-checked without its own place, audited, one e-mail", async () => {
    const visit = await visitOn("2026-12-11");
    // Monday 14 Dec 9:00 is taken by another customer (one place a slot).
    await storeSample(db, { startTime: melbourneInstant("2026-12-14", 9), endTime: melbourneInstant("2026-12-14", 12), email: "carol@example.com" });
    const full = await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/move`, { startTimeISO: "2026-12-14T09:00:00+11:00" });
    assert.deepEqual([full.status, full.body.code], [409, "SLOT_UNAVAILABLE"]);
    const forbidden = await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/move`, { startTimeISO: "2026-12-14T09:00:00+11:00", overrideCapacity: true });
    assert.equal(forbidden.status, 403);
    const sunday = await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/move`, { startTimeISO: "2026-12-13T09:00:00+11:00" });
    assert.equal(sunday.status, 422);
    assert.ok(sunday.body.fieldErrors.startTimeISO);
    // An hour later on its own day overlaps only itself: fine.
    const moved = await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/move`, { startTimeISO: "2026-12-11T10:00:00+11:00" });
    assert.equal(moved.status, 200);
    const after = (moved.body as SeriesDetail).visits.find((v) => v._id === visit._id)!;
    assert.deepEqual([after.startTime, after.seriesDate, after.status], [melbourneInstant("2026-12-11", 10).toISOString(), "2026-12-11", "PENDING"]);
    const mail = await seriesMail(db);
    assert.deepEqual(mail.map((m) => m.kind), ["series-visit-skipped", "series-visit-moved"]);
    const [audit] = await audits(db, "series.move");
    assert.equal(audit.entity_id, seriesId);
    assert.equal(audit.after.startTime, melbourneInstant("2026-12-11", 10).toISOString());
    // A superadmin may take the full time.
    const over = await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/move`, { startTimeISO: "2026-12-14T09:00:00+11:00", overrideCapacity: true }, root.headers);
    assert.equal(over.status, 200);
    assert.equal((await audits(db, "series.move"))[1].after.overrideCapacity, true);
    assert.equal((await seriesMail(db)).length, 3);
  });

  await t.step("a visit that needs attention, moved into a free place, takes the series' visit status", async () => {
    const visit = await visitOn("2026-12-18");
    await db.sql`update bookings set status = 'NEEDS_ATTENTION' where id = ${visit._id}`;
    assert.equal((await detail(seriesId)).needsAttention, 1);
    const moved = await call("POST", `/api/admin/series/${seriesId}/visits/${visit._id}/move`, { startTimeISO: "2026-12-17T09:00:00+11:00" });
    assert.equal(moved.status, 200);
    assert.equal((moved.body as SeriesDetail).visits.find((v) => v._id === visit._id)!.status, "PENDING");
    assert.equal((moved.body as SeriesDetail).needsAttention, 0);
  });

  await t.step("change from a date: the standing visits from then are replaced, re-priced, generated at once; one e-mail", async () => {
    const before = await detail(seriesId);
    const past = await call("POST", `/api/admin/series/${seriesId}/change`, { fromDate: "2026-11-20", hours: 4 });
    assert.deepEqual([past.status, past.body.fieldErrors], [422, { fromDate: [SERIES_MESSAGES.fromDatePast] }]);
    const bad = await call("POST", `/api/admin/series/${seriesId}/change`, { fromDate: "2027-01-05", frequencyCode: "ONE_TIME" });
    assert.deepEqual([bad.status, bad.body.code, bad.body.fieldErrors], [422, "VALIDATION_FAILED", { frequencyCode: [SERIES_MESSAGES.notRepeating] }]);
    // From Tuesday 5 Jan: Tuesdays at 10:00, 4 hours.
    const changed = await call("POST", `/api/admin/series/${seriesId}/change`, { fromDate: "2027-01-05", startTime: "10:00", hours: 4 });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const after = changed.body as SeriesDetail;
    assert.deepEqual([after.anchorDate, after.weekday, after.startTime, after.hours], ["2027-01-05", 2, "10:00", 4]);
    assert.ok(after.recurringTotal > before.recurringTotal);
    const replaced = after.visits.filter((v) => v.cancelReason === "Replaced by a change to the regular clean");
    assert.deepEqual(replaced.map((v) => [v.status, v.seriesDate]), [["CANCELLED", null], ["CANCELLED", null], ["CANCELLED", null]]);
    const coming = after.visits.filter((v) => v.status === "PENDING" && v.startTime >= "2027-01-04");
    assert.equal(coming[0].startTime, melbourneInstant("2027-01-05", 10).toISOString());
    assert.ok(coming.every((v) => v.total === after.recurringTotal));
    // The first visit of the new terms opens their 8-week horizon.
    assert.deepEqual(coming.map((v) => v.seriesDate), [
      "2027-01-05", "2027-01-12", "2027-01-19", "2027-01-26", "2027-02-02", "2027-02-09", "2027-02-16", "2027-02-23", "2027-03-02",
    ]);
    const mail = await seriesMail(db);
    assert.equal(mail.filter((m) => m.kind === "series-changed").length, 1);
    assert.equal(mail.at(-1)?.attachments?.[0].filename, "regular-clean.ics");
    const [audit] = await audits(db, "series.change");
    assert.deepEqual([audit.before?.startTime, audit.after.startTime, audit.after.fromDate], ["09:00", "10:00", "2027-01-05"]);
  });

  await t.step("pause: the visits from the date are cancelled and nothing is generated; resume generates again", async () => {
    const mailBefore = (await seriesMail(db)).length;
    const paused = await call("POST", `/api/admin/series/${seriesId}/pause`, { fromDate: "2027-01-19" });
    assert.equal(paused.status, 200);
    const series = paused.body as SeriesDetail;
    assert.equal(series.status, "PAUSED");
    const fromThen = series.visits.filter((v) => v.startTime >= "2027-01-18" && v.cancelReason !== "Replaced by a change to the regular clean");
    assert.equal(fromThen.length, 7);
    assert.ok(fromThen.every((v) => v.status === "CANCELLED" && v.cancelReason === "Regular clean paused" && v.seriesDate === null));
    assert.ok(series.visits.some((v) => v.seriesDate === "2027-01-12" && v.status === "PENDING"));
    assert.deepEqual(await job.runOnce(), { series: 0, visits: 0 });
    // Pausing again changes nothing and tells nobody.
    assert.equal((await call("POST", `/api/admin/series/${seriesId}/pause`, {})).status, 200);
    assert.equal((await seriesMail(db)).length, mailBefore + 1);
    assert.equal((await audits(db, "series.pause")).length, 1);

    // Without a body: from today. The visits from today come back.
    const resumed = await call("POST", `/api/admin/series/${seriesId}/resume`, undefined);
    assert.equal(resumed.status, 200);
    const back = resumed.body as SeriesDetail;
    assert.equal(back.status, "ACTIVE");
    assert.ok(back.visits.some((v) => v.seriesDate === "2027-01-19" && v.status === "PENDING"));
    assert.equal((await seriesMail(db)).at(-1)?.kind, "series-resumed");
    assert.equal((await seriesMail(db)).length, mailBefore + 2);
    assert.equal((await audits(db, "series.resume")).length, 1);
    assert.equal((await call("POST", `/api/admin/series/${seriesId}/resume`, { fromDate: "2026-01-01" })).status, 422);
  });

  await t.step("end: every visit from the date cancelled, one e-mail (not one per visit), audited; then nothing more", async () => {
    const mailBefore = (await seriesMail(db)).length;
    const standing = (await detail(seriesId)).visits.filter((v) => v.startTime >= "2027-01-11" && v.status !== "CANCELLED").length;
    assert.ok(standing > 3);
    const ended = await call("POST", `/api/admin/series/${seriesId}/end`, { fromDate: "2027-01-11", reason: "Moving interstate" });
    assert.equal(ended.status, 200);
    const series = ended.body as SeriesDetail;
    assert.deepEqual([series.status, series.endsOn, series.nextVisit?.startTime], ["ENDED", "2027-01-11", melbourneInstant("2026-11-27", 9).toISOString()]);
    assert.equal(series.visits.filter((v) => v.cancelReason === "Moving interstate").length, standing);
    const mail = await seriesMail(db);
    assert.equal(mail.length, mailBefore + 1);
    assert.equal(mail.at(-1)?.kind, "series-ended");
    assert.match(mail.at(-1)!.text_body, /Moving interstate/);
    const [audit] = await audits(db, "series.end");
    assert.equal((audit.after.cancelledIds as string[]).length, standing);
    for (const [path, body] of [
      ["end", { fromDate: "2027-02-01" }],
      ["pause", {}],
      ["change", { fromDate: "2027-02-01", hours: 5 }],
      [`visits/${first._id}/skip`, {}],
    ] as const) {
      const refused = await call("POST", `/api/admin/series/${seriesId}/${path}`, body);
      assert.deepEqual([refused.status, refused.body.code], [409, "SERIES_ENDED"], path);
    }
    assert.deepEqual(await job.runOnce(), { series: 0, visits: 0 });
    assert.equal((await call("GET", "/api/admin/series?status=ENDED")).body.totalItems, 1);
  });

  await t.step("staff-made bookings with a repeating frequency start a series too, audited by the staff member", async () => {
    const made = await call("POST", "/api/admin/bookings", { ...draft({ email: "phone@example.com", startTimeISO: "2026-11-30T09:00:00+11:00", frequencyCode: "FORTNIGHTLY" }), notifyCustomer: false });
    assert.equal(made.status, 201);
    assert.ok(made.body.seriesId);
    const [audit] = (await audits(db, "series.create")).filter((row) => row.entity_id === made.body.seriesId);
    assert.equal(audit.admin_email, admin.admin.email);
    assert.equal((await detail(made.body.seriesId)).repeatEvery, 2);
    const once = await call("POST", "/api/admin/bookings", { ...draft({ email: "once@example.com", startTimeISO: "2026-12-01T09:00:00+11:00", frequencyCode: "ONE_TIME" }), notifyCustomer: false });
    assert.equal(once.body.seriesId, null);
  });

  await t.step("issue 28: a change from a date starts at any quarter hour, and outside the working hours only when ticked (audited)", async () => {
    const made = await call("POST", "/api/admin/bookings", {
      ...draft({ email: "school@example.com", startTimeISO: "2026-12-02T09:00:00+11:00", frequencyCode: "WEEKLY" }),
      notifyCustomer: false,
    });
    assert.equal(made.status, 201);
    const school: string = made.body.seriesId;
    const changeAudits = async () => (await audits(db, "series.change")).filter((row) => row.entity_id === school);

    const halfPast = await call("POST", `/api/admin/series/${school}/change`, { fromDate: "2026-12-09", startTime: "10:30" });
    assert.equal(halfPast.status, 200, JSON.stringify(halfPast.body));
    assert.equal((halfPast.body as SeriesDetail).startTime, "10:30");
    assert.equal((await changeAudits())[0].after.allowOutsideHours, undefined);

    // Wednesdays at 6 pm from 16 Dec: refused without the tick, the way round it named.
    const evening = { fromDate: "2026-12-16", startTime: "18:00" };
    const refused = await call("POST", `/api/admin/series/${school}/change`, evening);
    assert.deepEqual([refused.status, refused.body.code], [422, "VALIDATION_FAILED"]);
    assert.deepEqual(refused.body.fieldErrors, {
      startTime: ["Please choose a start time on the quarter hour between 8:00 and 16:00, or tick “Outside working hours”."],
    });
    const notBoolean = await call("POST", `/api/admin/series/${school}/change`, { ...evening, allowOutsideHours: "yes" });
    assert.deepEqual([notBoolean.status, notBoolean.body.fieldErrors?.allowOutsideHours], [422, ["allowOutsideHours must be true or false."]]);

    const ticked = await call("POST", `/api/admin/series/${school}/change`, { ...evening, allowOutsideHours: true });
    assert.equal(ticked.status, 200, JSON.stringify(ticked.body));
    const after = ticked.body as SeriesDetail;
    assert.deepEqual([after.anchorDate, after.startTime], ["2026-12-16", "18:00"]);
    // The visits of the new terms hold their places at 6 pm.
    const evenings = after.visits.filter((v) => v.seriesDate !== null && v.seriesDate >= "2026-12-16");
    assert.equal(evenings[0].startTime, melbourneInstant("2026-12-16", 18).toISOString());
    assert.ok(evenings.every((v) => v.status === "PENDING"), JSON.stringify(evenings.map((v) => v.status)));
    const audit = (await changeAudits())[1];
    assert.deepEqual([audit.after.startTime, audit.after.fromDate, audit.after.allowOutsideHours], ["18:00", "2026-12-16", true]);

    // A closed date stays closed, tick or not.
    assert.equal((await call("POST", "/api/admin/closed-dates", { date: "2026-12-23", label: "Team day" })).status, 201);
    const closed = await call("POST", `/api/admin/series/${school}/change`, { fromDate: "2026-12-23", startTime: "19:00", allowOutsideHours: true });
    assert.equal(closed.status, 422);
    assert.ok(closed.body.fieldErrors.fromDate);
    assert.equal((await changeAudits()).length, 2);
  });
});
