import assert from "node:assert/strict";
import type { RecordStatus } from "../booking/types.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingReminderEmail,
  statusUpdateEmail,
  statusUpdateFor,
} from "./customer-updates.ts";
import type { MessageContext } from "./email-parts.ts";
import { booking } from "./test-fixtures.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};
const TOKEN = "T".repeat(43);
const MANAGE_URL = `https://yarrashine.example/manage/${TOKEN}`;
const UID = "UID:3f2c7a0e-1111-4222-8333-444455556666@yarrashine.com.au";

/** The .ics of a message, unfolded, as `NAME` -> value (the first of each name; BEGIN/END left out). */
function calendarOf(mail: OutboxMessage): { contentType: string; fields: Map<string, string> } {
  assert.equal(mail.attachments?.length, 1, "one attachment");
  const [ics] = mail.attachments!;
  assert.equal(ics.filename, "booking.ics");
  const fields = new Map<string, string>();
  for (const line of ics.content.replace(/\r\n[ \t]/g, "").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).split(";")[0];
    if (name !== "BEGIN" && name !== "END" && !fields.has(name)) fields.set(name, line.slice(colon + 1));
  }
  return { contentType: ics.contentType, fields };
}

Deno.test("statusUpdateFor: the customer hears of a confirmation or a cancellation, nothing else", () => {
  const statuses: RecordStatus[] = ["PENDING", "CONFIRMED", "CANCELLED", "DONE"];
  const expected: Record<string, string | null> = {
    "PENDING->CONFIRMED": "booking-confirmed",
    "CANCELLED->CONFIRMED": "booking-confirmed",
    "PENDING->CANCELLED": "booking-cancelled",
    "CONFIRMED->CANCELLED": "booking-cancelled",
  };
  for (const from of statuses) {
    for (const to of ["CONFIRMED", "CANCELLED", "DONE"] as const) {
      const key = `${from}->${to}`;
      assert.equal(statusUpdateFor(from, to), expected[key] ?? null, key);
    }
  }
});

Deno.test("booking confirmed: subject with the reference, friendly text, manage link, .ics PUBLISH at the raised sequence", () => {
  const record = booking({ status: "CONFIRMED", calendarSequence: 1 });
  const mail = bookingConfirmedEmail(record, ctx, { manageToken: TOKEN });
  assert.equal(mail.kind, "booking-confirmed");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.relatedId, record._id);
  assert.equal(mail.subject, "Booking confirmed — Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)");
  for (
    const expected of [
      "Hi Jane,",
      "Good news: your booking with Yarra Shine Cleaning is confirmed. We'll see you on Sat 28 Nov 2026, 9:00 am AEDT (Melbourne time) for Hourly Cleaning, 3 hours.",
      `See, move or cancel your booking: ${MANAGE_URL}`,
      "Reference: YS-7K3F9Q",
      "When: Sat 28 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)",
      "Address: 3/12 Smith St, Fitzroy VIC 3065",
      "Extras: Inside oven × 2, Balcony",
      "Price: A$255.50 (payable once the job is done)",
      "Free changes up to 24 hours before the appointment.",
      "Phone: 0412 345 678",
    ]
  ) assert.ok(mail.text.includes(expected), `text has: ${expected}\n---\n${mail.text}`);
  assert.ok(mail.html?.includes(`href="${MANAGE_URL}"`));
  const { contentType, fields } = calendarOf(mail);
  assert.equal(contentType, "text/calendar; charset=utf-8; method=PUBLISH");
  assert.equal(`UID:${fields.get("UID")}`, UID);
  assert.equal(fields.get("METHOD"), "PUBLISH");
  assert.equal(fields.get("SEQUENCE"), "1");
  assert.equal(fields.get("STATUS"), "CONFIRMED");
  assert.equal(fields.get("DTSTART"), "20261127T220000Z");
});

Deno.test("booking cancelled: the reason, a .ics CANCEL at the raised sequence, the link to see it", () => {
  const record = booking({ status: "CANCELLED", calendarSequence: 2, cancelReason: "You asked us to, on the phone." });
  const mail = bookingCancelledEmail(record, ctx, { manageToken: TOKEN });
  assert.equal(mail.kind, "booking-cancelled");
  assert.equal(mail.subject, "Booking cancelled — Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)");
  for (
    const expected of [
      "Your booking with Yarra Shine Cleaning for Hourly Cleaning, 3 hours on Sat 28 Nov 2026, 9:00 am AEDT (Melbourne time) has been cancelled.",
      "Reason: You asked us to, on the phone.",
      "removes the event from your calendar",
      "give us a call on 0412 345 678",
      `See your booking: ${MANAGE_URL}`,
      "Reference: YS-7K3F9Q",
    ]
  ) assert.ok(mail.text.includes(expected), `text has: ${expected}\n---\n${mail.text}`);
  assert.ok(!mail.text.includes("Price:"), "no price for a booking that will not happen");
  assert.ok(mail.html?.includes("You asked us to, on the phone."));
  const { contentType, fields } = calendarOf(mail);
  assert.equal(contentType, "text/calendar; charset=utf-8; method=CANCEL");
  assert.equal(`UID:${fields.get("UID")}`, UID);
  assert.equal(fields.get("METHOD"), "CANCEL");
  assert.equal(fields.get("SEQUENCE"), "2");
  assert.equal(fields.get("STATUS"), "CANCELLED");
});

