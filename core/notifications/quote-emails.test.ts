import assert from "node:assert/strict";
import { DEMO_BUSINESS_PROFILE } from "../settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../settings/types.ts";
import type { PricedQuote } from "../booking/quotes/priced-quote.ts";
import type { MessageContext } from "./email-parts.ts";
import { pricedQuoteEmail, quoteAcceptedNotification, quoteDeclinedNotification } from "./quote-emails.ts";
import { booking } from "./test-fixtures.ts";

const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: "https://yarrashine.example",
};
const quoteRecord = booking({ type: "QUOTE", status: "QUOTE_REQUESTED" });
const priced: PricedQuote = {
  bookingId: quoteRecord._id,
  lineItems: [
    { description: "Office clean, two floors", quantity: 1, unitPrice: 420, amount: 420 },
    { description: "Windows", quantity: 2.5, unitPrice: 24, amount: 60 },
  ],
  total: 480,
  message: "Thanks for your time on the phone.",
  validUntil: "2026-12-31",
  status: "SENT",
  sentAt: new Date("2026-11-22T00:00:00Z"),
  decidedAt: null,
  declineReason: "",
};

Deno.test("the customer's quote: the brand in the subject, the lines, total, message, valid-until day and the link", () => {
  const mail = pricedQuoteEmail(quoteRecord, priced, ctx, { manageToken: "tok".padEnd(43, "x") });
  assert.equal(mail.kind, "quote-priced");
  assert.equal(mail.to, "jane@example.com");
  assert.equal(mail.subject, `Your quote from ${DEMO_BUSINESS_PROFILE.brandName} (YS-7K3F9Q)`);
  for (
    const text of [
      "Hi Jane,",
      "Thanks for your time on the phone.",
      "Office clean, two floors: A$420.00",
      "Windows × 2.5 at A$24.00 each: A$60.00",
      "Total: A$480.00",
      "Valid until: Thursday 31 December 2026",
      `https://yarrashine.example/manage/${"tok".padEnd(43, "x")}`,
    ]
  ) assert.ok(mail.text.includes(text), `missing ${text}\n${mail.text}`);
  assert.equal(mail.attachments, undefined, "nothing is booked yet: no calendar invite");
});

Deno.test("the quote without an end day or a site URL: says so, and how to go ahead", () => {
  const mail = pricedQuoteEmail(quoteRecord, { ...priced, validUntil: null, message: "" }, { ...ctx, siteUrl: undefined }, { manageToken: "t" });
  assert.ok(mail.text.includes("Valid until: Until we tell you otherwise"));
  assert.ok(mail.text.includes(`call us on ${DEMO_BUSINESS_PROFILE.phone}`));
  assert.ok(!mail.text.includes("/manage/"));
});

Deno.test("the office is told of an acceptance (time and total) and of a decline (the reason), replying to the customer", () => {
  const accepted = quoteAcceptedNotification(booking(), { ...priced, status: "ACCEPTED" }, ctx);
  assert.equal(accepted.to, DEMO_BUSINESS_PROFILE.notificationEmail);
  assert.equal(accepted.replyTo, "jane@example.com");
  assert.match(accepted.subject, /^Quote accepted — Jane Citizen, A\$480\.00, .* \(YS-7K3F9Q\)$/);
  assert.ok(accepted.text.includes("It is now a PENDING booking at A$480.00"));
  const declined = quoteDeclinedNotification(quoteRecord, { ...priced, status: "DECLINED", declineReason: "Found someone closer" }, ctx);
  assert.equal(declined.kind, "quote-declined-notification");
  assert.equal(declined.subject, "Quote declined — Jane Citizen (YS-7K3F9Q)");
  assert.ok(declined.text.includes("Reason: Found someone closer"));
});

Deno.test("customer text is escaped in the quote's HTML", () => {
  const evil = "<script>alert(1)</script>";
  const mail = pricedQuoteEmail(quoteRecord, { ...priced, message: evil, lineItems: [{ ...priced.lineItems[0], description: evil }] }, ctx);
  assert.ok(!mail.html!.includes("<script>"));
});
