/**
 * Issue 34 item 7: a regular clean in the customer's calendar. The first confirmation's .ics holds
 * the booking and every visit planned with it that holds a place, one VEVENT each under the UID
 * that visit's own .ics uses; every later e-mail about one visit (moved or skipped by staff,
 * moved, skipped or cancelled by the customer, edited by staff) carries that UID at a higher
 * SEQUENCE, and only that one. Each .ics is read back as a calendar app reads it (test-ics.ts).
 */
import assert from "node:assert/strict";
import type { PlannedVisit } from "../booking/ports.ts";
import type { BookingRecord } from "../booking/types.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import { MELBOURNE_TZ, melbourneInstant } from "../shared/melbourne-time.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Series } from "../series/types.ts";
import { bookingCalendarEvent, bookingCalendarUid, visitsCalendarEvents } from "./calendar-invite.ts";
import type { MessageContext } from "./email-parts.ts";
import { formatCalendarEvents, MAX_LINE_OCTETS } from "./icalendar.ts";
import { customerCancelledEmail, customerRescheduledEmail, customerSeriesCancelledEmail, customerSkippedEmail } from "./manage-messages.ts";
import { bookingConfirmationEmail, confirmationCalendarVisits, emailsForRecord } from "./record-emails.ts";
import { seriesVisitMovedEmail, seriesVisitSkippedEmail } from "./series-messages.ts";
import { staffEditEmail } from "./staff-edit-messages.ts";
import { type IcsCalendar, parseIcs } from "./test-ics.ts";
import { booking } from "./test-fixtures.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};
const links = { manageToken: "T".repeat(43) };
const SERIES_ID = "5e5e5e5e-0000-4000-8000-000000000034";

/** A weekly visit on `ymd` at 9:00 Melbourne time, three hours. */
const visitOn = (ymd: string, n: number, overrides: Partial<BookingRecord> = {}): BookingRecord =>
  booking({
    _id: `0000000${n}-aaaa-4000-8000-000000000034`,
    reference: `YS-VISIT${n}`,
    startTime: melbourneInstant(ymd, 9),
    endTime: melbourneInstant(ymd, 12),
    seriesId: SERIES_ID,
    seriesDate: ymd,
    ...overrides,
  });

// Saturday 28 November 2026 starts it; 12 December was full, so that visit needs attention.
const first = visitOn("2026-11-28", 1);
const planned = [
  visitOn("2026-12-05", 2),
  visitOn("2026-12-12", 3, { status: "NEEDS_ATTENTION" }),
  visitOn("2026-12-19", 4),
  visitOn("2026-12-26", 5, { status: "CONFIRMED" }),
  visitOn("2027-01-02", 6),
];
const plannedVisits: PlannedVisit[] = planned.map((visit) => ({ startTime: visit.startTime, holdsPlace: visit.status !== "NEEDS_ATTENTION", visit }));
const placed = [first, ...planned.filter((visit) => visit.status !== "NEEDS_ATTENTION")];

/** The one .ics of an e-mail, read as a calendar app reads it, with its attachment's name and type. */
function calendarOf(mail: OutboxMessage): IcsCalendar & { filename: string; contentType: string } {
  assert.equal(mail.attachments?.length, 1, `${mail.kind} carries one .ics`);
  const [attachment] = mail.attachments!;
  return { ...parseIcs(attachment.content), filename: attachment.filename, contentType: attachment.contentType };
}

/** The Melbourne wall clock of an instant, read with Intl alone (not the code under test). */
const melbourneWallClock = (at: Date): string =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: MELBOURNE_TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at).replace(",", "");

const confirmation = bookingConfirmationEmail(first, ctx, { ...links, repeat: { unit: "WEEK", every: 1 }, planned: plannedVisits });
const inCalendar = calendarOf(confirmation);
const uidOf = (visit: BookingRecord) => inCalendar.events.find((event) => event.uid === bookingCalendarUid(visit, ctx));

