/**
 * Manage my booking (issue 15, item 6), as the customer meets it: book on the site, open the link
 * from the confirmation e-mail, see the booking, move it, cancel it; and the office is told.
 */
import assert from "node:assert/strict";
import { buildTestApp, describeApi, json, MANAGE_SITE_URL, manageApp } from "./test-app.ts";
import { draft, NOW, post } from "./test-fixtures.ts";
import { makeSettingsStore } from "../adapters/postgres/settings-repository.ts";
import type { TestDatabase } from "../adapters/postgres/test-db.ts";
import { SCHEDULING_DEFAULTS } from "../core/settings/types.ts";
import { DEMO_BUSINESS_PROFILE } from "../core/settings/demo-business-profile.ts";
import { changeCutoffMessage, MANAGE_MESSAGES } from "../core/booking/manage/policy.ts";
import { newManageToken } from "../core/booking/manage/token.ts";
import { saveManageTokenHash } from "../adapters/postgres/booking-repository.ts";
import { melbourneInstant } from "../core/shared/melbourne-time.ts";

const PHONE = DEMO_BUSINESS_PROFILE.phone;
const OFFICE = DEMO_BUSINESS_PROFILE.notificationEmail;
const HOUR = 3_600_000;

type App = ReturnType<typeof manageApp>;

