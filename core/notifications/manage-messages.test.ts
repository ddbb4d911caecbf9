import assert from "node:assert/strict";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { booking } from "./test-fixtures.ts";
import {
  customerCancelledEmail,
  customerRescheduledEmail,
  customerSeriesCancelledEmail,
  customerSkippedEmail,
  emailsForCustomerChange,
  officeChangeNotification,
} from "./manage-messages.ts";
import type { MessageContext } from "./email-parts.ts";
import { bookingCalendarEvent } from "./calendar-invite.ts";

const ctx: MessageContext = {
  profile: { ...DEMO_BUSINESS_PROFILE, notificationEmail: "office@yarrashine.example" },
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example/",
};
const TOKEN = "A".repeat(43);
const links = { manageToken: TOKEN };

/** The .ics as its lines, continuation lines unfolded, and one property's value. */
function calendar(mail: OutboxMessage, filename = "booking.ics") {
  assert.equal(mail.attachments?.length, 1);
  const [ics] = mail.attachments!;
  assert.equal(ics.filename, filename);
  const lines = ics.content.replace(/\r\n[ \t]/g, "").split("\r\n");
  const value = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
  const values = (name: string) => lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1));
  return { contentType: ics.contentType, value, values };
}

const wasFriday = { startTime: melbourneInstant("2026-11-27", 9), endTime: melbourneInstant("2026-11-27", 12) };
const moved = booking({
  startTime: melbourneInstant("2026-11-28", 11),
  endTime: melbourneInstant("2026-11-28", 14),
  calendarSequence: 1,
  status: "CONFIRMED",
});
const cancelled = booking({ ...wasFriday, status: "CANCELLED", cancelReason: "Moving house", calendarSequence: 2 });

Deno.test("customer cancelled: what they did, their reason, a fresh link, and a METHOD:CANCEL invite", () => {
  const mail = customerCancelledEmail(cancelled, ctx, links);
  assert.equal(mail.kind, "booking-cancelled");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.relatedId, cancelled._id);
  assert.equal(mail.subject, "Booking cancelled — Hourly Cleaning, Fri 27 Nov 2026, 9:00 am (YS-7K3F9Q)");
  assert.ok(mail.text.includes(
    "As you asked on our website, your booking YS-7K3F9Q for Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time) is cancelled. " +
      "You cancelled before the free-change cut-off, so no cancellation fee applies.",
  ));
  assert.ok(mail.text.includes("Your reason: Moving house"));
  assert.ok(mail.text.includes(`See, move or cancel your booking: https://yarrashine.example/manage/${TOKEN}`));
  assert.ok(mail.text.includes(`call us on ${DEMO_BUSINESS_PROFILE.phone}`));
  const ics = calendar(mail);
  assert.equal(ics.contentType, "text/calendar; charset=utf-8; method=CANCEL");
  assert.equal(ics.value("METHOD"), "CANCEL");
  assert.equal(ics.value("STATUS"), "CANCELLED");
  assert.equal(ics.value("SEQUENCE"), "2");
  // The UID of the first invite, so the calendar removes the event it has.
  const firstInvite = bookingCalendarEvent(booking(), ctx).replace(/\r\n[ \t]/g, "");
  assert.ok(firstInvite.includes(`\r\nUID:${ics.value("UID")}\r\n`));
  assert.equal(ics.value("DTSTART"), "20261126T220000Z");
});

Deno.test("customer cancelled without a reason: no reason line", () => {
  const mail = customerCancelledEmail(booking({ ...cancelled, cancelReason: "" }), ctx, links);
  assert.ok(!mail.text.includes("Your reason"));
});

Deno.test("customer moved: old and new time, the status, a fresh link, and the updated invite", () => {
  const mail = customerRescheduledEmail(wasFriday, moved, ctx, links);
  assert.equal(mail.kind, "booking-rescheduled");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.subject, "Booking moved — Hourly Cleaning, now Sat 28 Nov 2026, 11:00 am (YS-7K3F9Q)");
  assert.ok(mail.text.includes("Was: Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)"));
  assert.ok(mail.text.includes("Now: Sat 28 Nov 2026, 11:00 am – 2:00 pm AEDT (Melbourne time)"));
  assert.ok(mail.text.includes("Your booking stays confirmed at the new time."));
  assert.ok(mail.text.includes(`https://yarrashine.example/manage/${TOKEN}`));
  assert.ok(mail.html?.includes(`href="https://yarrashine.example/manage/${TOKEN}"`));
  const ics = calendar(mail);
  assert.equal(ics.contentType, "text/calendar; charset=utf-8; method=PUBLISH");
  assert.equal(ics.value("METHOD"), "PUBLISH");
  assert.equal(ics.value("SEQUENCE"), "1");
  assert.equal(ics.value("UID"), `${moved._id}@${DEMO_BUSINESS_PROFILE.email.split("@")[1]}`);
  assert.equal(ics.value("DTSTART"), "20261128T000000Z");
  assert.equal(ics.value("DTEND"), "20261128T030000Z");
  assert.equal(ics.value("STATUS"), "CONFIRMED");
  const pending = customerRescheduledEmail(wasFriday, booking({ ...moved, status: "PENDING" }), ctx, links);
  assert.ok(pending.text.includes("still a request until we confirm availability for the new time"));
  assert.equal(calendar(pending).value("STATUS"), "TENTATIVE");
});

