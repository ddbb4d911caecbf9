/**
 * The e-mails that keep a customer up to date after the booking form (issue 15): staff confirmed
 * or cancelled the booking, and the reminder before the job. Each carries the booking's .ics (one
 * UID for the booking's life, the record's calendarSequence) and a manage-my-booking link.
 */
import type { CustomerLinks } from "../booking/ports.ts";
import type { BookingRecord, RecordStatus } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAud } from "../shared/money.ts";
import { formatMelbourneDateTime } from "../shared/melbourne-time.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, describeService, manageLinkBlocks, message, type MessageContext, policyBlocks, customerSubject, greeting, requireType, signOff } from "./email-parts.ts";
import { CALENDAR_ATTACHMENT_FILENAME, calendarAttachment } from "./calendar-invite.ts";
import { formatAddress } from "../shared/contact.ts";
import { formatAppointment, formatMelbourneMoment } from "../shared/melbourne-time.ts";

/** The e-mail a staff status change sends the customer. */
export type StatusUpdateKind = "booking-confirmed" | "booking-cancelled";

/**
 * Which e-mail a staff status change sends the customer, if any: CONFIRMED from PENDING or
 * CANCELLED, CANCELLED from PENDING or CONFIRMED. Moving to DONE, or away from DONE (correcting
 * the record of a job that has happened), and setting the same status again send nothing.
 */
export function statusUpdateFor(from: RecordStatus, to: RecordStatus): StatusUpdateKind | null {
  if (to === "CONFIRMED" && (from === "PENDING" || from === "CANCELLED")) return "booking-confirmed";
  if (to === "CANCELLED" && (from === "PENDING" || from === "CONFIRMED")) return "booking-cancelled";
  return null;
}

/** The booking in a few lines: what the customer needs to recognise it (not every extra). */
function summaryBlocks(record: BookingRecord, heading: string, options: { price: boolean } = { price: true }): Block[] {
  const rows: Array<[string, string]> = [
    ["Reference", record.reference],
    ["When", formatAppointment(record.startTime, record.endTime)],
    ["Service", describeService(record)],
    ["Address", formatAddress(record.address)],
  ];
  if (record.extras.length > 0) {
    rows.push(["Extras", record.extras.map((e) => e.quantity === 1 ? e.titleAtBooking : `${e.titleAtBooking} × ${e.quantity}`).join(", ")]);
  }
  if (record.notes.trim() !== "") rows.push(["Your notes", record.notes]);
  const paid = record.paymentStatus === "PAID";
  if (options.price) rows.push(["Price", `${formatAud(record.firstServiceTotal)} (${paid ? "paid, thank you" : "payable once the job is done"})`]);
  return [{ kind: "heading", text: heading }, { kind: "rows", rows }];
}


/** To the customer: staff confirmed the booking; the .ics updates the event to CONFIRMED. */
export function bookingConfirmedEmail(record: BookingRecord, ctx: MessageContext, links: CustomerLinks = {}): OutboxMessage {
  requireType(record, "BOOKING", "bookingConfirmedEmail");
  const { profile } = ctx;
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Good news: your booking with ${profile.brandName} is confirmed. We'll see you on ` +
        `${formatMelbourneMoment(record.startTime)} for ${describeService(record)}.`,
    },
    {
      kind: "paragraph",
      text: `The calendar invite attached (${CALENDAR_ATTACHMENT_FILENAME}) updates the event already in your ` +
        "calendar, or adds it if it isn't there yet.",
    },
    ...manageLinkBlocks(record, ctx, links),
    ...summaryBlocks(record, "Your booking"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-confirmed", record.email, customerSubject("Booking confirmed", record), blocks, record._id, [
    calendarAttachment(record, ctx, "PUBLISH"),
  ]);
}

