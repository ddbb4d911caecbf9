/**
 * A cleaner on the job (issue 31), composed as values: the customer told their cleaner is on the
 * way (by the cleaner's first name only), and the office told of the note a cleaner left when
 * checking out, with the job and a link to its page.
 */
import type { BookingRecord } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAppointment, formatMelbourneTime } from "../shared/melbourne-time.ts";
import { customerName, formatAddress } from "../shared/contact.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, describeService, greeting, message, type MessageContext, phoneText, signOff, telHref } from "./email-parts.ts";

/** How a cleaner is named to a customer: their first name ('Priya' of 'Priya Sharma'). */
export const cleanerFirstName = (name: string): string => name.trim().split(/\s+/)[0] || name.trim();

/** The customer's e-mail's subject: '<Name> from <business> is on the way'. */
export const onTheWaySubject = (cleanerName: string, ctx: MessageContext): string =>
  `${cleanerFirstName(cleanerName)} from ${ctx.profile.brandName} is on the way`;

/** To the customer, once per job: their cleaner has set off, to which address, for which visit. */
export function cleanerOnTheWayEmail(record: BookingRecord, cleanerName: string, ctx: MessageContext): OutboxMessage {
  const first = cleanerFirstName(cleanerName);
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `${first} from ${ctx.profile.brandName} is on the way to ${formatAddress(record.address)} for your ` +
        `${describeService(record)}, booked for ${formatMelbourneTime(record.startTime)}.`,
    },
    {
      kind: "paragraph",
      text: `If anything has changed (access, parking, pets), call us on ${phoneText(ctx.profile.phone)} and we’ll let ${first} know.`,
    },
    { kind: "rows", rows: [["Reference", record.reference], ["When", formatAppointment(record.startTime, record.endTime)]] },
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("cleaner-on-the-way", record.email, onTheWaySubject(cleanerName, ctx), blocks, record._id);
}

/** To the office: a cleaner's note on checking out of a job, the job, and where to open it. Replies go to the cleaner. */
export function cleanerJobNoteEmail(
  record: BookingRecord,
  note: { cleanerName: string; text: string; at: Date; replyTo?: string },
  ctx: MessageContext,
): OutboxMessage {
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: `${note.cleanerName} checked out of ${record.reference} at ${formatMelbourneTime(note.at)} and left this note:`,
    },
    { kind: "rows", rows: [["Note", note.text]] },
    { kind: "heading", text: "The job" },
    {
      kind: "rows",
      rows: [
        ["Reference", record.reference],
        ["When", formatAppointment(record.startTime, record.endTime)],
        ["Service", describeService(record)],
        ["Customer", customerName(record)],
        ["Phone", phoneText(record.phone), telHref(record.phone)],
        ["Address", formatAddress(record.address)],
      ],
    },
    ...(ctx.siteUrl
      ? [{ kind: "link", label: "Open the booking in the admin area", url: `${ctx.siteUrl.replace(/\/+$/, "")}/admin/bookings/${record._id}` }] satisfies Block[]
      : []),
  ];
  return {
    ...message(
      "cleaner-job-note",
      ctx.profile.notificationEmail,
      `Note from ${note.cleanerName} — ${record.reference}, ${record.address.suburb}`,
      blocks,
      record._id,
    ),
    ...(note.replyTo ? { replyTo: note.replyTo } : {}),
  };
}
