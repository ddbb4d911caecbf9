/**
 * Issue 28, item 5: a regular clean's coming visits, each changed from any visit's link. The
 * customer opens the first visit's link, sees every coming visit with whether it may still change,
 * skips the third and moves the second from there; each change e-mails the customer (that visit's
 * own calendar event) and the office, and is audited, as a change through that visit's own link is.
 */
import assert from "node:assert/strict";
import { describeApi, json, manageApp } from "./test-app.ts";
import { draft, NOW, post } from "./test-fixtures.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { makeSeriesPlanningJob } from "../adapters/jobs/series-planning.ts";
import { changeCutoffMessage } from "../core/booking/manage/policy.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { melbourneInstant } from "../core/shared/melbourne-time.ts";

const OFFICE = DEMO_BUSINESS_PROFILE.notificationEmail;
const HOUR = 3_600_000;

interface OutboxRow {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  related_id: string | null;
  attachments: { filename: string; content: string }[] | null;
}

const mails = (db: TestDatabase, kind: string, to: string) =>
  db.sql<OutboxRow[]>`
    select kind, to_address, subject, text_body, related_id, attachments from email_outbox
     where kind = ${kind} and to_address = ${to} order by created_at desc, id`;

/** The link's token, read from an e-mail as the customer would click it. */
function tokenIn(mail: OutboxRow): string {
  const match = mail.text_body.match(/https:\/\/yarrashine\.test\/manage\/([A-Za-z0-9_-]+)/);
  assert.ok(match, `no manage link in ${mail.kind}`);
  return match[1];
}

/** One property of an e-mail's .ics, continuation lines unfolded. */
function ics(mail: OutboxRow, name: string): string | undefined {
  const lines = mail.attachments![0].content.replace(/\r\n[ \t]/g, "").split("\r\n");
  return lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
}

/** A fresh link to a booking, as that visit's own reminder e-mail would carry it. */
async function linkTo(db: TestDatabase, bookingId: string): Promise<string> {
  const link = newManageToken();
  await saveManageTokenHash(db.sql, bookingId, link.hash);
  return link.token;
}

interface Visit {
  bookingId: string;
  reference: string;
  startTime: string;
  endTime: string;
  durationMinutes: number;
  status: string;
  canChange: boolean;
  changeUntil: string | null;
}

const FRIDAYS = ["2026-11-27", "2026-12-04", "2026-12-11", "2026-12-18", "2026-12-25", "2027-01-01", "2027-01-08", "2027-01-15", "2027-01-22"];

