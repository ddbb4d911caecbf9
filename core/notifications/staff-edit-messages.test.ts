import assert from "node:assert/strict";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import { melbourneInstant } from "../shared/melbourne-time.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { MessageContext } from "./email-parts.ts";
import { describeChanges, quoteConvertedEmail, staffBookingMadeEmail, staffEditEmail } from "./staff-edit-messages.ts";
import { booking } from "./test-fixtures.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};
const links = { manageToken: "B".repeat(43) };

/** The .ics's properties, continuation lines unfolded. */
function calendar(mail: OutboxMessage) {
  assert.equal(mail.attachments?.length, 1);
  const [ics] = mail.attachments!;
  assert.equal(ics.filename, "booking.ics");
  const lines = ics.content.replace(/\r\n[ \t]/g, "").split("\r\n");
  return { contentType: ics.contentType, value: (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1) };
}

const record = booking();

Deno.test("staffBookingMadeEmail: the customer's booking e-mail with its invite and link, no 'online booking' wording", () => {
  const mail = staffBookingMadeEmail(record, ctx, links);
  assert.equal(mail.kind, "booking-confirmation");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.subject, "Booking made — Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)");
  assert.match(mail.text, /As arranged with you, we have booked Hourly Cleaning, 3 hours on Sat 28 Nov 2026, 9:00 am – 12:00 pm AEDT/);
  assert.match(mail.text, /We'll confirm the booking with you before the day\./);
  assert.match(mail.text, new RegExp(`https://yarrashine.example/manage/${"B".repeat(43)}`));
  assert.doesNotMatch(mail.text, /online bookings/);
  const ics = calendar(mail);
  assert.equal(ics.contentType, "text/calendar; charset=utf-8; method=PUBLISH");
  assert.equal(ics.value("UID"), `${record._id}@${DEMO_BUSINESS_PROFILE.email.split("@")[1]}`);
  assert.equal(ics.value("SEQUENCE"), "0");
  assert.equal(mail.relatedId, record._id);
});

Deno.test("staffBookingMadeEmail: a booking made CONFIRMED (issue 34) says so in its one e-mail, subject, text and invite", () => {
  const confirmed = booking({ status: "CONFIRMED" });
  const mail = staffBookingMadeEmail(confirmed, ctx, links);
  assert.equal(mail.kind, "booking-confirmation");
  assert.equal(mail.subject, "Booking confirmed — Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)");
  assert.match(mail.text, /Good news: your booking with .+ is confirmed\. As arranged with you, we have booked Hourly Cleaning, 3 hours on Sat 28 Nov 2026, 9:00 am – 12:00 pm AEDT/);
  assert.doesNotMatch(mail.text, /We'll confirm/);
  assert.doesNotMatch(mail.text, /Your booking request/);
  assert.match(mail.text, /\nYour booking\n/);
  assert.equal(mail.text.match(/is confirmed/g)?.length, 1, "said once");
  assert.match(mail.html ?? "", /is confirmed/);
  assert.match(mail.text, new RegExp(`https://yarrashine.example/manage/${"B".repeat(43)}`));
  const ics = calendar(mail);
  assert.equal(ics.value("STATUS"), "CONFIRMED");
  assert.match(ics.value("DESCRIPTION") ?? "", /\(confirmed\)/);
  // A pending one keeps its own wording and a tentative invite.
  const pending = staffBookingMadeEmail(record, ctx, links);
  assert.doesNotMatch(pending.subject, /confirmed/i);
  assert.doesNotMatch(pending.text, /is confirmed/);
  assert.equal(calendar(pending).value("STATUS"), "TENTATIVE");
});

Deno.test("quoteConvertedEmail: the quote is now a booking, invite attached", () => {
  const mail = quoteConvertedEmail(record, ctx, links);
  assert.equal(mail.kind, "booking-confirmation");
  assert.match(mail.subject, /^Your quote is now a booking — Hourly Cleaning/);
  assert.match(mail.text, /your quote request YS-7K3F9Q with .+ is now a booking/);
  assert.equal(calendar(mail).value("STATUS"), "TENTATIVE");
  assert.throws(() => quoteConvertedEmail(booking({ type: "QUOTE", status: "QUOTE_REQUESTED" }), ctx), RangeError);
});

Deno.test("staffEditEmail: a new start is a move (booking-rescheduled), the invite at the new SEQUENCE", () => {
  const after = booking({
    startTime: melbourneInstant("2026-11-30", 10),
    endTime: melbourneInstant("2026-11-30", 13),
    calendarSequence: 3,
    status: "CONFIRMED",
  });
  const mail = staffEditEmail(record, after, ctx, links);
  assert.equal(mail.kind, "booking-rescheduled");
  assert.equal(mail.subject, "Booking moved — Hourly Cleaning, Mon 30 Nov 2026, 10:00 am (YS-7K3F9Q)");
  assert.match(mail.text, /we have moved your booking YS-7K3F9Q/);
  assert.match(mail.text, /When: was Sat 28 Nov 2026, 9:00 am – 12:00 pm AEDT \(Melbourne time\), now Mon 30 Nov 2026, 10:00 am – 1:00 pm AEDT/);
  assert.match(mail.text, /Your booking is confirmed\./);
  const ics = calendar(mail);
  assert.equal(ics.value("SEQUENCE"), "3");
  assert.equal(ics.value("UID"), `${record._id}@${DEMO_BUSINESS_PROFILE.email.split("@")[1]}`);
});

Deno.test("staffEditEmail: a bigger job at the same start is an update (booking-updated) naming the new size and price", () => {
  const after = booking({ hours: 4, endTime: melbourneInstant("2026-11-28", 13), baseAmount: 220, firstServiceTotal: 310.5, calendarSequence: 1 });
  const mail = staffEditEmail(record, after, ctx, links);
  assert.equal(mail.kind, "booking-updated");
  assert.match(mail.subject, /^Booking updated — /);
  assert.match(mail.text, /Size: was 3 hours, now 4 hours/);
  assert.match(mail.text, /First service: was A\$255\.50, now A\$310\.50/);
  assert.equal(calendar(mail).value("SEQUENCE"), "1");
});

Deno.test("staffEditEmail: a quote's update carries no invite", () => {
  const quote = booking({ type: "QUOTE", status: "QUOTE_REQUESTED" });
  const mail = staffEditEmail(quote, { ...quote, notes: "Two storeys" }, ctx, links);
  assert.equal(mail.kind, "quote-updated");
  assert.match(mail.subject, /^Quote request updated — /);
  assert.equal(mail.attachments, undefined);
  assert.match(mail.text, /Notes: updated/);
});

Deno.test("describeChanges: each changed part once, contacts and notes named without repeating them", () => {
  const after = booking({
    firstName: "Janet",
    notes: "New notes",
    extras: [{ extraId: "x1", titleAtBooking: "Inside oven", quantity: 1, priceAtBooking: 35 }],
    frequencyNameAtBooking: "Fortnightly",
    address: { ...record.address, street: "14 Smith St" },
  });
  assert.deepEqual(describeChanges(record, after).map(([what]) => what), ["Extras", "Frequency", "Address", "Contact details", "Notes"]);
  assert.deepEqual(describeChanges(record, record), []);
});