Deno.test("the office is told of each change, with the reference, old → new time, and a reply to the customer", () => {
  const move = officeChangeNotification(moved, { kind: "rescheduled", before: wasFriday }, ctx);
  assert.equal(move.kind, "booking-change-notification");
  assert.equal(move.to, "office@yarrashine.example");
  assert.equal(move.replyTo, "jane@example.com");
  assert.equal(move.subject, "Customer moved YS-7K3F9Q — Jane Citizen, now Sat 28 Nov 2026, 11:00 am");
  assert.ok(move.text.includes(
    "Jane Citizen moved booking YS-7K3F9Q on their manage-my-booking page: " +
      "Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time) → Sat 28 Nov 2026, 11:00 am – 2:00 pm AEDT (Melbourne time). " +
      "Its status stays CONFIRMED.",
  ));
  assert.ok(move.text.includes("Old time: Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)"));
  assert.ok(move.text.includes("New time: Sat 28 Nov 2026, 11:00 am – 2:00 pm AEDT (Melbourne time)"));
  assert.ok(move.text.includes("Open the bookings in the admin area: https://yarrashine.example/admin/bookings"));
  assert.equal(move.attachments, undefined);
  // The office's copy carries no link for the customer's page: the token is the customer's alone.
  assert.ok(!move.text.includes("/manage/"));

  const cancel = officeChangeNotification(cancelled, { kind: "cancelled" }, ctx);
  assert.equal(cancel.subject, "Customer cancelled YS-7K3F9Q — Jane Citizen, Fri 27 Nov 2026, 9:00 am");
  assert.ok(cancel.text.includes("Changed: Cancelled by the customer"));
  assert.ok(cancel.text.includes("Time: Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)"));
  assert.ok(cancel.text.includes("Reason: Moving house"));
  assert.ok(officeChangeNotification(booking({ ...cancelled, cancelReason: "" }), { kind: "cancelled" }, ctx).text.includes("Reason: (none given)"));
});

Deno.test("a change sends the customer's e-mail, then the office's", () => {
  assert.deepEqual(emailsForCustomerChange(cancelled, { kind: "cancelled" }, ctx, links).map((m) => [m.kind, m.to]), [
    ["booking-cancelled", "jane@example.com"],
    ["booking-change-notification", "office@yarrashine.example"],
  ]);
  assert.deepEqual(emailsForCustomerChange(moved, { kind: "rescheduled", before: wasFriday }, ctx, links).map((m) => m.kind), [
    "booking-rescheduled",
    "booking-change-notification",
  ]);
});

Deno.test("customer text cannot break the subject line", () => {
  const mail = customerCancelledEmail(booking({ ...cancelled, serviceNameAtBooking: "Deep\r\nBcc: x@evil.example" }), ctx, links);
  assert.ok(!/[\r\n]/.test(mail.subject));
});

// A regular clean's visit (issue 17): skip it, or cancel the regular clean from it on.
const SERIES_ID = "5e5e5e5e-0000-4000-8000-000000000017";
const skipped = booking({ ...wasFriday, status: "CANCELLED", cancelReason: "Skipped by the customer", calendarSequence: 1, seriesId: SERIES_ID, seriesDate: "2026-11-27" });
const nextFriday = melbourneInstant("2026-12-04", 9);

Deno.test("customer skipped a visit: that visit is off, the regular clean carries on, a METHOD:CANCEL invite", () => {
  const mail = customerSkippedEmail(skipped, { kind: "skipped", frequencyName: "Weekly", nextVisit: nextFriday }, ctx, links);
  assert.equal(mail.kind, "visit-skipped");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.relatedId, skipped._id);
  assert.equal(mail.subject, "Visit skipped — Hourly Cleaning, Fri 27 Nov 2026, 9:00 am (YS-7K3F9Q)");
  assert.ok(mail.text.includes(
    "As you asked on our website, we’ve skipped your visit YS-7K3F9Q on Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time). " +
      "You skipped it before the free-change cut-off, so no fee applies.",
  ));
  assert.ok(mail.text.includes("Your regular clean (Weekly) carries on: your next visit is Fri 4 Dec 2026, 9:00 am AEDT (Melbourne time)."));
  assert.ok(mail.text.includes(`See your booking: https://yarrashine.example/manage/${TOKEN}`));
  const ics = calendar(mail);
  assert.equal(ics.contentType, "text/calendar; charset=utf-8; method=CANCEL");
  assert.deepEqual([ics.value("METHOD"), ics.value("STATUS"), ics.value("SEQUENCE")], ["CANCEL", "CANCELLED", "1"]);
  assert.equal(ics.value("DTSTART"), "20261126T220000Z");

  const noneYet = customerSkippedEmail(skipped, { kind: "skipped", frequencyName: "Fortnightly", nextVisit: null }, ctx, links);
  assert.ok(noneYet.text.includes("Your regular clean (Fortnightly) carries on; we’ll confirm each visit with you."));
});