describeApi("manage my booking: every coming visit of a regular clean, each skipped or moved from one link", async (t, _app, db) => {
  let now = NOW;
  const clock = { now: () => now };
  const app = manageApp(db, clock);
  const get = async (path: string) => await json(await app.request(`http://localhost${path}`));
  const send = async (path: string, body: unknown = {}) => await json(await app.request(post(path, body)));

  // Grace: a weekly clean from Friday 27 Nov 2026, 9:00 to 11:00; the job plans her next 8 visits.
  const booked = await send("/api/bookings", draft({ email: "grace@example.com", hours: 2, extras: [] }));
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  const first = booked.body;
  const [confirmation] = await mails(db, "booking-confirmation", "grace@example.com");
  const token = tokenIn(confirmation);
  const job = makeSeriesPlanningJob({ sql: db.sql, clock, log: { info: () => {}, error: () => {} } });
  await job.runOnce();
  const view = async (link = token) => {
    const answer = await get(`/api/manage/${link}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  };
  const visits: Visit[] = (await view()).series.visits;
  const [, second, third, fourth, fifth] = visits;
  const visitPath = (visit: { bookingId: string }, action: string, link = token) => `/api/manage/${link}/visits/${visit.bookingId}/${action}`;
  const statusOf = async (id: string) =>
    (await db.sql<{ status: string; cancel_reason: string; start_time: Date }[]>`select status, cancel_reason, start_time from bookings where id = ${id}`)[0];

  await t.step("the link lists every coming visit of the series by start, this one first, each with its own cut-off", async () => {
    const body = await view();
    assert.equal(body.reference, first.reference);
    assert.deepEqual(body.series.visits.map((v: Visit) => v.startTime), FRIDAYS.map((ymd) => melbourneInstant(ymd, 9).toISOString()));
    assert.deepEqual(body.series.visits[0], {
      bookingId: first._id,
      reference: first.reference,
      startTime: "2026-11-26T22:00:00.000Z",
      endTime: "2026-11-27T00:00:00.000Z",
      durationMinutes: 120,
      status: "PENDING",
      canChange: true,
      changeUntil: "2026-11-25T22:00:00.000Z",
    });
    assert.ok(body.series.visits.every((v: Visit) => v.status === "PENDING" && v.canChange && v.durationMinutes === 120));
    assert.equal(new Set(body.series.visits.map((v: Visit) => v.reference)).size, FRIDAYS.length);
    assert.deepEqual(body.series.reschedule, { todayYmd: "2026-11-22", earliestYmd: "2026-11-26", latestYmd: "2027-11-22" });
    // The fields the page had before stay as they were.
    assert.deepEqual([body.series.frequencyName, body.series.status, body.series.nextVisits.length], ["Weekly", "ACTIVE", 3]);
  });

  await t.step("skip the third visit through the first visit's link: 200, that visit CANCELLED, e-mails, audit", async () => {
    const answer = await send(visitPath(third, "skip"));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    // The answer is the link's own booking, untouched, with the visits as they now are.
    assert.deepEqual([answer.body.reference, answer.body.status, answer.body.canChange], [first.reference, "PENDING", true]);
    assert.ok(!answer.body.series.visits.some((v: Visit) => v.bookingId === third.bookingId));
    assert.equal(answer.body.series.visits.length, FRIDAYS.length - 1);
    const row = await statusOf(third.bookingId);
    assert.deepEqual([row.status, row.cancel_reason], ["CANCELLED", "Skipped by the customer"]);
    assert.equal((await statusOf(first._id)).status, "PENDING");

    const [skipped] = await mails(db, "visit-skipped", "grace@example.com");
    assert.equal(skipped.related_id, third.bookingId);
    assert.ok(skipped.text_body.includes(third.reference));
    assert.ok(skipped.text_body.includes("your next visit is Fri 18 Dec 2026, 9:00 am AEDT (Melbourne time)"), skipped.text_body);
    assert.deepEqual([ics(skipped, "METHOD"), ics(skipped, "UID")?.startsWith(`${third.bookingId}@`), ics(skipped, "SEQUENCE")], ["CANCEL", true, "1"]);
    // The e-mail's link opens the skipped visit itself.
    assert.equal((await view(tokenIn(skipped))).reference, third.reference);
    const [office] = await mails(db, "booking-change-notification", OFFICE);
    assert.ok(office.subject.startsWith(`Customer skipped ${third.reference}`), office.subject);
    const audit = await db.sql<{ action: string; admin_id: string | null; admin_email: string }[]>`
      select action, admin_id, admin_email from audit_log where entity_id = ${third.bookingId}`;
    assert.deepEqual(audit.map((r) => [r.action, r.admin_id, r.admin_email]), [["booking.customer_skip", null, "grace@example.com"]]);

    // Skipped once is skipped.
    const again = await send(visitPath(third, "skip"));
    assert.deepEqual([again.status, again.body.code], [409, "BOOKING_NOT_CHANGEABLE"]);
  });

  await t.step("the calendar for moving the second visit: its length, its own place free", async () => {
    const { status, body } = await get(`${visitPath(second, "availability")}?from=2026-12-04&to=2026-12-04`);
    assert.equal(status, 200);
    assert.equal(body.durationMinutes, 120);
    const [friday] = body.days;
    const own = friday.slots.find((slot: { startTimeISO: string }) => slot.startTimeISO === second.startTime);
    assert.equal(own?.available, true, "its own place does not count against it");
    const wrong = await get(`${visitPath(second, "availability")}?from=2026-12-31&to=2026-12-01`);
    assert.deepEqual([wrong.status, Object.keys(wrong.body.fieldErrors)], [422, ["to"]]);
  });

  await t.step("move the second visit: 200, its new time, e-mails with that visit's calendar update, audit", async () => {
    const sunday = await send(visitPath(second, "reschedule"), { startTimeISO: "2026-12-06T09:00:00+11:00" });
    assert.equal(sunday.status, 422);
    assert.ok(sunday.body.fieldErrors.startTimeISO);
    const answer = await send(visitPath(second, "reschedule"), { startTimeISO: "2026-12-07T10:00:00+11:00" });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.reference, first.reference);
    const moved = answer.body.series.visits.find((v: Visit) => v.bookingId === second.bookingId);
    assert.deepEqual([moved.startTime, moved.endTime, moved.status], ["2026-12-06T23:00:00.000Z", "2026-12-07T01:00:00.000Z", "PENDING"]);
    assert.equal(new Date((await statusOf(second.bookingId)).start_time).toISOString(), "2026-12-06T23:00:00.000Z");
    const [mail] = await mails(db, "booking-rescheduled", "grace@example.com");
    assert.equal(mail.related_id, second.bookingId);
    assert.deepEqual([ics(mail, "METHOD"), ics(mail, "UID")?.startsWith(`${second.bookingId}@`), ics(mail, "SEQUENCE")], ["PUBLISH", true, "1"]);
    const [office] = await mails(db, "booking-change-notification", OFFICE);
    assert.ok(office.subject.startsWith(`Customer moved ${second.reference}`), office.subject);
    const [audit] = await db.sql<{ action: string; after: { startTime: string } }[]>`
      select action, after from audit_log where entity_id = ${second.bookingId}`;
    assert.deepEqual([audit.action, audit.after.startTime], ["booking.customer_reschedule", "2026-12-06T23:00:00.000Z"]);
  });

  await t.step("a booking that is no visit of this series: 404 VISIT_NOT_IN_SERIES, nothing changed", async () => {
    const other = await send("/api/bookings", draft({ email: "alan@example.com", hours: 2, extras: [], startTimeISO: "2026-12-01T13:00:00+11:00" }));
    const oneOff = await send("/api/bookings", draft({ email: "ada@example.com", hours: 2, extras: [], frequencyCode: "ONE_TIME", startTimeISO: "2026-11-30T13:00:00+11:00" }));
    assert.deepEqual([other.status, oneOff.status], [201, 201]);
    for (const id of [other.body._id, oneOff.body._id, crypto.randomUUID(), "not-a-booking"]) {
      for (const [action, body] of [["skip", {}], ["reschedule", { startTimeISO: "2026-12-08T10:00:00+11:00" }]] as const) {
        const refused = await send(visitPath({ bookingId: id }, action), body);
        assert.deepEqual([refused.status, refused.body.code], [404, "VISIT_NOT_IN_SERIES"], `${action} ${id}`);
      }
      const calendar = await get(`${visitPath({ bookingId: id }, "availability")}?from=2026-12-08&to=2026-12-08`);
      assert.deepEqual([calendar.status, calendar.body.code], [404, "VISIT_NOT_IN_SERIES"]);
    }
    assert.equal((await statusOf(other.body._id)).status, "PENDING");
    // A one-off's link opens no other booking either.
    const oneOffLink = await linkTo(db, oneOff.body._id);
    assert.equal((await view(oneOffLink)).series, null);
    assert.equal((await send(visitPath(fourth, "skip", oneOffLink))).body.code, "VISIT_NOT_IN_SERIES");
    // An unknown link stays the link's own 404.
    const unknown = await send(visitPath(fourth, "skip", newManageToken().token));
    assert.deepEqual([unknown.status, unknown.body.code], [404, "MANAGE_LINK_INVALID"]);
    assert.equal((await statusOf(fourth.bookingId)).status, "PENDING");
  });

  await t.step("inside a visit's cut-off: that visit shows canChange false and answers 409 CHANGE_CUTOFF_PASSED", async () => {
    // From the fifth visit's own link, 23 hours before the fourth.
    const link = await linkTo(db, fifth.bookingId);
    now = new Date(Date.parse(fourth.startTime) - 23 * HOUR);
    const body = await view(link);
    const shown = (visit: Visit) => body.series.visits.find((v: Visit) => v.bookingId === visit.bookingId);
    assert.deepEqual([shown(fourth).canChange, shown(fourth).changeUntil], [false, "2026-12-16T22:00:00.000Z"]);
    assert.equal(shown(fifth).canChange, true);
    assert.equal(body.series.visits[0].bookingId, fourth.bookingId, "past visits are not listed");
    const late = await send(visitPath(fourth, "skip", link));
    assert.deepEqual([late.status, late.body.code], [409, "CHANGE_CUTOFF_PASSED"]);
    assert.equal(late.body.error, changeCutoffMessage({ freeChangeCutoffHours: 24, phone: DEMO_BUSINESS_PROFILE.phone }));
    const lateMove = await send(visitPath(fourth, "reschedule", link), { startTimeISO: "2026-12-21T10:00:00+11:00" });
    assert.deepEqual([lateMove.status, lateMove.body.code], [409, "CHANGE_CUTOFF_PASSED"]);
    assert.equal((await statusOf(fourth.bookingId)).status, "PENDING");
  });
});
