/**
 * The e-mails of a new commercial-cleaning inquiry, composed as values (no I/O): the business's
 * notification and the inquirer's acknowledgement, with the inquiry types as people read them.
 */
import { type Inquiry, INQUIRY_TYPE_LABELS } from "../inquiry/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatMelbourneMoment } from "../shared/melbourne-time.ts";
import { customerName } from "../shared/contact.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, greeting, message, type MessageContext, phoneText, signOff, telHref } from "./email-parts.ts";

/** To the business: a commercial-cleaning inquiry from the website. */
export function inquiryNotification(inquiry: Inquiry, ctx: MessageContext): OutboxMessage {
  const typeLabel = INQUIRY_TYPE_LABELS[inquiry.inquiryType] ?? inquiry.inquiryType;
  const subject = `New commercial inquiry — ${typeLabel}, ${
    customerName(inquiry)
  }, ${inquiry.suburb} (${inquiry.reference})`;
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: `${customerName(inquiry)} sent a commercial cleaning inquiry on the website. ` +
        "We promise a reply the same business day.",
    },
    {
      kind: "rows",
      rows: [
        ["Reference", inquiry.reference],
        ["Received", formatMelbourneMoment(inquiry.createdAt)],
        ["Type", typeLabel],
        ["Name", customerName(inquiry)],
        ["Email", inquiry.email, `mailto:${inquiry.email}`],
        ["Phone", phoneText(inquiry.phone), telHref(inquiry.phone)],
        ["Suburb", inquiry.suburb],
      ],
    },
    { kind: "heading", text: "Message" },
    { kind: "paragraph", text: inquiry.message.trim() === "" ? "(no message)" : inquiry.message },
  ];
  if (ctx.siteUrl) {
    blocks.push({
      kind: "link",
      label: "Open the inquiries in the admin area",
      url: `${ctx.siteUrl.replace(/\/+$/, "")}/admin/inquiries`,
    });
  }
  return {
    ...message("inquiry-notification", ctx.profile.notificationEmail, subject, blocks, inquiry._id),
    replyTo: inquiry.email,
  };
}

/** To the inquirer: their commercial inquiry was received, what they asked, and what happens next. */
export function inquiryAcknowledgementEmail(inquiry: Inquiry, ctx: MessageContext): OutboxMessage {
  const { profile } = ctx;
  const typeLabel = INQUIRY_TYPE_LABELS[inquiry.inquiryType] ?? inquiry.inquiryType;
  const subject = `Commercial cleaning inquiry received — ${typeLabel}, ${inquiry.suburb} (${inquiry.reference})`;
  const blocks: Block[] = [
    greeting(inquiry),
    {
      kind: "paragraph",
      text: `Thanks for contacting ${profile.brandName}. We have received your commercial cleaning ` +
        `inquiry (${typeLabel}) for ${inquiry.suburb}.`,
    },
    {
      kind: "paragraph",
      text: "What happens next: we will read your message and contact you to talk through your needs " +
        `and arrange a quote, usually the same business day (${profile.contactHours}). ` +
        "Nothing is booked until you agree a quote with us.",
    },
    { kind: "heading", text: "Your inquiry" },
    {
      kind: "rows",
      rows: [
        ["Reference", inquiry.reference],
        ["Type", typeLabel],
        ["Name", customerName(inquiry)],
        ["Email", inquiry.email, `mailto:${inquiry.email}`],
        ["Phone", phoneText(inquiry.phone), telHref(inquiry.phone)],
        ["Suburb", inquiry.suburb],
      ],
    },
    { kind: "heading", text: "Your message" },
    { kind: "paragraph", text: inquiry.message.trim() === "" ? "(no message)" : inquiry.message },
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("inquiry-acknowledgement", inquiry.email, subject, blocks, inquiry._id);
}

/** Everything a new inquiry sends: the business's notification, then the inquirer's acknowledgement. */
export function emailsForInquiry(inquiry: Inquiry, ctx: MessageContext): OutboxMessage[] {
  return [inquiryNotification(inquiry, ctx), inquiryAcknowledgementEmail(inquiry, ctx)];
}
