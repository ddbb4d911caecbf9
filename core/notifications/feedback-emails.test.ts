import assert from "node:assert/strict";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import type { MessageContext } from "./email-parts.ts";
import { FEEDBACK_REQUEST_SUBJECT, feedbackLowRatingNotification, feedbackRequestEmail } from "./feedback-emails.ts";
import { booking } from "./test-fixtures.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};
const done = booking({ status: "DONE" });
const TOKEN = "tok".padEnd(43, "x");
const link = { url: `https://yarrashine.example/feedback/${TOKEN}`, expiresAt: new Date("2026-12-28T02:00:00Z") };

Deno.test("the request: to the customer, the subject, the job's date and service, the link and until when it works", () => {
  const mail = feedbackRequestEmail(done, ctx, link);
  assert.equal(mail.kind, "feedback-request");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.subject, "How did we go? Rate your clean");
  assert.equal(mail.subject, FEEDBACK_REQUEST_SUBJECT);
  assert.equal(mail.relatedId, done._id);
  for (
    const text of [
      "Hi Jane,",
      `Thank you for choosing ${DEMO_BUSINESS_PROFILE.brandName}. How did we go with your Hourly Cleaning, 3 hours on Sat 28 Nov 2026?`,
      `Rate your clean: https://yarrashine.example/feedback/${TOKEN}`,
      "This link works until Mon 28 Dec 2026.",
      "Reference: YS-7K3F9Q",
      `The ${DEMO_BUSINESS_PROFILE.brandName} team`,
    ]
  ) assert.ok(mail.text.includes(text), `missing ${text}\n${mail.text}`);
  assert.ok(mail.html!.includes(`href="https://yarrashine.example/feedback/${TOKEN}"`));
  assert.equal(mail.attachments, undefined);
});

Deno.test("the request without a site URL asks for a reply instead of a link", () => {
  const mail = feedbackRequestEmail(done, { ...ctx, siteUrl: undefined }, { ...link, url: undefined });
  assert.ok(mail.text.includes("Just reply to this e-mail with a rating from 1 to 5"));
  assert.ok(!mail.text.includes("/feedback/"));
});

Deno.test("a low rating: to the office, the rating and customer in the subject, the comment, the job, the admin link, replies to the customer", () => {
  const mail = feedbackLowRatingNotification(done, { rating: 2, comment: "Arrived late.\nRushed the kitchen." }, ctx, ["Priya Sharma", "Tom Nguyen"]);
  assert.equal(mail.kind, "feedback-low-rating-notification");
  assert.equal(mail.to, DEMO_BUSINESS_PROFILE.notificationEmail);
  assert.equal(mail.replyTo, "jane@example.com");
  assert.equal(mail.subject, "Rating 2/5 from Jane Citizen (YS-7K3F9Q)");
  for (
    const text of [
      "Jane Citizen rated their Hourly Cleaning, 3 hours on Sat 28 Nov 2026 2 out of 5.",
      "Rating: 2/5",
      "Comment: Arrived late.\n  Rushed the kitchen.",
      "Cleaners: Priya Sharma, Tom Nguyen",
      "Address: 3/12 Smith St",
      `Open the booking in the admin area: https://yarrashine.example/admin/bookings/${done._id}`,
    ]
  ) assert.ok(mail.text.includes(text), `missing ${text}\n${mail.text}`);
  const bare = feedbackLowRatingNotification(done, { rating: 1, comment: "" }, { ...ctx, siteUrl: undefined });
  assert.ok(bare.text.includes("Comment: No comment given."));
  assert.ok(bare.text.includes("Cleaners: None assigned"));
  assert.ok(!bare.text.includes("/admin/bookings/"));
});

Deno.test("the customer's comment is escaped in the office's HTML and kept off the subject line", () => {
  const evil = "<script>alert(1)</script>";
  const mail = feedbackLowRatingNotification(booking({ status: "DONE", lastName: "Citizen\r\nBcc: x@evil.example" }), { rating: 3, comment: evil }, ctx);
  assert.ok(!mail.html!.includes("<script>"));
  assert.ok(!/[\r\n]/.test(mail.subject));
});