interface OutboxRow {
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The newest e-mails of a kind to an address. */
const mails = (db: TestDatabase, kind: string, to: string) =>
  db.sql<OutboxRow[]>`
    select kind, to_address, reply_to, subject, text_body, attachments from email_outbox
     where kind = ${kind} and to_address = ${to} order by created_at desc, id`;

/** The link's token, read from an e-mail as the customer would click it. */
function tokenIn(mail: OutboxRow): string {
  const match = mail.text_body.match(/https:\/\/yarrashine\.test\/manage\/([A-Za-z0-9_-]+)/);
  assert.ok(match, `no manage link in ${mail.kind}`);
  return match[1];
}

/** The .ics of an e-mail: one property's value, continuation lines unfolded. */
function ics(mail: OutboxRow) {
  const [invite] = mail.attachments;
  const lines = invite.content.replace(/\r\n[ \t]/g, "").split("\r\n");
  return (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
}

/** Books on the site as a customer and returns the booking and the token from its confirmation. */
async function book(app: App, db: TestDatabase, overrides: Record<string, unknown>) {
  const created = await json(await app.request(post("/api/bookings", draft(overrides))));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const [confirmation] = await mails(db, "booking-confirmation", created.body.email);
  return { booking: created.body, token: tokenIn(confirmation) };
}

const get = (app: App, path: string) => app.request(`http://localhost${path}`);
const cancel = (app: App, token: string, body: unknown = {}) => app.request(post(`/api/manage/${token}/cancel`, body));
const reschedule = (app: App, token: string, startTimeISO: unknown) =>
  app.request(post(`/api/manage/${token}/reschedule`, { startTimeISO }));

describeApi("manage my booking: view, move, cancel", async (t, _app, db) => {
  let now = NOW;
  let wakes = 0;
  const app = manageApp(db, { now: () => now }, () => wakes++);
  // Ada: Friday 27 Nov 2026, 9:00 to 13:15 (3 hours and the add-ons' minutes).
  const { booking, token } = await book(app, db, { email: "ada@example.com" });
  const auditRows = () =>
    db.sql<{ action: string; admin_id: string | null; admin_email: string; after: Record<string, unknown> }[]>`
      select action, admin_id, admin_email, after from audit_log where entity_id = ${booking._id} order by id`;

  await t.step("the link opens the booking: details, status, reference, and until when it may change", async () => {
    const response = await get(app, `/api/manage/${token}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(response.headers.get("referrer-policy"), "no-referrer");
    const view = await response.json();
    assert.equal(view.reference, booking.reference);
    assert.match(view.reference, /^YS-[2-9A-HJ-NP-Z]{6}$/);
    assert.equal(view.status, "PENDING");
    assert.equal(view.serviceName, booking.serviceName);
    assert.deepEqual(view.address, booking.address);
    assert.equal(view.startTime, "2026-11-26T22:00:00.000Z");
    assert.equal(view.durationMinutes, 255);
    assert.equal(view.firstServiceTotal, booking.firstServiceTotal);
    assert.equal(view.canChange, true);
    assert.equal(view.changeUntil, "2026-11-25T22:00:00.000Z");
    assert.deepEqual(view.policy, { freeChangeCutoffHours: 24, lateChangeFeePercent: 50, phone: PHONE });
    assert.deepEqual(view.reschedule, { todayYmd: "2026-11-22", earliestYmd: "2026-11-26", latestYmd: "2027-11-22" });
    assert.equal(view.email, undefined, "the link shows no contact details");
  });

  await t.step("the calendar for a move: this job's length, its own place free", async () => {
    const { status, body } = await json(await get(app, `/api/manage/${token}/availability?from=2026-11-27&to=2026-11-28`));
    assert.equal(status, 200);
    assert.equal(body.durationMinutes, 255);
    const friday = body.days.find((day: { date: string }) => day.date === "2026-11-27");
    const free = friday.slots.filter((slot: { available: boolean }) => slot.available).map((slot: { startTimeISO: string }) => slot.startTimeISO);
    // 9:00 is its own place; 14:00 would end after 18:00 for a 4 h 15 min job.
    assert.ok(free.includes("2026-11-26T22:00:00.000Z"));
    assert.ok(free.includes("2026-11-27T02:00:00.000Z"));
    assert.ok(!friday.slots.some((slot: { startTimeISO: string }) => slot.startTimeISO === "2026-11-27T03:00:00.000Z"));
    const wrong = await json(await get(app, `/api/manage/${token}/availability?from=2026-12-31&to=2026-12-01`));
    assert.equal(wrong.status, 422);
    assert.deepEqual(Object.keys(wrong.body.fieldErrors), ["to"]);
  });

  await t.step("a move to a free time: 200, the status kept, e-mails to both, SEQUENCE 1", async () => {
    wakes = 0;
    const response = await reschedule(app, token, "2026-11-28T11:00:00+11:00");
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), "no-store");
    const view = await response.json();
    assert.equal(view.status, "PENDING");
    assert.equal(view.startTime, "2026-11-28T00:00:00.000Z");
    assert.equal(view.endTime, "2026-11-28T04:15:00.000Z");
    assert.equal(wakes, 1, "the e-mail relay is told");

    const [moved] = await mails(db, "booking-rescheduled", "ada@example.com");
    assert.ok(moved.text_body.includes("Was: Fri 27 Nov 2026, 9:00 am – 1:15 pm AEDT (Melbourne time)"));
    assert.ok(moved.text_body.includes("Now: Sat 28 Nov 2026, 11:00 am – 3:15 pm AEDT (Melbourne time)"));
    const [confirmation] = await mails(db, "booking-confirmation", "ada@example.com");
    const invite = ics(moved);
    assert.equal(invite("METHOD"), "PUBLISH");
    assert.equal(invite("SEQUENCE"), "1");
    assert.equal(invite("UID"), ics(confirmation)("UID"));
    assert.equal(invite("DTSTART"), "20261128T000000Z");

    const [office] = await mails(db, "booking-change-notification", OFFICE);
    assert.equal(office.reply_to, "ada@example.com");
    assert.ok(office.subject.includes(booking.reference));
    assert.ok(office.text_body.includes("Old time: Fri 27 Nov 2026, 9:00 am – 1:15 pm AEDT (Melbourne time)"));
    assert.ok(office.text_body.includes("New time: Sat 28 Nov 2026, 11:00 am – 3:15 pm AEDT (Melbourne time)"));

    // The new e-mail's link is a fresh token; the first one still opens the booking.
    const fresh = tokenIn(moved);
    assert.notEqual(fresh, token);
    for (const link of [token, fresh]) assert.equal((await json(await get(app, `/api/manage/${link}`))).body.startTime, "2026-11-28T00:00:00.000Z");

    const [row] = await db.sql<{ reminder_sent_at: Date | null; calendar_sequence: number }[]>`
      select reminder_sent_at, calendar_sequence from bookings where id = ${booking._id}`;
    assert.deepEqual({ ...row }, { reminder_sent_at: null, calendar_sequence: 1 });
    assert.deepEqual((await auditRows()).map((r) => [r.action, r.admin_id, r.admin_email]), [
      ["booking.customer_reschedule", null, "ada@example.com"],
    ]);
  });

  await t.step("a move into a full time: 409 SLOT_UNAVAILABLE, nothing changed or sent", async () => {
    await book(app, db, { email: "bob@example.com", hours: 2, extras: [], startTimeISO: "2026-11-30T09:00:00+11:00" });
    const before = (await db.sql`select count(*)::int as n from email_outbox`)[0].n;
    const { status, body } = await json(await reschedule(app, token, "2026-11-30T10:00:00+11:00"));
    assert.equal(status, 409);
    assert.deepEqual(body, { error: "That time isn’t available. Please choose another.", code: "SLOT_UNAVAILABLE" });
    assert.equal((await db.sql`select count(*)::int as n from email_outbox`)[0].n, before);
    assert.equal((await json(await get(app, `/api/manage/${token}`))).body.startTime, "2026-11-28T00:00:00.000Z");
  });

  await t.step("a time a new booking could not take: 422 with the field's message", async () => {
    const cases: [unknown, string][] = [
      ["2026-11-29T09:00:00+11:00", "We’re closed on Sundays. Please choose another day."],
      ["2026-11-28T16:00:00+11:00", "This clean takes about 4 hours 15 minutes and must finish by 18:00, so please choose a start no later than 13:45."],
      ["2026-11-25T09:00:00+11:00", "The earliest date we can book is Thursday 26 November 2026."],
      ["2026-11-28T11:00:00+11:00", "Your booking is already at this time. Please choose another."],
      ["next Friday", "That date and time doesn’t look right."],
      [undefined, "Please select a date and start time."],
    ];
    for (const [startTimeISO, message] of cases) {
      const { status, body } = await json(await reschedule(app, token, startTimeISO));
      assert.equal(status, 422, String(startTimeISO));
      assert.equal(body.code, "VALIDATION_FAILED");
      assert.deepEqual(body.fieldErrors, { startTimeISO: [message] }, String(startTimeISO));
    }
    const long = await json(await cancel(app, token, { reason: "x".repeat(501) }));
    assert.equal(long.status, 422);
    assert.deepEqual(long.body.fieldErrors, { reason: ["Please keep the reason to 500 characters or fewer."] });
  });

  await t.step("inside the cut-off: 409 CHANGE_CUTOFF_PASSED stating the fee and the phone; the page says so", async () => {
    now = new Date(melbourneInstant("2026-11-28", 11).getTime() - 23 * HOUR);
    const expected = { error: changeCutoffMessage({ freeChangeCutoffHours: 24, phone: PHONE }), code: "CHANGE_CUTOFF_PASSED" };
    assert.match(expected.error, /50% fee/);
    assert.ok(expected.error.includes(PHONE));
    for (const response of [await reschedule(app, token, "2026-12-01T09:00:00+11:00"), await cancel(app, token)]) {
      const { status, body } = await json(response);
      assert.equal(status, 409);
      assert.deepEqual(body, expected);
    }
    const view = (await json(await get(app, `/api/manage/${token}`))).body;
    assert.deepEqual([view.canChange, view.reschedule], [false, null]);
    now = NOW;
  });

  await t.step("cancel: 200, the reason kept, METHOD:CANCEL to the customer, the office told", async () => {
    const response = await cancel(app, token, { reason: "  Moving house  " });
    assert.equal(response.status, 200);
    const view = await response.json();
    assert.deepEqual([view.status, view.cancelReason, view.canChange], ["CANCELLED", "Moving house", false]);
    const [cancelled] = await mails(db, "booking-cancelled", "ada@example.com");
    const invite = ics(cancelled);
    assert.equal(cancelled.attachments[0].contentType, "text/calendar; charset=utf-8; method=CANCEL");
    assert.deepEqual([invite("METHOD"), invite("SEQUENCE"), invite("STATUS")], ["CANCEL", "2", "CANCELLED"]);
    assert.ok(cancelled.text_body.includes("Your reason: Moving house"));
    assert.ok(tokenIn(cancelled));
    const [office] = await mails(db, "booking-change-notification", OFFICE);
    assert.ok(office.subject.startsWith(`Customer cancelled ${booking.reference}`));
    assert.ok(office.text_body.includes("Reason: Moving house"));
    assert.equal(office.reply_to, "ada@example.com");
    assert.deepEqual((await auditRows()).map((r) => [r.action, r.admin_id, r.admin_email, r.after]), [
      ["booking.customer_reschedule", null, "ada@example.com", { startTime: "2026-11-28T00:00:00.000Z", endTime: "2026-11-28T04:15:00.000Z" }],
      ["booking.customer_cancel", null, "ada@example.com", { status: "CANCELLED", cancelReason: "Moving house" }],
    ]);
  });

  await t.step("a cancelled booking: still shown, never changed again (409)", async () => {
    assert.equal((await get(app, `/api/manage/${token}`)).status, 200);
    for (const response of [await cancel(app, token), await reschedule(app, token, "2026-12-01T09:00:00+11:00")]) {
      const { status, body } = await json(response);
      assert.equal(status, 409);
      assert.deepEqual(body, { error: "This booking is cancelled, so it can’t be changed.", code: "BOOKING_NOT_CHANGEABLE" });
    }
  });

  await t.step("the staff audit log lists the customer's changes", async () => {
    const { adminSession } = await import("./test-app.ts");
    const root = await adminSession(db, "superadmin", undefined, now);
    const audit = await json(await app.request(`/api/admin/audit?entity=booking&entityId=${booking._id}`, { headers: root.headers }));
    assert.equal(audit.status, 200);
    assert.deepEqual(audit.body.items.map((row: { adminId: string | null; action: string }) => [row.adminId, row.action]), [
      [null, "booking.customer_cancel"],
      [null, "booking.customer_reschedule"],
    ]);
  });

  await t.step("unknown, malformed and expired links: 404 in the one error body", async () => {
    const invalid = { error: "This link has expired or is not valid.", code: "MANAGE_LINK_INVALID" };
    const random = crypto.getRandomValues(new Uint8Array(32));
    const unknown = btoa(String.fromCharCode(...random)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    for (const link of [unknown, "short", "x".repeat(43) + "%20", encodeURIComponent(token + "'")]) {
      for (const response of [await get(app, `/api/manage/${link}`), await cancel(app, link), await reschedule(app, link, "2026-12-01T09:00:00+11:00")]) {
        const { status, body } = await json(response);
        assert.equal(status, 404, link);
        assert.deepEqual(body, invalid);
        assert.equal(response.headers.get("referrer-policy"), "no-referrer");
      }
    }
    // Bob's link works until his job is over (Monday 30 Nov, 9:00 to 11:00), then answers 404.
    const [bobMail] = await mails(db, "booking-confirmation", "bob@example.com");
    const bob = tokenIn(bobMail);
    now = new Date(melbourneInstant("2026-11-30", 11).getTime() - 1);
    assert.equal((await get(app, `/api/manage/${bob}`)).status, 200);
    now = melbourneInstant("2026-11-30", 11);
    const expired = await json(await get(app, `/api/manage/${bob}`));
    assert.deepEqual([expired.status, expired.body], [404, invalid]);
    assert.equal((await get(app, `/api/manage/${bob}/availability?from=2026-12-01&to=2026-12-02`)).status, 404);
    now = NOW;
  });

  await t.step("rate limited like the other public writes", async () => {
    const strict = buildTestApp(db, {
      clock: { now: () => now },
      mailSiteUrl: MANAGE_SITE_URL,
      limits: { submit: { name: "submit-manage-test", limit: 1, windowSeconds: 600 }, availability: { name: "read-manage-test", limit: 1, windowSeconds: 600 } },
    });
    const headers = { "x-forwarded-for": "198.51.100.77" };
    const postTwice = [0, 1].map(() => strict.request(post(`/api/manage/${token}/cancel`, {}, headers)));
    const statuses = (await Promise.all(postTwice)).map((r) => r.status).sort();
    assert.deepEqual(statuses, [409, 429]);
    const reads = await Promise.all([0, 1].map(() => strict.request(`/api/manage/${token}`, { headers })));
    assert.deepEqual(reads.map((r) => r.status).sort(), [200, 429]);
  });
});

describeApi("manage my booking: 10 customers move into the one place left at once", async (t, _app, db) => {
  const other = await db.openAnother(10);
  try {
    const apps = [manageApp(db, { now: () => NOW }), manageApp(other, { now: () => NOW })];
    // Ten 2-hour bookings on ten days; Tuesday 1 Dec, 9:00 is free and has one place.
    const days = ["02", "03", "04", "05", "07", "08", "09", "10", "11", "12"];
    const tokens: string[] = [];
    for (const [i, day] of days.entries()) {
      const { token } = await book(apps[0], db, {
        email: `racer${i}@example.com`, hours: 2, extras: [], startTimeISO: `2026-12-${day}T09:00:00+11:00`, frequencyCode: "ONE_TIME",
      });
      tokens.push(token);
    }
    const target = "2026-12-01T09:00:00+11:00";
    const responses = await Promise.all(tokens.map((token, i) => reschedule(apps[i % 2], token, target)));
    const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));

    await t.step("exactly one moves; nine get 409 SLOT_UNAVAILABLE; one place held", async () => {
      assert.equal(answers.filter((a) => a.status === 200).length, 1);
      assert.equal(answers.filter((a) => a.status === 409 && a.body.code === "SLOT_UNAVAILABLE").length, 9);
      const [{ n }] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from bookings where start_time = ${new Date(target)} and status in ('PENDING', 'CONFIRMED', 'DONE')`;
      assert.equal(n, 1);
      assert.equal((await db.sql`select count(*)::int as n from email_outbox where kind = 'booking-rescheduled'`)[0].n, 1);
      assert.equal((await db.sql`select count(*)::int as n from audit_log where action = 'booking.customer_reschedule'`)[0].n, 1);
    });
  } finally {
    await other.close();
  }
});

// ---------------------------------------------------------------------------------------------
// Issue 17: a visit of a regular clean — skip it, or cancel the regular clean from it on.

/** The series as issue 17 shows it (its coming visits, issue 28, are checked in manage-visits.test.ts). */
const seriesSummary = ({ frequencyName, status, nextVisits }: Record<string, unknown>) => ({ frequencyName, status, nextVisits });

/** A fresh link to a booking, as the e-mail of that visit (its reminder) would carry. */
async function linkTo(db: TestDatabase, bookingId: string): Promise<string> {
  const link = newManageToken();
  await saveManageTokenHash(db.sql, bookingId, link.hash);
  return link.token;
}

/**
 * The series' visits `weeks` weeks after its first, as the generation job makes them: copies of
 * the first visit at the same wall-clock time, each with its own reference and series date. A
 * visit the job made already is left as it is.
 */
async function plannedVisits(db: TestDatabase, firstId: string, weeks: number[]): Promise<{ id: string; reference: string; start: string }[]> {
  const visits = [];
  for (const week of weeks) {
    const reference = `YS-WKVA${"23456789"[week % 8]}${"ABCDEFGH"[Math.floor(week / 8)]}`;
    await db.sql.begin(async (tx) => {
      await tx`create temp table visit on commit drop as select * from bookings where id = ${firstId}`;
      await tx`
        update visit set id = ${crypto.randomUUID()}, reference = ${reference},
               start_time = start_time + make_interval(days => ${7 * week}), end_time = end_time + make_interval(days => ${7 * week}),
               series_date = series_date + ${7 * week}::int, calendar_sequence = 0, created_at = now(), updated_at = now()`;
      await tx`
        insert into bookings select * from visit
        on conflict (series_id, series_date) where series_id is not null and series_date is not null do nothing`;
    });
    const [row] = await db.sql<{ id: string; reference: string; start_time: Date }[]>`
      select v.id, v.reference, v.start_time from bookings v join bookings f on f.id = ${firstId}
       where v.series_id = f.series_id and v.series_date = f.series_date + ${7 * week}::int`;
    visits.push({ id: row.id, reference: row.reference, start: new Date(row.start_time).toISOString() });
  }
  return visits;
}

const skip = (app: App, token: string) => app.request(post(`/api/manage/${token}/skip`, {}));
const cancelSeries = (app: App, token: string, body: unknown = {}) => app.request(post(`/api/manage/${token}/cancel-series`, body));

describeApi("manage my booking: a regular clean's visit — skip one, cancel the rest", async (t, _app, db) => {
  let now = NOW;
  let wakes = 0;
  const app = manageApp(db, { now: () => now }, () => wakes++);
  // Four weeks ahead: the booking plans the visits of 4, 11, 18 and 25 Dec with itself (issue 28).
  await makeSettingsStore(db.sql).saveScheduling({ ...SCHEDULING_DEFAULTS, seriesHorizonWeeks: 4 });
  // Grace: a weekly clean from Friday 27 Nov 2026, 9:00 to 11:00.
  const { booking, token } = await book(app, db, { email: "grace@example.com", hours: 2, extras: [] });
  const [series] = await db.sql<{ id: string; status: string }[]>`select id, status from booking_series where first_booking_id = ${booking._id}`;
  const visits = await plannedVisits(db, booking._id, [1, 2, 3, 4]);
  const [dec4, dec11, dec18, dec25] = visits;
  const seriesAudit = () =>
    db.sql<{ action: string; entity: string; admin_id: string | null; admin_email: string; after: Record<string, unknown> }[]>`
      select action, entity, admin_id, admin_email, after from audit_log where entity = 'series' and entity_id = ${series.id} and action like '%customer%' order by id`;

  await t.step("the first confirmation says it is a regular clean; the booking started its series", async () => {
    assert.equal(series.status, "ACTIVE");
    assert.equal(booking.seriesId, series.id);
    const [confirmation] = await mails(db, "booking-confirmation", "grace@example.com");
    assert.ok(confirmation.text_body.includes("This is the first visit of your regular clean, “Weekly”."), confirmation.text_body);
    assert.ok(confirmation.text_body.includes("We confirm each visit with you"));
  });

  await t.step("the link shows the regular clean: how often, and the next 3 visits that hold a place", async () => {
    const { status, body } = await json(await get(app, `/api/manage/${token}`));
    assert.equal(status, 200);
    assert.deepEqual(seriesSummary(body.series), { frequencyName: "Weekly", status: "ACTIVE", nextVisits: [dec4.start, dec11.start, dec18.start] });
    assert.equal(dec4.start, "2026-12-03T22:00:00.000Z");
  });

  await t.step("skip a visit: 200, cancelled as skipped, its series date kept, e-mails to both, the customer's audit row", async () => {
    wakes = 0;
    const link = await linkTo(db, dec11.id);
    const response = await skip(app, link);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), "no-store");
    const view = await response.json();
    assert.deepEqual([view.reference, view.status, view.cancelReason, view.canChange], [dec11.reference, "CANCELLED", "Skipped by the customer", false]);
    assert.deepEqual(seriesSummary(view.series), { frequencyName: "Weekly", status: "ACTIVE", nextVisits: [dec18.start, dec25.start] });
    assert.equal(wakes, 1, "the e-mail relay is told");
    const [row] = await db.sql<{ series_date: string; calendar_sequence: number }[]>`
      select to_char(series_date, 'YYYY-MM-DD') as series_date, calendar_sequence from bookings where id = ${dec11.id}`;
    assert.deepEqual({ ...row }, { series_date: "2026-12-11", calendar_sequence: 1 });
    // The first visit's view no longer counts the skipped one.
    assert.deepEqual((await json(await get(app, `/api/manage/${token}`))).body.series.nextVisits, [dec4.start, dec18.start, dec25.start]);

    const [skipped] = await mails(db, "visit-skipped", "grace@example.com");
    assert.ok(skipped.subject.startsWith("Visit skipped — "));
    assert.ok(skipped.text_body.includes("your next visit is Fri 18 Dec 2026, 9:00 am AEDT (Melbourne time)"));
    assert.deepEqual([ics(skipped)("METHOD"), ics(skipped)("SEQUENCE")], ["CANCEL", "1"]);
    assert.ok(tokenIn(skipped));
    const [office] = await mails(db, "booking-change-notification", OFFICE);
    assert.ok(office.subject.startsWith(`Customer skipped ${dec11.reference}`));
    assert.equal(office.reply_to, "grace@example.com");
    const audit = await db.sql<{ action: string; admin_id: string | null; admin_email: string }[]>`
      select action, admin_id, admin_email from audit_log where entity_id = ${dec11.id}`;
    assert.deepEqual(audit.map((r) => [r.action, r.admin_id, r.admin_email]), [["booking.customer_skip", null, "grace@example.com"]]);
    // Skipped once is skipped: 409.
    const again = await json(await skip(app, link));
    assert.deepEqual([again.status, again.body.code], [409, "BOOKING_NOT_CHANGEABLE"]);
  });

  await t.step("a one-off: no series in the view; skip and cancel-series answer 409 NOT_A_SERIES", async () => {
    const oneOff = await book(app, db, { email: "alan@example.com", hours: 2, extras: [], frequencyCode: "ONE_TIME", startTimeISO: "2026-11-30T13:00:00+11:00" });
    assert.equal((await json(await get(app, `/api/manage/${oneOff.token}`))).body.series, null);
    const expected = { error: MANAGE_MESSAGES.notASeries, code: "NOT_A_SERIES" };
    for (const response of [await skip(app, oneOff.token), await cancelSeries(app, oneOff.token, { reason: "x" })]) {
      const { status, body } = await json(response);
      assert.deepEqual([status, body], [409, expected]);
    }
    assert.equal((await json(await get(app, `/api/manage/${oneOff.token}`))).body.status, "PENDING");
  });

  await t.step("inside the cut-off before this visit: 409 CHANGE_CUTOFF_PASSED for both, nothing changed", async () => {
    const link = await linkTo(db, dec4.id);
    now = new Date(new Date(dec4.start).getTime() - 23 * HOUR);
    const expected = { error: changeCutoffMessage({ freeChangeCutoffHours: 24, phone: PHONE }), code: "CHANGE_CUTOFF_PASSED" };
    for (const response of [await skip(app, link), await cancelSeries(app, link)]) {
      const { status, body } = await json(response);
      assert.deepEqual([status, body], [409, expected]);
    }
    now = NOW;
    assert.equal((await json(await get(app, `/api/manage/${link}`))).body.status, "PENDING");
    const long = await json(await cancelSeries(app, link, { reason: "x".repeat(501) }));
    assert.deepEqual([long.status, long.body.fieldErrors], [422, { reason: [MANAGE_MESSAGES.reasonTooLong] }]);
  });

  await t.step("cancel the regular clean from a visit on: that visit and the later ones; the series ENDED; one e-mail each side", async () => {
    wakes = 0;
    const link = await linkTo(db, dec18.id);
    const outboxBefore = (await db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox`)[0].n;
    const response = await cancelSeries(app, link, { reason: "  Moving interstate " });
    assert.equal(response.status, 200);
    const view = await response.json();
    assert.deepEqual([view.reference, view.status, view.cancelReason], [dec18.reference, "CANCELLED", "Moving interstate"]);
    assert.deepEqual(seriesSummary(view.series), { frequencyName: "Weekly", status: "ENDED", nextVisits: [] });
    assert.equal(wakes, 1);

    const rows = await db.sql<{ id: string; status: string; cancel_reason: string; series_date: string | null }[]>`
      select id, status, cancel_reason, to_char(series_date, 'YYYY-MM-DD') as series_date from bookings where series_id = ${series.id} order by start_time`;
    assert.deepEqual(rows.map((r) => [r.id, r.status, r.cancel_reason, r.series_date]), [
      [booking._id, "PENDING", "", "2026-11-27"],
      [dec4.id, "PENDING", "", "2026-12-04"],
      [dec11.id, "CANCELLED", "Skipped by the customer", "2026-12-11"],
      [dec18.id, "CANCELLED", "Moving interstate", "2026-12-18"],
      [dec25.id, "CANCELLED", "Moving interstate", "2026-12-25"],
    ]);
    const [ended] = await db.sql<{ status: string; ends_on: string }[]>`
      select status, to_char(ends_on, 'YYYY-MM-DD') as ends_on from booking_series where id = ${series.id}`;
    assert.deepEqual({ ...ended }, { status: "ENDED", ends_on: "2026-12-18" });

    // One e-mail to the customer and one to the office, however many visits it cancelled.
    assert.equal((await db.sql<{ n: number }[]>`select count(*)::int as n from email_outbox`)[0].n, outboxBefore + 2);
    const [customer] = await mails(db, "series-cancelled", "grace@example.com");
    assert.ok(customer.subject.startsWith("Regular clean cancelled — "));
    assert.ok(customer.text_body.includes(
      "- Fri 18 Dec 2026, 9:00 am – 11:00 am AEDT (Melbourne time)\n- Fri 25 Dec 2026, 9:00 am – 11:00 am AEDT (Melbourne time)",
    ), customer.text_body);
    assert.ok(customer.text_body.includes("Your reason: Moving interstate"));
    assert.deepEqual([ics(customer)("METHOD"), ics(customer)("DTSTART")], ["CANCEL", "20261217T220000Z"]);
    const [office] = await mails(db, "booking-change-notification", OFFICE);
    assert.ok(office.subject.startsWith("Customer cancelled their regular clean — Ada Lovelace, Weekly"), office.subject);
    assert.ok(office.text_body.includes(`- ${dec25.reference}: Fri 25 Dec 2026`));
    assert.deepEqual((await seriesAudit()).map((r) => [r.action, r.entity, r.admin_id, r.admin_email, r.after.endsOn, r.after.cancelledVisits]), [
      ["series.customer_end", "series", null, "grace@example.com", "2026-12-18", [dec18.reference, dec25.reference]],
    ]);
  });

  await t.step("an ended series: cancel-series answers 409 SERIES_ENDED; an earlier visit may still be skipped", async () => {
    const first = await json(await cancelSeries(app, token));
    assert.deepEqual([first.status, first.body], [409, { error: MANAGE_MESSAGES.seriesEnded, code: "SERIES_ENDED" }]);
    assert.equal((await json(await get(app, `/api/manage/${token}`))).body.status, "PENDING");
    const skipped = await json(await skip(app, token));
    assert.equal(skipped.status, 200);
    assert.deepEqual(seriesSummary(skipped.body.series), { frequencyName: "Weekly", status: "ENDED", nextVisits: [dec4.start] });
  });

  await t.step("unknown links: 404 for both", async () => {
    const unknown = newManageToken().token;
    for (const response of [await skip(app, unknown), await cancelSeries(app, unknown), await skip(app, "short")]) {
      const { status, body } = await json(response);
      assert.deepEqual([status, body.code], [404, "MANAGE_LINK_INVALID"]);
      assert.equal(response.headers.get("referrer-policy"), "no-referrer");
    }
  });

  await t.step("rate limited with the other public writes: one budget", async () => {
    const strict = buildTestApp(db, {
      clock: { now: () => now },
      mailSiteUrl: MANAGE_SITE_URL,
      limits: { submit: { name: "submit-series-test", limit: 1, windowSeconds: 600 }, availability: { name: "read-series-test", limit: 1, windowSeconds: 600 } },
    });
    const headers = { "x-forwarded-for": "198.51.100.78" };
    const unknown = newManageToken().token;
    const answers = await Promise.all([
      strict.request(post(`/api/manage/${unknown}/skip`, {}, headers)),
      strict.request(post(`/api/manage/${unknown}/cancel-series`, {}, headers)),
    ]);
    assert.deepEqual(answers.map((r) => r.status).sort(), [404, 429]);
  });
});

describeApi("manage my booking: two links of one regular clean cancel it at once", async (t, _app, db) => {
  const other = await db.openAnother(4);
  try {
    const apps = [manageApp(db, { now: () => NOW }), manageApp(other, { now: () => NOW })];
    const { booking } = await book(apps[0], db, { email: "hedy@example.com", hours: 2, extras: [] });
    const visits = await plannedVisits(db, booking._id, [1, 2, 3]);
    const links = [await linkTo(db, visits[0].id), await linkTo(db, visits[1].id)];
    const answers = await Promise.all(links.map((link, i) => cancelSeries(apps[i], link, { reason: `Link ${i}` })));
    const bodies = await Promise.all(answers.map((r) => r.json()));

    await t.step("one ends it; the other meets the end: SERIES_ENDED, or its visit already cancelled", async () => {
      const statuses = answers.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, JSON.stringify(bodies));
      const refused = bodies[statuses.indexOf(409)];
      assert.ok(["SERIES_ENDED", "BOOKING_NOT_CHANGEABLE"].includes(refused?.code), JSON.stringify(bodies));
      assert.equal((await db.sql`select count(*)::int as n from email_outbox where kind = 'series-cancelled'`)[0].n, 1);
      assert.equal((await db.sql`select count(*)::int as n from audit_log where action = 'series.customer_end'`)[0].n, 1);
      const standing = await db.sql`
        select count(*)::int as n from bookings where series_id = ${booking.seriesId} and status <> 'CANCELLED' and start_time > ${new Date(visits[0].start)}`;
      assert.equal(standing[0].n, 0);
    });
  } finally {
    await other.close();
  }
});
