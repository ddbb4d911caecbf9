/**
 * Every e-mail a customer gets, as a mail client sees it (issue 20): built into MIME by nodemailer
 * (the mailbox transport), parsed back by postal-mime, and its HTML checked against caniemail's
 * support data (doiuse-email) for the common clients.
 */
import assert from "node:assert/strict";
import { doIUseEmail } from "doiuse-email";
import PostalMime from "postal-mime";
import { bookingCancelledEmail, bookingConfirmedEmail, bookingReminderEmail } from "../../core/notifications/customer-updates.ts";
import { customerCancelledEmail, customerRescheduledEmail } from "../../core/notifications/manage-messages.ts";
import type { MessageContext } from "../../core/notifications/email-parts.ts";
import { bookingConfirmationEmail, quoteConfirmationEmail } from "../../core/notifications/record-emails.ts";
import { inquiryAcknowledgementEmail } from "../../core/notifications/inquiry-emails.ts";
import { feedbackRequestEmail } from "../../core/notifications/feedback-emails.ts";
import { booking } from "../../core/notifications/test-fixtures.ts";
import { DEMO_BUSINESS_PROFILE } from "../../core/settings/demo-business-profile.ts";
import { DEFAULT_CANCELLATION_POLICY_HTML } from "../../core/settings/types.ts";
import type { OutboxMessage } from "../../core/shared/outbox.ts";
import { makeMailboxTransport } from "./mailbox-transport.ts";

const SITE = "https://yarrashine.example";
const LOGO = `${SITE}/apple-touch-icon.png`;
const ctx: MessageContext = {
  profile: DEMO_BUSINESS_PROFILE,
  cancellationPolicyHtml: DEFAULT_CANCELLATION_POLICY_HTML,
  siteUrl: SITE,
  logoUrl: LOGO,
};
const TOKEN = "T".repeat(43);
const links = { manageToken: TOKEN };
const record = booking({ phone: "0412345678", calendarSequence: 1, status: "CONFIRMED" });

const inquiry = {
  _id: "9a0b1c2d-0000-4000-8000-000000000001", reference: "YI-7K3F9Q", inquiryType: "OFFICE" as const, firstName: "Sam", lastName: "Lee",
  email: "sam@example.com", phone: "0398765432", suburb: "Richmond", message: "Two floors.", read: false,
  hasAddress: false, archivedAt: null, adminNotes: "", createdAt: new Date("2026-11-20T01:00:00Z"),
};

const customerMails: [name: string, message: OutboxMessage, bookingRef: boolean][] = [
  ["booking request received", bookingConfirmationEmail(booking(), ctx, links), true],
  ["quote request received", quoteConfirmationEmail(booking({ type: "QUOTE", status: "QUOTE_REQUESTED" }), ctx, links), true],
  ["booking confirmed", bookingConfirmedEmail(record, ctx, links), true],
  ["booking cancelled by staff", bookingCancelledEmail(booking({ status: "CANCELLED", cancelReason: "Rain" }), ctx, links), true],
  ["reminder", bookingReminderEmail(record, ctx, links), true],
  ["cancelled by the customer", customerCancelledEmail(booking({ status: "CANCELLED" }), ctx, links), true],
  ["moved by the customer", customerRescheduledEmail({ startTime: new Date("2026-11-27T22:00:00Z"), endTime: new Date("2026-11-28T01:00:00Z") }, record, ctx, links), true],
  ["inquiry acknowledgement", inquiryAcknowledgementEmail(inquiry, ctx), false],
  // Issue 32: its subject is the same for every job, its link the feedback page's (checked in feedback-emails.test.ts).
  ["feedback request", feedbackRequestEmail(booking({ status: "DONE" }), ctx, { url: `${SITE}/feedback/${TOKEN}`, expiresAt: new Date("2026-12-28T02:00:00Z") }), false],
];

/** Features caniemail lists as unsupported somewhere that degrade gracefully here, and why. */
const DEGRADES_GRACEFULLY = [
  // Outlook and Yahoo apps drop <body>; every style is on the inner wrapper too.
  /^`<body> element` is not supported by/,
  // Ignored where unsupported; kept so screen readers read layout tables as layout.
  /^`role attribute` is not supported by/,
];

const CLIENTS = ["gmail.*", "outlook.*", "apple-mail.*", "yahoo.*", "samsung-email.*", "thunderbird.*"];

async function asReceived(message: OutboxMessage) {
  const dir = await Deno.makeTempDir();
  try {
    const transport = makeMailboxTransport(dir);
    await transport.send({
      from: "Yarra Shine Cleaning <hello@yarrashine.com.au>",
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
    });
    const [file] = [...Deno.readDirSync(dir)];
    return await PostalMime.parse(await Deno.readTextFile(`${dir}/${file.name}`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

for (const [name, message, bookingRef] of customerMails) {
  Deno.test(`customer e-mail as received: ${name}`, async () => {
    const mail = await asReceived(message);
    const html = mail.html ?? "";
    const text = mail.text ?? "";
    if (bookingRef) assert.match(mail.subject ?? "", /\(YS-7K3F9Q\)$/, "the reference in the subject");

    // The business's contacts as people write them, each a link in the HTML part.
    assert.ok(text.includes("Phone: 0412 345 678"), text);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
    assert.ok(hrefs.includes("tel:0412345678"), hrefs.join(" "));
    assert.ok(hrefs.includes(`https://wa.me/${DEMO_BUSINESS_PROFILE.whatsappNumber}`), "the WhatsApp address is a link");
    assert.ok(hrefs.includes(`mailto:${DEMO_BUSINESS_PROFILE.email}`));
    if (bookingRef) assert.ok(hrefs.includes(`${SITE}/manage/${TOKEN}`), "the manage-my-booking link");

    // One image, the hosted logo; nothing else loaded from elsewhere; nothing that runs.
    const images = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(images, [LOGO]);
    assert.match(html, /<img\b[^>]*\balt="Yarra Shine Cleaning"/);
    assert.doesNotMatch(html, /<script|<link\b|<style\b|url\(/i);

    // The plain-text part reads on its own: no markup, and the links written out.
    assert.doesNotMatch(text, /<[a-z][^>]*>/i);
    assert.ok(text.includes(`https://wa.me/${DEMO_BUSINESS_PROFILE.whatsappNumber}`));
    if (bookingRef) assert.ok(text.includes(`${SITE}/manage/${TOKEN}`));
    assert.ok(!text.includes("Yarra Shine CleaningYarra"), "no header text run into the body");

    // HTML and inline CSS the common clients support (caniemail data), bar what degrades gracefully.
    const verdict = doIUseEmail(html, { emailClients: CLIENTS }) as { errors?: string[] };
    const problems = [...new Set(verdict.errors ?? [])].filter((e) => !DEGRADES_GRACEFULLY.some((ok) => ok.test(e)));
    assert.deepEqual(problems, []);
  });
}

Deno.test("no logo configured: the header is the business's name, and no image at all", async () => {
  const mail = await asReceived(bookingConfirmationEmail(booking(), { ...ctx, logoUrl: undefined }, links));
  assert.doesNotMatch(mail.html ?? "", /<img\b/);
  assert.match(mail.html ?? "", />Yarra Shine Cleaning<\/td>/);
});
