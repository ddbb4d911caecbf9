/**
 * Feedback after each job (issue 32), composed as values: the customer asked how the clean went,
 * with the link to rate it; and the office told at once of a rating of 3 or less, with the
 * comment, the job and a link to the booking.
 */
import type { BookingRecord } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAppointment, formatMelbourneDate } from "../shared/melbourne-time.ts";
import { customerName, formatAddress } from "../shared/contact.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, describeService, greeting, message, type MessageContext, phoneText, signOff, telHref } from "./email-parts.ts";

export const FEEDBACK_REQUEST_SUBJECT = "How did we go? Rate your clean";

/** The link of one request: its page (none without a site URL) and when it stops working. */
export interface FeedbackLink {
  url: string | undefined;
  expiresAt: Date;
}

/** To the customer: how did we go, the job (date and service), and the link to rate it. */
export function feedbackRequestEmail(record: BookingRecord, ctx: MessageContext, link: FeedbackLink): OutboxMessage {
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Thank you for choosing ${ctx.profile.brandName}. How did we go with your ${describeService(record)} ` +
        `on ${formatMelbourneDate(record.startTime)}?`,
    },
    ...(link.url
      ? [
        {
          kind: "paragraph",
          text: "Please rate your clean from 1 to 5. It only takes a moment, and you can tell us more if you like: " +
            "it helps us keep every clean up to standard.",
        },
        { kind: "link", label: "Rate your clean", url: link.url },
        { kind: "paragraph", text: `This link works until ${formatMelbourneDate(link.expiresAt)}.` },
      ] satisfies Block[]
      : [{ kind: "paragraph", text: "Just reply to this e-mail with a rating from 1 to 5 and anything you’d like us to know." }] satisfies Block[]),
    {
      kind: "rows",
      rows: [["Reference", record.reference], ["Service", describeService(record)], ["Date", formatMelbourneDate(record.startTime)]],
    },
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("feedback-request", record.email, FEEDBACK_REQUEST_SUBJECT, blocks, record._id);
}

/** To the office, at once: a rating of 3 or less, the comment, the job, and where to open it. Replies go to the customer. */
export function feedbackLowRatingNotification(
  record: BookingRecord,
  given: { rating: number; comment: string },
  ctx: MessageContext,
  cleanerNames: readonly string[] = [],
): OutboxMessage {
  const who = customerName(record);
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: `${who} rated their ${describeService(record)} on ${formatMelbourneDate(record.startTime)} ${given.rating} out of 5. ` +
        "You may want to get in touch with them.",
    },
    { kind: "rows", rows: [["Rating", `${given.rating}/5`], ["Comment", given.comment.trim() === "" ? "No comment given." : given.comment]] },
    { kind: "heading", text: "The job" },
    {
      kind: "rows",
      rows: [
        ["Reference", record.reference],
        ["When", formatAppointment(record.startTime, record.endTime)],
        ["Service", describeService(record)],
        ["Cleaners", cleanerNames.length > 0 ? cleanerNames.join(", ") : "None assigned"],
        ["Address", formatAddress(record.address)],
        ["Email", record.email, `mailto:${record.email}`],
        ["Phone", phoneText(record.phone), telHref(record.phone)],
      ],
    },
    ...(ctx.siteUrl
      ? [{ kind: "link", label: "Open the booking in the admin area", url: `${ctx.siteUrl.replace(/\/+$/, "")}/admin/bookings/${record._id}` }] satisfies Block[]
      : []),
  ];
  return {
    ...message(
      "feedback-low-rating-notification",
      ctx.profile.notificationEmail,
      `Rating ${given.rating}/5 from ${who} (${record.reference})`,
      blocks,
      record._id,
    ),
    replyTo: record.email,
  };
}
