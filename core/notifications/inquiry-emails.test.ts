import assert from "node:assert/strict";
import type { Inquiry } from "../inquiry/types.ts";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import type { MessageContext } from "./email-parts.ts";
import { emailsForInquiry, inquiryAcknowledgementEmail, inquiryNotification } from "./inquiry-emails.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};

const inquiry = (overrides: Partial<Inquiry> = {}): Inquiry => ({
  _id: "9a0b1c2d-0000-4000-8000-000000000001",
  reference: "YI-7K3F9Q",
  inquiryType: "OFFICE",
  firstName: "Sam",
  lastName: "Lee",
  email: "sam@example.com",
  phone: "0398765432",
  suburb: "Richmond",
  message: "We need a nightly clean of 400 m².\nTwo floors.",
  read: false,
  hasAddress: false,
  archivedAt: null,
  adminNotes: "",
  createdAt: new Date("2026-06-01T00:30:00Z"),
  ...overrides,
});

Deno.test("customer-supplied strings are escaped in the inquiry notification's HTML body", () => {
  const evil = "<script>alert(1)</script>";
  const inquiryMail = inquiryNotification(inquiry({ message: evil, suburb: evil }), ctx);
  assert.ok(!inquiryMail.html!.includes("<script>"));
  assert.ok(inquiryMail.html!.includes("&lt;script&gt;"));
});

Deno.test("inquiry notification", () => {
  const mail = inquiryNotification(inquiry(), ctx);
  assert.equal(mail.kind, "inquiry-notification");
  assert.equal(mail.to, "bookings@yarrashine.com.au");
  assert.equal(mail.relatedId, "9a0b1c2d-0000-4000-8000-000000000001");
  assert.equal(mail.replyTo, "sam@example.com");
  assert.equal(mail.subject, "New commercial inquiry — Office, Sam Lee, Richmond (YI-7K3F9Q)");
  assert.equal(mail.attachments, undefined);
  assert.ok(mail.text.includes("Reference: YI-7K3F9Q\nReceived: Mon 1 June 2026, 10:30 am AEST (Melbourne time)"), mail.text);
  assert.ok(mail.html!.includes("YI-7K3F9Q"));
  assert.ok(!mail.text.includes("Reference: 9a0b1c2d"), "the office reads the short reference, not the id");
  assert.ok(mail.text.includes("Email: sam@example.com"));
  assert.ok(mail.text.includes("We need a nightly clean of 400 m².\nTwo floors."));
  assert.ok(mail.html!.includes("We need a nightly clean of 400 m².<br>Two floors."));
  assert.ok(mail.html!.includes('href="https://yarrashine.example/admin/inquiries"'));
  const warehouse = inquiryNotification(inquiry({ inquiryType: "INDUSTRIAL_WAREHOUSE" }), ctx);
  assert.ok(warehouse.subject.includes("Industrial / warehouse"));
});

Deno.test("inquiry acknowledgement: to the inquirer, what they asked, what happens next, our contacts", () => {
  const mail = inquiryAcknowledgementEmail(inquiry(), ctx);
  assert.equal(mail.kind, "inquiry-acknowledgement");
  assert.equal(mail.to, "sam@example.com");
  assert.equal(mail.relatedId, "9a0b1c2d-0000-4000-8000-000000000001");
  assert.equal(mail.replyTo, undefined, "a reply goes to the business, the sender");
  assert.equal(mail.attachments, undefined);
  assert.equal(mail.subject, "Commercial cleaning inquiry received — Office, Richmond (YI-7K3F9Q)");
  for (
    const expected of [
      "Hi Sam,",
      "Thanks for contacting Yarra Shine Cleaning. We have received your commercial cleaning inquiry (Office) for Richmond.",
      "What happens next: we will read your message and contact you",
      "usually the same business day (Mon–Sun 8:00am–5:00pm)",
      "Reference: YI-7K3F9Q",
      "Type: Office",
      "Name: Sam Lee",
      "Phone: 03 9876 5432",
      "Suburb: Richmond",
      "We need a nightly clean of 400 m².\nTwo floors.",
      "Phone: 0412 345 678",
      "Email: hello@yarrashine.com.au",
      "Website: https://yarrashine.example",
      "Kind regards,\nThe Yarra Shine Cleaning team",
    ]
  ) {
    assert.ok(mail.text.includes(expected), `missing: ${expected}\n${mail.text}`);
  }
  assert.ok(mail.html!.includes("We need a nightly clean of 400 m².<br>Two floors."));
  assert.ok(mail.html!.includes("YI-7K3F9Q"), "the reference is in the HTML part too");
  // No staff links in the customer's copy.
  assert.ok(!mail.html!.includes("/admin"));
  assert.ok(inquiryAcknowledgementEmail(inquiry({ inquiryType: "AIRBNB_SHORT_TERM" }), ctx).subject.includes("Airbnb / short-term rental"));
});

Deno.test("inquiry acknowledgement: customer text escaped in HTML, subject on one line", () => {
  const evil = "<script>alert(1)</script>";
  const mail = inquiryAcknowledgementEmail(inquiry({ firstName: evil, message: evil, suburb: "Richmond\r\nBcc: x@evil.test" }), ctx);
  assert.ok(!mail.html!.includes("<script>"));
  assert.ok(mail.html!.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.ok(mail.text.includes(evil), "the text part keeps the characters as typed");
  assert.ok(!/[\r\n]/.test(mail.subject));
  assert.equal(mail.subject, "Commercial cleaning inquiry received — Office, Richmond Bcc: x@evil.test (YI-7K3F9Q)");
});

Deno.test("emailsForInquiry: the business's notification, then the inquirer's acknowledgement", () => {
  const mails = emailsForInquiry(inquiry(), ctx);
  assert.deepEqual(mails.map((m) => [m.kind, m.to]), [
    ["inquiry-notification", "bookings@yarrashine.com.au"],
    ["inquiry-acknowledgement", "sam@example.com"],
  ]);
  // Both carry the reference the inquirer and the office read out (issue 34 item 3).
  for (const mail of mails) {
    assert.ok(mail.subject.endsWith("(YI-7K3F9Q)"), mail.subject);
    assert.ok(mail.text.includes("Reference: YI-7K3F9Q"), mail.kind);
  }
});
