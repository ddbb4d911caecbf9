import assert from "node:assert/strict";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { booking } from "./test-fixtures.ts";
import type { MessageContext } from "./email-parts.ts";
import { cleanerFirstName, cleanerJobNoteEmail, cleanerOnTheWayEmail } from "./team-emails.ts";

const ctx: MessageContext = {
  profile: { ...DEMO_BUSINESS_PROFILE, brandName: "Yarra Shine", notificationEmail: "office@yarrashine.example" },
  cancellationPolicyHtml: "<p>Free changes up to 24 hours before.</p>",
  siteUrl: "https://yarrashine.example/",
};

Deno.test("the customer is told their cleaner is on the way, by first name, with the business's name", () => {
  const record = booking({ status: "CONFIRMED" });
  const email = cleanerOnTheWayEmail(record, "Priya Sharma", ctx);
  assert.equal(email.kind, "cleaner-on-the-way");
  assert.equal(email.to, "jane@example.com");
  assert.equal(email.subject, "Priya from Yarra Shine is on the way");
  assert.equal(email.relatedId, record._id);
  assert.ok(email.text.startsWith("Hi Jane,"));
  assert.ok(email.text.includes("Priya from Yarra Shine is on the way to 3/12 Smith St, Fitzroy VIC 3065 for your Hourly Cleaning, 3 hours, booked for 9:00 am."));
  assert.ok(email.text.includes("Reference: YS-7K3F9Q"));
  // The cleaner's surname, and any price, stay out of it.
  assert.ok(!email.text.includes("Sharma") && !email.html!.includes("Sharma"));
  assert.ok(!/A\$/.test(email.text));
  assert.equal(cleanerFirstName("  Liam   O’Connor "), "Liam");
  assert.equal(cleanerFirstName("Mia"), "Mia");
});

Deno.test("the office is told of a cleaner's note on checking out, with the job and its page", () => {
  const record = booking({ status: "CONFIRMED" });
  const email = cleanerJobNoteEmail(
    record,
    { cleanerName: "Priya Sharma", text: "Oven door seal is torn.\nTold the customer.", at: new Date("2026-11-28T01:05:00Z"), replyTo: "priya@yarrashine.example" },
    ctx,
  );
  assert.equal(email.kind, "cleaner-job-note");
  assert.equal(email.to, "office@yarrashine.example");
  assert.equal(email.replyTo, "priya@yarrashine.example");
  assert.equal(email.subject, "Note from Priya Sharma — YS-7K3F9Q, Fitzroy");
  assert.ok(email.text.includes("Priya Sharma checked out of YS-7K3F9Q at 12:05 pm and left this note:"));
  assert.ok(email.text.includes("Note: Oven door seal is torn.\n  Told the customer."));
  assert.ok(email.text.includes("Open the booking in the admin area: https://yarrashine.example/admin/bookings/" + record._id));
  // The note is text, escaped in the HTML part.
  const html = cleanerJobNoteEmail(record, { cleanerName: "Priya Sharma", text: "<b>bold</b>", at: new Date() }, ctx).html!;
  assert.ok(html.includes("&lt;b&gt;bold&lt;/b&gt;"));
  // A customer's suburb cannot break the subject line.
  const odd = cleanerJobNoteEmail(booking({ address: { ...record.address, suburb: "Fitzroy\r\nBcc: x@y.z" } }), { cleanerName: "P", text: "n", at: new Date() }, ctx);
  assert.ok(!/[\r\n]/.test(odd.subject));
});
