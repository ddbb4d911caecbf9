import assert from "node:assert/strict";
import { bookingConfirmationEmail } from "../../core/notifications/record-emails.ts";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../../core/settings/types.ts";
import type { BookingRecord } from "../../core/booking/types.ts";
import { makeMailboxTransport } from "./mailbox-transport.ts";
import { attachmentNamed, parseMail } from "./test-mime.ts";

const record: BookingRecord = {
  _id: "5b7e0f7c-2222-4333-8444-555566667777",
  reference: "YS-7K3F9Q",
  cancelReason: "",
  calendarSequence: 0,
  cleanerIds: [], customerId: null, seriesId: null, seriesDate: null,
  type: "BOOKING",
  status: "PENDING",
  paymentStatus: "UNPAID",
  firstName: "<script>alert(1)</script>",
  lastName: "Citizen",
  email: "jane@example.com",
  phone: "0412345678",
  address: { unit: "3", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
  serviceId: null,
  serviceNameAtBooking: "Deep Clean",
  pricingModel: "FIXED",
  hours: null,
  bedrooms: null,
  frequencyCode: "ONE_TIME",
  frequencyNameAtBooking: "One time",
  frequencyDiscountPercent: 0,
  startTime: new Date("2026-10-04T22:00:00Z"),
  endTime: new Date("2026-10-05T00:00:00Z"),
  createdAt: new Date("2026-09-20T01:00:00Z"),
  extras: [],
  answers: [],
  notes: "",
  baseAmount: 300,
  extrasAmount: 0,
  firstServiceTotal: 300,
  recurringTotal: 300,
  discountPercent: 0,
  totalPaid: null,
  paidAt: null,
};

Deno.test("mailbox transport writes a parseable .eml with the subject and the .ics", async () => {
  const dir = await Deno.makeTempDir();
  const mailbox = `${dir}/outbox/eml`; // created on first send
  try {
    const transport = makeMailboxTransport(mailbox);
    assert.match(transport.describe(), /\.eml files in .*outbox\/eml$/);
    const message = bookingConfirmationEmail(record, {
      profile: DEMO_BUSINESS_PROFILE,
      cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
    });
    await transport.send({
      from: "Yarra Shine Cleaning <hello@yarrashine.com.au>",
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
      replyTo: "jane@example.com",
      messageId: "<abc-123@yarrashine.com.au>",
    });

    const files = [...Deno.readDirSync(mailbox)].map((e) => e.name);
    assert.equal(files.length, 1);
    assert.match(files[0], /^\d{8}T\d{9}Z-abc-123@yarrashine\.com\.au\.eml$/);
    const raw = await Deno.readTextFile(`${mailbox}/${files[0]}`);
    const mail = parseMail(raw);
    assert.equal(mail.subject, "Booking request received — Deep Clean, Mon 5 Oct 2026, 9:00 am (YS-7K3F9Q)");
    assert.equal(mail.headers.get("to"), "jane@example.com");
    assert.equal(mail.headers.get("message-id"), "<abc-123@yarrashine.com.au>");
    assert.equal(mail.headers.get("reply-to"), "jane@example.com");
    assert.match(mail.headers.get("content-type")!, /^multipart\/mixed/);
    const ics = attachmentNamed(mail, "booking.ics");
    assert.ok(ics);
    assert.ok(ics.body.startsWith("BEGIN:VCALENDAR"));
    assert.ok(ics.body.includes("UID:5b7e0f7c-2222-4333-8444-555566667777@yarrashine.com.au"));
    const html = mail.parts.find((p) => p.headers.get("content-type")?.startsWith("text/html"));
    assert.ok(html?.body.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert.ok(!html?.body.includes("<script>"));

    // A second message gets its own file.
    await transport.send({ from: "a@b.c", to: "x@y.z", subject: "Second", text: "2" });
    assert.equal([...Deno.readDirSync(mailbox)].length, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
