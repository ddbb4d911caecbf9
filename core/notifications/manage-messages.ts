/**
 * The e-mails of a change the customer made on their manage-my-booking page (issue 15): to the
 * customer, the booking as it now is with its calendar update (same UID, the new SEQUENCE) and a
 * fresh link; to the office, what changed. Written in the change's own transaction.
 */
import type { CustomerLinks } from "../booking/ports.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Block } from "./email-layout.ts";
import {
  calendarAttachment,
  CALENDAR_ATTACHMENT_FILENAME,
  contactBlocks,
  customerName,
  formatAppointment,
  manageLinkBlocks,
  message,
  type MessageContext,
  policyBlocks,
  recordDetailBlocks,
  whenForSubject,
  greeting,
  signOff,
} from "./messages.ts";

/** What the customer did: cancel (the record keeps their reason), or move from `before` to the record's new time. */
export type CustomerChange =
  | { kind: "cancelled" }
  | { kind: "rescheduled"; before: { startTime: Date; endTime: Date } };


/** To the customer: the booking they cancelled is cancelled; the .ics removes it from their calendar. */
export function customerCancelledEmail(record: BookingRecord, ctx: MessageContext, links: CustomerLinks): OutboxMessage {
  const subject = `Booking cancelled — ${record.serviceNameAtBooking}, ${whenForSubject(record)} (${record.reference})`;
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `As you asked on our website, your booking ${record.reference} for ${
        formatAppointment(record.startTime, record.endTime)
      } is cancelled. You cancelled before the free-change cut-off, so no cancellation fee applies.`,
    },
    ...(record.cancelReason ? [{ kind: "rows", rows: [["Your reason", record.cancelReason]] } satisfies Block] : []),
    {
      kind: "paragraph",
      text: `The attached calendar update (${CALENDAR_ATTACHMENT_FILENAME}) removes the visit from your calendar. ` +
        `If this was a mistake, book again on our website or call us on ${ctx.profile.phone}.`,
    },
    ...manageLinkBlocks(record, ctx, links),
    ...recordDetailBlocks(record, "customer"),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-cancelled", record.email, subject, blocks, record._id, [calendarAttachment(record, ctx, "CANCEL")]);
}

/** To the customer: their booking moved; the .ics updates the event their calendar already has. */
export function customerRescheduledEmail(
  before: { startTime: Date; endTime: Date },
  record: BookingRecord,
  ctx: MessageContext,
  links: CustomerLinks,
): OutboxMessage {
  const subject = `Booking moved — ${record.serviceNameAtBooking}, now ${whenForSubject(record)} (${record.reference})`;
  const blocks: Block[] = [
    greeting(record),
    { kind: "paragraph", text: `As you asked on our website, your booking ${record.reference} has moved.` },
    {
      kind: "rows",
      rows: [
        ["Was", formatAppointment(before.startTime, before.endTime)],
        ["Now", formatAppointment(record.startTime, record.endTime)],
      ],
    },
    {
      kind: "paragraph",
      text: record.status === "CONFIRMED"
        ? "Your booking stays confirmed at the new time."
        : "Your booking is still a request until we confirm availability for the new time; we will be in touch.",
    },
    {
      kind: "paragraph",
      text: `The attached calendar update (${CALENDAR_ATTACHMENT_FILENAME}) moves the visit in your calendar.`,
    },
    ...manageLinkBlocks(record, ctx, links),
    ...recordDetailBlocks(record, "customer"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-rescheduled", record.email, subject, blocks, record._id, [calendarAttachment(record, ctx, "PUBLISH")]);
}

/** To the office: the customer changed their booking themselves; a reply goes to the customer. */
export function officeChangeNotification(record: BookingRecord, change: CustomerChange, ctx: MessageContext): OutboxMessage {
  const who = customerName(record);
  const was = change.kind === "rescheduled" ? change.before : record;
  const subject = change.kind === "cancelled"
    ? `Customer cancelled ${record.reference} — ${who}, ${whenForSubject(record)}`
    : `Customer moved ${record.reference} — ${who}, now ${whenForSubject(record)}`;
  const rows: Array<[string, string]> = [
    ["Reference", record.reference],
    ["Changed", change.kind === "cancelled" ? "Cancelled by the customer" : "Moved by the customer"],
    [change.kind === "cancelled" ? "Time" : "Old time", formatAppointment(was.startTime, was.endTime)],
  ];
  if (change.kind === "rescheduled") rows.push(["New time", formatAppointment(record.startTime, record.endTime)]);
  if (change.kind === "cancelled") rows.push(["Reason", record.cancelReason || "(none given)"]);
  rows.push(["Status", record.status]);
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: change.kind === "cancelled"
        ? `${who} cancelled booking ${record.reference} on their manage-my-booking page. The place is free again.`
        : `${who} moved booking ${record.reference} on their manage-my-booking page: ` +
          `${formatAppointment(was.startTime, was.endTime)} → ${formatAppointment(record.startTime, record.endTime)}. ` +
          `Its status stays ${record.status}.`,
    },
    { kind: "rows", rows },
    ...recordDetailBlocks(record, "business"),
  ];
  if (ctx.siteUrl) {
    blocks.push({ kind: "link", label: "Open the bookings in the admin area", url: `${ctx.siteUrl.replace(/\/+$/, "")}/admin/bookings` });
  }
  return {
    ...message("booking-change-notification", ctx.profile.notificationEmail, subject, blocks, record._id),
    replyTo: record.email,
  };
}

/** Everything a customer's change sends: theirs (with the new link), then the office's. */
export function emailsForCustomerChange(
  record: BookingRecord,
  change: CustomerChange,
  ctx: MessageContext,
  links: CustomerLinks,
): OutboxMessage[] {
  const customer = change.kind === "cancelled"
    ? customerCancelledEmail(record, ctx, links)
    : customerRescheduledEmail(change.before, record, ctx, links);
  return [customer, officeChangeNotification(record, change, ctx)];
}