Deno.test("the first confirmation's .ics: one VEVENT per visit holding a place, each its own UID, at 9:00 Melbourne time", () => {
  assert.equal(inCalendar.method, "PUBLISH");
  assert.equal(inCalendar.filename, "regular-clean.ics");
  assert.equal(inCalendar.contentType, "text/calendar; charset=utf-8; method=PUBLISH");
  assert.equal(inCalendar.events.length, placed.length);
  assert.equal(new Set(inCalendar.events.map((event) => event.uid)).size, placed.length, "distinct UIDs");
  assert.deepEqual(inCalendar.events.map((event) => event.uid), placed.map((visit) => `${visit._id}@yarrashine.com.au`));
  assert.deepEqual(inCalendar.events.map((event) => melbourneWallClock(event.start)), [
    "2026-11-28 09:00",
    "2026-12-05 09:00",
    "2026-12-19 09:00",
    "2026-12-26 09:00",
    "2027-01-02 09:00",
  ]);
  assert.deepEqual(inCalendar.events.map((event) => melbourneWallClock(event.end).slice(11)), ["12:00", "12:00", "12:00", "12:00", "12:00"]);
  // AEDT is UTC+11: 9:00 in Melbourne is 22:00 UTC the day before.
  assert.equal(inCalendar.events[1].props.get("DTSTART"), "20261204T220000Z");
  assert.deepEqual(inCalendar.events.map((event) => [event.sequence, event.status]), [
    [0, "TENTATIVE"],
    [0, "TENTATIVE"],
    [0, "TENTATIVE"],
    [0, "CONFIRMED"],
    [0, "TENTATIVE"],
  ]);
  assert.ok(inCalendar.events.every((event) => event.summary === "Hourly Cleaning — Yarra Shine Cleaning"));
  assert.ok(inCalendar.events[3].description.startsWith("Booking YS-VISIT5 (confirmed)."), inCalendar.events[3].description);
  // The visit that could not be placed is not in the calendar (the e-mail says so in words).
  assert.equal(uidOf(planned[1]), undefined);
  assert.ok(confirmation.text.includes("We can't do this visit at that time: Sat 12 Dec 2026, 9:00 am AEDT"));
  assert.ok(confirmation.text.includes(
    "A calendar invite (regular-clean.ics) is attached with this visit and your 4 planned visits after it, each its own event, " +
      "so a change to one visit updates only that one in your calendar. Each stays tentative until we confirm it.",
  ), confirmation.text);
  // emailsForRecord passes the planned visits on.
  assert.equal(calendarOf(emailsForRecord(first, ctx, { planned: plannedVisits })[0]).events.length, placed.length);
});

Deno.test("each visit's event is exactly the one its own .ics holds, so a later e-mail about that visit replaces it", () => {
  for (const visit of placed) {
    const own = parseIcs(bookingCalendarEvent(visit, ctx)).events;
    assert.equal(own.length, 1);
    assert.deepEqual(uidOf(visit), own[0]);
  }
});

Deno.test("a monthly regular clean keeps 9:00 Melbourne time across the end of daylight saving", () => {
  const march = visitOn("2027-03-31", 1, { frequencyCode: "MONTHLY", frequencyNameAtBooking: "Monthly" });
  const later = [visitOn("2027-04-30", 2), visitOn("2027-05-31", 3)];
  const mail = bookingConfirmationEmail(march, ctx, { planned: later.map((visit) => ({ startTime: visit.startTime, holdsPlace: true, visit })) });
  const events = calendarOf(mail).events;
  assert.deepEqual(events.map((event) => melbourneWallClock(event.start)), ["2027-03-31 09:00", "2027-04-30 09:00", "2027-05-31 09:00"]);
  // AEDT (UTC+11) in March, AEST (UTC+10) from April.
  assert.deepEqual(events.map((event) => event.props.get("DTSTART")), ["20270330T220000Z", "20270429T230000Z", "20270530T230000Z"]);
});

