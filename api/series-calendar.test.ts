/**
 * Issue 34 item 7, through the HTTP API on PGlite and PostgreSQL: a weekly booking made on the site
 * puts every visit planned with it in the customer's calendar (the confirmation's .ics, one VEVENT
 * per visit holding a place, each under its own visit's UID), and each later change to one visit,
 * by staff or by the customer, updates or removes that one event (same UID, higher SEQUENCE). The
 * .ics is read back as a calendar app reads it (core/notifications/test-ics.ts). A regular clean the
 * office books puts its planned visits in the calendar the same way.
 */
import assert from "node:assert/strict";
import { adminSession, describeApi, json, manageApp } from "./test-app.ts";
import { draft, NOW } from "./test-fixtures.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { makeSeriesPlanningJob } from "../adapters/jobs/series-planning.ts";
import { makeReminderJob } from "../adapters/jobs/reminders.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../core/settings/types.ts";
import { MELBOURNE_TZ, melbourneInstant } from "../core/shared/melbourne-time.ts";
import { type IcsCalendar, parseIcs } from "../core/notifications/test-ics.ts";

interface OutboxRow {
  kind: string;
  related_id: string | null;
  text_body: string;
  attachments: { filename: string; contentType: string; content: string }[] | null;
}

/** The customer's e-mails of one kind, oldest first. */
const mails = (db: TestDatabase, kind: string) =>
  db.sql<OutboxRow[]>`
    select kind, related_id, text_body, attachments from email_outbox
     where kind = ${kind} and to_address = 'ada@example.com' order by created_at, id`;

/** The one .ics of an e-mail, as a calendar app reads it. */
function calendarOf(mail: OutboxRow): IcsCalendar & { filename: string } {
  assert.equal(mail.attachments?.length, 1, `${mail.kind} carries one .ics`);
  return { ...parseIcs(mail.attachments![0].content), filename: mail.attachments![0].filename };
}

const wallClock = (at: Date): string =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: MELBOURNE_TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at).replace(",", "");

const uidOf = (bookingId: string) => `${bookingId}@yarrashine.com.au`;
const ctx = { profile: DEMO_BUSINESS_PROFILE, cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML, siteUrl: "https://yarrashine.test" };