/** To the customer: the booking is cancelled, with the reason when one was given; the .ics removes the event. */
export function bookingCancelledEmail(record: BookingRecord, ctx: MessageContext, links: CustomerLinks = {}): OutboxMessage {
  requireType(record, "BOOKING", "bookingCancelledEmail");
  const { profile } = ctx;
  const reason = record.cancelReason.trim();
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Your booking with ${profile.brandName} for ${describeService(record)} on ` +
        `${formatMelbourneMoment(record.startTime)} has been cancelled.`,
    },
    ...(reason !== "" ? [{ kind: "rows", rows: [["Reason", reason]] } satisfies Block] : []),
    {
      kind: "paragraph",
      text: `The calendar update attached (${CALENDAR_ATTACHMENT_FILENAME}) removes the event from your calendar.`,
    },
    {
      kind: "paragraph",
      text: `If this isn't what you expected, or you'd like to book another time, give us a call on ${profile.phone} ` +
        `or e-mail ${profile.email} (${profile.contactHours}).`,
    },
    // The page still shows the booking and its status; there is nothing left to move or cancel.
    ...manageLinkBlocks(record, ctx, links).map((block) => ({ ...block, label: "See your booking" })),
    ...summaryBlocks(record, "The cancelled booking", { price: false }),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-cancelled", record.email, customerSubject("Booking cancelled", record), blocks, record._id, [
    calendarAttachment(record, ctx, "CANCEL"),
  ]);
}

/** Whichever of the two a staff status change sends, for the record as it is after the change. */
export function statusUpdateEmail(
  kind: StatusUpdateKind,
  record: BookingRecord,
  ctx: MessageContext,
  links: CustomerLinks = {},
): OutboxMessage {
  return kind === "booking-confirmed" ? bookingConfirmedEmail(record, ctx, links) : bookingCancelledEmail(record, ctx, links);
}

/**
 * To the customer, some hours before the job: when, where, what to expect, and how to change it.
 * The .ics is the event at its current SEQUENCE, so it changes nothing in a calendar that has it.
 */
export function bookingReminderEmail(
  record: BookingRecord,
  ctx: MessageContext,
  links: CustomerLinks = {},
  policy?: { freeChangeCutoffHours: number },
): OutboxMessage {
  requireType(record, "BOOKING", "bookingReminderEmail");
  const { profile } = ctx;
  const pending = record.status === "PENDING";
  const manageLink = manageLinkBlocks(record, ctx, links);
  // Issue 28: the reminder goes before the free-change cut-off, so it can say until when.
  const freeUntil = policy && policy.freeChangeCutoffHours > 0
    ? new Date(record.startTime.getTime() - policy.freeChangeCutoffHours * 3_600_000)
    : null;
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Just a reminder that your booking with ${profile.brandName} for ${describeService(record)} is coming up ` +
        `on ${formatAppointment(record.startTime, record.endTime)}, at ${formatAddress(record.address)}.`,
    },
    ...(pending
      ? [{
        kind: "paragraph",
        text: "We're still confirming availability for this booking and will be in touch before then. " +
          `If you haven't heard from us, please call ${profile.phone}.`,
      } satisfies Block]
      : []),
    { kind: "heading", text: "What to expect" },
    {
      kind: "list",
      items: [
        "We arrive at the start time and work through the job you booked.",
        "Please make sure we can get in: if you won't be home, leave access as arranged or let us know how.",
        "Clearing benches, floors and valuables where you can helps us spend the time cleaning.",
        "Let us know about pets, parking or anything else we should know before we arrive.",
        ...(record.paymentStatus === "PAID" ? [] : ["You pay only once the job is done."]),
      ],
    },
    {
      kind: "paragraph",
      text: `Need to change or cancel? ${manageLink.length > 0 ? "Use the link below or call" : "Call"} us on ${profile.phone}` +
        (freeUntil
          ? `: it's free until ${formatMelbourneDateTime(freeUntil)}; after that, the cancellation policy below explains any fee.`
          : "; the cancellation policy below explains any fee this close to the job."),
    },
    ...manageLink,
    ...summaryBlocks(record, "Your booking"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-reminder", record.email, customerSubject("Reminder", record), blocks, record._id, [
    calendarAttachment(record, ctx, "PUBLISH"),
  ]);
}