Deno.test("one event as before for a one-off, a series with nothing planned yet, or planned visits given without a series", () => {
  for (
    const mail of [
      bookingConfirmationEmail(booking(), ctx),
      bookingConfirmationEmail(booking({ seriesId: SERIES_ID }), ctx, { planned: [] }),
      bookingConfirmationEmail(booking({ seriesId: SERIES_ID }), ctx, { planned: [{ startTime: planned[1].startTime, holdsPlace: false, visit: planned[1] }] }),
      bookingConfirmationEmail(booking(), ctx, { planned: plannedVisits }),
    ]
  ) {
    const calendar = calendarOf(mail);
    assert.equal(calendar.filename, "booking.ics");
    assert.deepEqual(calendar.events.map((event) => event.uid), ["3f2c7a0e-1111-4222-8333-444455556666@yarrashine.com.au"]);
    assert.ok(mail.text.includes("A calendar invite (booking.ics) is attached; it stays tentative until we confirm."));
  }
  // The booking itself, twice over or earlier than itself, is never a second event.
  assert.deepEqual(confirmationCalendarVisits(first, [{ startTime: first.startTime, holdsPlace: true, visit: first }]), [first]);
  const withOne = bookingConfirmationEmail(first, ctx, { planned: plannedVisits.slice(0, 1) });
  assert.ok(withOne.text.includes("attached with this visit and your next planned visit, each its own event"), withOne.text);
});

const series = { _id: SERIES_ID, frequencyName: "Weekly", unit: "WEEK", every: 1, anchorDate: "2026-11-28", startMinutes: 540, durationMinutes: 180, template: first } as
  unknown as Pick<Series, "_id" | "frequencyName" | "unit" | "every" | "anchorDate" | "startMinutes" | "durationMinutes" | "template">;

Deno.test("staff move one visit: same UID, higher SEQUENCE, the new time; no other visit in the update", () => {
  const before = planned[2];
  const after = { ...before, startTime: melbourneInstant("2026-12-21", 10), endTime: melbourneInstant("2026-12-21", 13), calendarSequence: 1 };
  const update = calendarOf(seriesVisitMovedEmail(before, after, series, ctx, links));
  assert.equal(update.method, "PUBLISH");
  assert.equal(update.events.length, 1);
  const [moved] = update.events;
  assert.equal(moved.uid, uidOf(before)!.uid);
  assert.ok(moved.sequence > uidOf(before)!.sequence);
  assert.equal(melbourneWallClock(moved.start), "2026-12-21 10:00");
  assert.equal(melbourneWallClock(moved.end), "2026-12-21 13:00");
});

Deno.test("staff skip one visit: METHOD:CANCEL for that UID only, at a higher SEQUENCE", () => {
  const visit = { ...planned[0], status: "CANCELLED" as const, cancelReason: "Away that week", calendarSequence: 1 };
  const update = calendarOf(seriesVisitSkippedEmail(visit, series, ctx, links));
  assert.equal(update.method, "CANCEL");
  assert.equal(update.contentType, "text/calendar; charset=utf-8; method=CANCEL");
  assert.deepEqual(update.events.map((event) => [event.uid, event.status]), [[uidOf(planned[0])!.uid, "CANCELLED"]]);
  assert.ok(update.events[0].sequence > uidOf(planned[0])!.sequence);
});

Deno.test("the customer moves, skips or cancels one visit: that visit's UID at a higher SEQUENCE, PUBLISH or CANCEL", () => {
  const visit = planned[3];
  const moved = { ...visit, startTime: melbourneInstant("2026-12-27", 9), endTime: melbourneInstant("2026-12-27", 12), calendarSequence: 1 };
  const cancelled = { ...visit, status: "CANCELLED" as const, calendarSequence: 1 };
  const cases: Array<[OutboxMessage, string]> = [
    [customerRescheduledEmail(visit, moved, ctx, links), "PUBLISH"],
    [customerSkippedEmail(cancelled, { kind: "skipped", nextVisit: null, frequencyName: "Weekly" }, ctx, links), "CANCEL"],
    [customerCancelledEmail(cancelled, ctx, links), "CANCEL"],
  ];
  for (const [mail, method] of cases) {
    const update = calendarOf(mail);
    assert.equal(update.method, method, mail.kind);
    assert.deepEqual(update.events.map((event) => event.uid), [uidOf(visit)!.uid], mail.kind);
    assert.equal(update.events[0].sequence, 1, mail.kind);
  }
  assert.equal(melbourneWallClock(calendarOf(cases[0][0]).events[0].start), "2026-12-27 09:00");
});