Deno.test("booking cancelled without a reason says none; customer text is escaped in the HTML part", () => {
  const plain = bookingCancelledEmail(booking({ status: "CANCELLED", calendarSequence: 1 }), ctx, { manageToken: TOKEN });
  assert.ok(!plain.text.includes("Reason:"));
  const tricky = bookingCancelledEmail(
    booking({ status: "CANCELLED", calendarSequence: 1, cancelReason: "<b>double</b> booked" }),
    ctx,
  );
  assert.ok(tricky.text.includes("Reason: <b>double</b> booked"));
  assert.ok(tricky.html?.includes("&lt;b&gt;double&lt;/b&gt; booked"));
});

Deno.test("statusUpdateEmail picks the message of the kind", () => {
  const record = booking({ status: "CONFIRMED", calendarSequence: 1 });
  assert.equal(statusUpdateEmail("booking-confirmed", record, ctx).kind, "booking-confirmed");
  assert.equal(statusUpdateEmail("booking-cancelled", { ...record, status: "CANCELLED" }, ctx).kind, "booking-cancelled");
});

Deno.test("reminder: when, what to expect, manage link, .ics PUBLISH at the current sequence", () => {
  const record = booking({ status: "CONFIRMED", calendarSequence: 3 });
  const mail = bookingReminderEmail(record, ctx, { manageToken: TOKEN });
  assert.equal(mail.kind, "booking-reminder");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.subject, "Reminder — Hourly Cleaning, Sat 28 Nov 2026, 9:00 am (YS-7K3F9Q)");
  for (
    const expected of [
      "Just a reminder that your booking with Yarra Shine Cleaning for Hourly Cleaning, 3 hours is coming up on Sat 28 Nov 2026, 9:00 am – 12:00 pm AEDT (Melbourne time), at 3/12 Smith St, Fitzroy VIC 3065.",
      "What to expect",
      "- Please make sure we can get in",
      "- You pay only once the job is done.",
      "Use the link below or call us on 0412 345 678",
      `See, move or cancel your booking: ${MANAGE_URL}`,
      "Your notes: Key under the mat.\n  Please use the side gate.",
      "Cancellation policy",
    ]
  ) assert.ok(mail.text.includes(expected), `text has: ${expected}\n---\n${mail.text}`);
  assert.ok(!mail.text.includes("still confirming"));
  const { fields } = calendarOf(mail);
  assert.equal(`UID:${fields.get("UID")}`, UID);
  assert.equal(fields.get("METHOD"), "PUBLISH");
  assert.equal(fields.get("SEQUENCE"), "3");
  assert.equal(fields.get("STATUS"), "CONFIRMED");
});

Deno.test("reminder of a pending, paid booking without a site URL: says it is being confirmed, no link, no pay line", () => {
  const record = booking({ status: "PENDING", paymentStatus: "PAID", totalPaid: 255.5 });
  const mail = bookingReminderEmail(record, { ...ctx, siteUrl: undefined }, { manageToken: TOKEN });
  assert.ok(mail.text.includes("We're still confirming availability for this booking"));
  assert.ok(mail.text.includes("Need to change or cancel? Call us on 0412 345 678"));
  assert.ok(!mail.text.includes(TOKEN));
  assert.ok(!mail.text.includes("You pay only once the job is done."));
  assert.ok(mail.text.includes("Price: A$255.50 (paid, thank you)"));
  assert.equal(calendarOf(mail).fields.get("STATUS"), "TENTATIVE");
});

Deno.test("the three refuse a quote", () => {
  const quote = booking({ type: "QUOTE", status: "QUOTE_REQUESTED" });
  assert.throws(() => bookingConfirmedEmail(quote, ctx), RangeError);
  assert.throws(() => bookingCancelledEmail(quote, ctx), RangeError);
  assert.throws(() => bookingReminderEmail(quote, ctx), RangeError);
});