Deno.test("customer cancelled their regular clean: one e-mail listing every visit it took off, their reason, and the invite's CANCEL", () => {
  const later = [12, 19].map((day, i) =>
    booking({
      _id: `b${i}`,
      reference: `YS-LATER${i}`,
      startTime: melbourneInstant(`2026-12-${day}`, 9),
      endTime: melbourneInstant(`2026-12-${day}`, 12),
      status: "CANCELLED",
      seriesId: SERIES_ID,
    })
  );
  const ended = { ...skipped, cancelReason: "Moving interstate" };
  const change = { kind: "series-cancelled", frequencyName: "Weekly", cancelled: [ended, ...later], reason: "Moving interstate" } as const;
  const mail = customerSeriesCancelledEmail(ended, change, ctx, links);
  assert.equal(mail.kind, "series-cancelled");
  assert.equal(mail.subject, "Regular clean cancelled — Hourly Cleaning, Weekly, from Fri 27 Nov 2026, 9:00 am (YS-7K3F9Q)");
  assert.ok(mail.text.includes(
    "As you asked on our website, your regular clean (Weekly) is cancelled from Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time) on, " +
      "and we won’t plan any more visits. You cancelled before the free-change cut-off, so no cancellation fee applies.",
  ));
  assert.ok(mail.text.includes(
    "- Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)\n" +
      "- Sat 12 Dec 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)\n" +
      "- Sat 19 Dec 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)",
  ), mail.text);
  assert.ok(mail.text.includes("Your reason: Moving interstate"));
  assert.ok(mail.text.includes(`https://yarrashine.example/manage/${TOKEN}`));
  // Issue 34 item 7: every visit it cancelled leaves the calendar, each by its own UID.
  assert.equal(calendar(mail, "regular-clean.ics").value("METHOD"), "CANCEL");
  assert.deepEqual(calendar(mail, "regular-clean.ics").values("UID"), change.cancelled.map((visit) => `${visit._id}@yarrashine.com.au`));
  assert.ok(mail.text.includes("The attached calendar update (regular-clean.ics) removes these 3 visits from your calendar."), mail.text);
  assert.ok(!customerSeriesCancelledEmail(ended, { ...change, reason: "" }, ctx, links).text.includes("Your reason"));

  const office = officeChangeNotification(ended, change, ctx);
  assert.equal(office.kind, "booking-change-notification");
  assert.equal(office.to, "office@yarrashine.example");
  assert.equal(office.replyTo, "jane@example.com");
  assert.equal(office.subject, "Customer cancelled their regular clean — Jane Citizen, Weekly, from Fri 27 Nov 2026, 9:00 am (YS-7K3F9Q)");
  assert.ok(office.text.includes(
    "Jane Citizen cancelled their regular clean (Weekly) on their manage-my-booking page, from visit YS-7K3F9Q on: " +
      "3 visits cancelled and no more will be planned.",
  ));
  assert.ok(office.text.includes("Changed: Regular clean cancelled by the customer, from this visit on"));
  assert.ok(office.text.includes("Regular clean: Weekly, ended"));
  assert.ok(office.text.includes("Reason: Moving interstate"));
  assert.ok(office.text.includes("- YS-LATER1: Sat 19 Dec 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)"));
  assert.ok(!office.text.includes("/manage/"));
  assert.deepEqual(emailsForCustomerChange(ended, change, ctx, links).map((m) => [m.kind, m.to]), [
    ["series-cancelled", "jane@example.com"],
    ["booking-change-notification", "office@yarrashine.example"],
  ]);
});

Deno.test("the office is told of a skipped visit: which, how often, and the next visit", () => {
  const office = officeChangeNotification(skipped, { kind: "skipped", frequencyName: "Weekly", nextVisit: nextFriday }, ctx);
  assert.equal(office.subject, "Customer skipped YS-7K3F9Q — Jane Citizen, Fri 27 Nov 2026, 9:00 am (Weekly)");
  assert.ok(office.text.includes(
    "Jane Citizen skipped visit YS-7K3F9Q of their regular clean (Weekly) on their manage-my-booking page. " +
      "The place is free again; the later visits stay as they are.",
  ));
  assert.ok(office.text.includes("Changed: Visit skipped by the customer"));
  assert.ok(office.text.includes("Time: Fri 27 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)"));
  assert.ok(office.text.includes("Next visit: Fri 4 Dec 2026, 9:00 am AEDT (Melbourne time)"));
  const none = officeChangeNotification(skipped, { kind: "skipped", frequencyName: "Weekly", nextVisit: null }, ctx);
  assert.ok(none.text.includes("Next visit: (none planned yet)"));
  assert.deepEqual(emailsForCustomerChange(skipped, { kind: "skipped", frequencyName: "Weekly", nextVisit: null }, ctx, links).map((m) => m.kind), [
    "visit-skipped",
    "booking-change-notification",
  ]);
});