Deno.test("staff edit one visit (moved or longer): that visit's UID, higher SEQUENCE", () => {
  const visit = planned[4];
  const longer = { ...visit, endTime: melbourneInstant("2027-01-02", 13), hours: 4, calendarSequence: 1 };
  const moved = { ...visit, startTime: melbourneInstant("2027-01-03", 9), endTime: melbourneInstant("2027-01-03", 12), calendarSequence: 1 };
  for (const after of [longer, moved]) {
    const update = calendarOf(staffEditEmail(visit, after, ctx, links));
    assert.equal(update.method, "PUBLISH");
    assert.deepEqual(update.events.map((event) => [event.uid, event.sequence]), [[uidOf(visit)!.uid, 1]]);
    assert.equal(update.events[0].end.getTime(), after.endTime.getTime());
  }
});

Deno.test("the customer ends the regular clean from a visit: every visit it cancelled leaves the calendar", () => {
  const cancelled = placed.slice(2).map((visit) => ({ ...visit, status: "CANCELLED" as const, calendarSequence: 1 }));
  const mail = customerSeriesCancelledEmail(cancelled[0], { kind: "series-cancelled", frequencyName: "Weekly", cancelled, reason: "" }, ctx, links);
  const update = calendarOf(mail);
  assert.equal(update.method, "CANCEL");
  assert.equal(update.filename, "regular-clean.ics");
  assert.deepEqual(update.events.map((event) => event.uid), placed.slice(2).map((visit) => uidOf(visit)!.uid));
  assert.ok(update.events.every((event) => event.sequence === 1 && event.status === "CANCELLED"));
  assert.ok(mail.text.includes("The attached calendar update (regular-clean.ics) removes these 3 visits from your calendar."), mail.text);
  // Ending from the last visit: one visit, its own .ics as before.
  const last = cancelled.at(-1)!;
  const alone = customerSeriesCancelledEmail(last, { kind: "series-cancelled", frequencyName: "Weekly", cancelled: [last], reason: "" }, ctx, links);
  assert.equal(calendarOf(alone).filename, "booking.ics");
  assert.ok(alone.text.includes(`removes visit ${last.reference} from your calendar.`));
});

Deno.test("several events in one calendar: RFC 5545 lines, and no calendar without an event", () => {
  const text = visitsCalendarEvents(placed, ctx);
  assert.ok(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= MAX_LINE_OCTETS));
  assert.equal(text.match(/^BEGIN:VCALENDAR\r$/gm)?.length, 1);
  assert.equal(text.match(/^METHOD:PUBLISH\r$/gm)?.length, 1);
  assert.equal(parseIcs(text).events.length, placed.length);
  assert.throws(() => formatCalendarEvents({ method: "PUBLISH", productId: "-//x//y//EN" }, []), /at least one event/);
});

Deno.test("the test's reader refuses what a calendar would refuse", () => {
  const good = bookingCalendarEvent(first, ctx);
  assert.throws(() => parseIcs(good.replaceAll("\r\n", "\n")), /CRLF/);
  assert.throws(() => parseIcs(good.replace("END:VEVENT\r\n", "")), /closes another component|unclosed/);
  assert.throws(() => parseIcs(good.replace(/UID:[^\r]*\r\n/, "")), /without a UID/);
  assert.throws(() => parseIcs(good.replace(/DTSTART:(\d{8}T\d{6})Z/, "DTSTART;TZID=Australia/Melbourne:$1")), /not a UTC DATE-TIME/);
});