describeApi("a regular clean in the customer's calendar: one event per visit, each updated on its own", async (t, _app, db) => {
  let now = NOW;
  const clock = { now: () => now };
  const app = manageApp(db, clock);
  const admin = await adminSession(db, "admin", undefined, NOW);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = admin.headers) =>
    await json(
      await app.request(
        new Request(`http://localhost${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
    );

  // Another customer has Friday 4 December at 9:00: with one place a slot, that visit can't be placed.
  const other = await call("POST", "/api/bookings", draft({ startTimeISO: "2026-12-04T09:00:00+11:00", frequencyCode: "ONE_TIME", email: "bo@example.com" }), {});
  assert.equal(other.status, 201, JSON.stringify(other.body));
  // Ada: weekly from Friday 27 November 2026, 9:00 to 12:00.
  const booked = await call("POST", "/api/bookings", draft(), {});
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  const first = booked.body;
  const visits = async () => [
    ...await db.sql<{ id: string; ymd: string; status: string; calendar_sequence: number; start_time: Date; end_time: Date }[]>`
      select id, to_char(series_date, 'YYYY-MM-DD') as ymd, status, calendar_sequence, start_time, end_time from bookings
       where series_id = ${first.seriesId} order by start_time`,
  ];
  const planned = await visits();
  const idOn = (ymd: string) => planned.find((visit) => visit.ymd === ymd)!.id;
  const [confirmationMail] = await mails(db, "booking-confirmation");
  const confirmation = calendarOf(confirmationMail);
  const eventOf = (bookingId: string) => confirmation.events.find((event) => event.uid === uidOf(bookingId));
  const token = confirmationMail.text_body.match(/\/manage\/([A-Za-z0-9_-]+)/)![1];

  await t.step("the confirmation's .ics holds each visit that holds a place, one VEVENT and UID each, at 9:00 Melbourne time", () => {
    const placed = planned.filter((visit) => visit.status === "PENDING");
    assert.ok(placed.length >= 8, `${placed.length} visits`);
    assert.equal(confirmation.method, "PUBLISH");
    assert.equal(confirmation.filename, "regular-clean.ics");
    assert.deepEqual(confirmation.events.map((event) => event.uid), placed.map((visit) => uidOf(visit.id)));
    assert.equal(new Set(confirmation.events.map((event) => event.uid)).size, placed.length);
    assert.equal(confirmation.events[0].uid, uidOf(first._id));
    assert.deepEqual(confirmation.events.map((event) => wallClock(event.start)), placed.map((visit) => `${visit.ymd} 09:00`));
    assert.deepEqual(confirmation.events.map((event) => event.end.toISOString()), placed.map((visit) => new Date(visit.end_time).toISOString()));
    assert.ok(confirmation.events.every((event) => event.sequence === 0 && event.status === "TENTATIVE"));
    // 4 December could not be placed: named in words, not put in the calendar.
    assert.equal(planned.find((visit) => visit.ymd === "2026-12-04")!.status, "NEEDS_ATTENTION");
    assert.equal(eventOf(idOn("2026-12-04")), undefined);
    assert.ok(confirmationMail.text_body.includes(`attached with this visit and your ${placed.length - 1} planned visits after it, each its own event`));
  });

  await t.step("staff move one visit: that UID again at a higher SEQUENCE and the new time, nothing else", async () => {
    const id = idOn("2026-12-11");
    const moved = await call("POST", `/api/admin/series/${first.seriesId}/visits/${id}/move`, { startTimeISO: "2026-12-11T10:00:00+11:00" });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const update = calendarOf((await mails(db, "series-visit-moved")).at(-1)!);
    assert.equal(update.method, "PUBLISH");
    assert.deepEqual(update.events.map((event) => event.uid), [eventOf(id)!.uid]);
    assert.ok(update.events[0].sequence > eventOf(id)!.sequence);
    assert.equal(wallClock(update.events[0].start), "2026-12-11 10:00");
  });

  await t.step("staff skip one visit: METHOD:CANCEL for that UID only", async () => {
    const id = idOn("2026-12-18");
    const skipped = await call("POST", `/api/admin/series/${first.seriesId}/visits/${id}/skip`, { reason: "Away" });
    assert.equal(skipped.status, 200, JSON.stringify(skipped.body));
    const update = calendarOf((await mails(db, "series-visit-skipped")).at(-1)!);
    assert.equal(update.method, "CANCEL");
    assert.deepEqual(update.events.map((event) => [event.uid, event.status]), [[eventOf(id)!.uid, "CANCELLED"]]);
    assert.ok(update.events[0].sequence > eventOf(id)!.sequence);
  });

  await t.step("staff edit one visit (an hour longer): that UID at a higher SEQUENCE, the new end", async () => {
    const id = idOn("2026-12-25");
    const edited = await call("PATCH", `/api/admin/bookings/${id}`, { hours: 4 });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const update = calendarOf((await mails(db, "booking-updated")).at(-1)!);
    assert.deepEqual(update.events.map((event) => [event.uid, event.sequence]), [[eventOf(id)!.uid, 1]]);
    const [stored] = await db.sql<{ end_time: Date }[]>`select end_time from bookings where id = ${id}`;
    assert.equal(update.events[0].end.getTime(), new Date(stored.end_time).getTime());
    assert.equal(update.events[0].end.getTime() - eventOf(id)!.end.getTime(), 3_600_000);
  });

  await t.step("the customer moves one visit and skips another from their link: each its own UID, higher SEQUENCE", async () => {
    const movedId = idOn("2027-01-01");
    const moved = await call("POST", `/api/manage/${token}/visits/${movedId}/reschedule`, { startTimeISO: "2026-12-31T10:00:00+11:00" }, {});
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const move = calendarOf((await mails(db, "booking-rescheduled")).at(-1)!);
    assert.equal(move.method, "PUBLISH");
    assert.deepEqual(move.events.map((event) => [event.uid, event.sequence]), [[eventOf(movedId)!.uid, 1]]);
    assert.equal(wallClock(move.events[0].start), "2026-12-31 10:00");

    const skippedId = idOn("2027-01-08");
    const skipped = await call("POST", `/api/manage/${token}/visits/${skippedId}/skip`, {}, {});
    assert.equal(skipped.status, 200, JSON.stringify(skipped.body));
    const skip = calendarOf((await mails(db, "visit-skipped")).at(-1)!);
    assert.equal(skip.method, "CANCEL");
    assert.deepEqual(skip.events.map((event) => [event.uid, event.sequence]), [[eventOf(skippedId)!.uid, 1]]);
  });

  await t.step("the horizon moving on plans new visits without an e-mail; each one's reminder carries its event", async () => {
    const before = (await db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox`)[0].n;
    now = new Date(NOW.getTime() + 14 * 86_400_000);
    const job = makeSeriesPlanningJob({ sql: db.sql, clock, log: { info: () => {}, error: () => {} } });
    const run = await job.runOnce();
    assert.equal(run.series, 1);
    assert.ok(run.visits >= 1, JSON.stringify(run));
    assert.equal((await db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox`)[0].n, before, "no e-mail per planned visit");
    const added = (await visits()).filter((visit) => !planned.some((known) => known.id === visit.id));
    assert.equal(added.length, run.visits);
    // The day before the first new visit, its reminder puts it in the calendar under its own UID.
    const visit = added[0];
    now = new Date(new Date(visit.start_time).getTime() - 20 * 3_600_000);
    const reminders = makeReminderJob({ sql: db.sql, clock, context: () => Promise.resolve(ctx), log: { info: () => {}, error: () => {} } });
    assert.equal(await reminders.runOnce(), 1);
    const reminder = calendarOf((await mails(db, "booking-reminder")).at(-1)!);
    assert.equal(reminder.method, "PUBLISH");
    assert.deepEqual(reminder.events.map((event) => [event.uid, event.sequence]), [[uidOf(visit.id), 0]]);
    assert.equal(wallClock(reminder.events[0].start), `${visit.ymd} 09:00`);
  });

  await t.step("the calendar of every visit stays in step with the database: each visit's last event has its SEQUENCE", async () => {
    const stored = new Map((await visits()).map((visit) => [uidOf(visit.id), visit.calendar_sequence]));
    const all = await db.sql<OutboxRow[]>`
      select kind, related_id, text_body, attachments from email_outbox
       where to_address = 'ada@example.com' and attachments is not null order by created_at, id`;
    const last = new Map<string, number>();
    for (const mail of all) for (const event of calendarOf(mail).events) last.set(event.uid, event.sequence);
    for (const [uid, sequence] of last) assert.equal(sequence, stored.get(uid), uid);
  });

  await t.step("a regular clean the office books on the phone: its one e-mail's .ics holds every visit planned with it", async () => {
    now = NOW; // the session's clock, before the steps above moved it on
    const made = await call("POST", "/api/admin/bookings", draft({
      startTimeISO: "2027-03-02T13:00:00+11:00", frequencyCode: "WEEKLY", email: "cy@example.com", firstName: "Cy",
    }));
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const placed = await db.sql<{ id: string }[]>`
      select id from bookings where series_id = ${made.body.seriesId} and status = 'PENDING' order by start_time`;
    assert.ok(placed.length >= 8, `${placed.length} visits`);
    const sent = await db.sql<OutboxRow[]>`
      select kind, related_id, text_body, attachments from email_outbox where to_address = 'cy@example.com' order by created_at, id`;
    assert.deepEqual(sent.map((mail) => mail.kind), ["booking-confirmation"], "one e-mail");
    const calendar = calendarOf(sent[0]);
    assert.equal(calendar.filename, "regular-clean.ics");
    assert.deepEqual(calendar.events.map((event) => event.uid), placed.map((visit) => uidOf(visit.id)));
    assert.ok(sent[0].text_body.includes(`adds this visit and your ${placed.length - 1} planned visits after it to your calendar`));
    assert.ok(sent[0].text_body.includes("Your regular clean"), "names the plan as the public confirmation does");
  });

  // Sanity: the instants the steps used are the ones the database holds.
  assert.equal(melbourneInstant("2026-11-27", 9).toISOString(), first.startTime);
});
