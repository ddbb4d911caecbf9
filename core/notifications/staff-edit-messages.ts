/**
 * The customer's e-mails of the bookings the office makes, changes and converts (issue 16): a
 * booking made for them, a quote turned into a booking, and a change to their booking (moved, or
 * updated in place) with the calendar update (same UID, the record's new SEQUENCE) and a fresh
 * manage-my-booking link. The office is not notified: it made the change itself.
 */
import type { CustomerLinks, PlannedVisit } from "../booking/ports.ts";
import type { Repeat } from "../series/occurrences.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAud } from "../shared/money.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, describeService, manageLinkBlocks, message, type MessageContext, policyBlocks, recordDetailBlocks, type MessageKind, customerSubject, greeting, requireType, signOff } from "./email-parts.ts";
import { CALENDAR_ATTACHMENT_FILENAME, calendarAttachment } from "./calendar-invite.ts";
import { formatAddress } from "../shared/contact.ts";
import { formatAppointment, formatMelbourneMoment } from "../shared/melbourne-time.ts";
import { confirmationCalendar, seriesPlanBlocks } from "./record-emails.ts";

/**
 * What the office's e-mail of a booking that started a regular clean tells of it (issue 34 item 7):
 * how it repeats and the visits planned with it, each its own event in the .ics, as the public
 * confirmation does. Empty for a one-off.
 */
export interface SeriesPlanLinks {
  repeat?: Repeat;
  planned?: readonly PlannedVisit[];
}

/** The .ics of a booking the office made (one event, or one per planned visit) and the paragraph that names it. */
function madeCalendar(record: BookingRecord, ctx: MessageContext, plan: SeriesPlanLinks) {
  const { visits, attachment } = confirmationCalendar(record, ctx, plan.planned);
  const text = visits === 1
    ? `The calendar invite attached (${attachment.filename}) adds the visit to your calendar.`
    : `The calendar invite attached (${attachment.filename}) adds this visit and ` +
      `${visits === 2 ? "your next planned visit" : `your ${visits - 1} planned visits after it`} to your calendar, ` +
      "each its own event, so a change to one visit updates only that one.";
  return { attachment, block: { kind: "paragraph", text } as Block, planBlocks: seriesPlanBlocks(record, plan.repeat, plan.planned) };
}

/** The kinds of these e-mails (MessageKind in messages.ts). */
export type StaffMessageKind = Extract<MessageKind, "booking-confirmation" | "booking-rescheduled" | "booking-updated" | "quote-updated">;

function staffMessage(
  kind: StaffMessageKind,
  record: BookingRecord,
  subject: string,
  blocks: Block[],
  attachments?: OutboxMessage["attachments"],
): OutboxMessage {
  return message(kind, record.email, subject, blocks, record._id, attachments);
}


/** What a PENDING booking still waits for, or that a confirmed one is set. */
const statusNote = (record: BookingRecord): Block => ({
  kind: "paragraph",
  text: record.status === "PENDING"
    ? "We'll confirm the booking with you before the day."
    : record.status === "CONFIRMED"
    ? "Your booking is confirmed."
    : `The booking's status is ${record.status.toLowerCase()}.`,
});

const invitePublished = (what: string): Block => ({
  kind: "paragraph",
  text: `The calendar invite attached (${CALENDAR_ATTACHMENT_FILENAME}) ${what}.`,
});

/**
 * To the customer: the office booked a clean for them (on the phone, say); the .ics adds it. A
 * booking made CONFIRMED (issue 34) is said to be confirmed in this one e-mail, subject and text,
 * as the status change's confirmation says it, so no second e-mail follows; a PENDING one says the
 * office will confirm it.
 */
export function staffBookingMadeEmail(record: BookingRecord, ctx: MessageContext, links: CustomerLinks & SeriesPlanLinks = {}): OutboxMessage {
  requireType(record, "BOOKING", "staffBookingMadeEmail");
  const { profile } = ctx;
  const calendar = madeCalendar(record, ctx, links);
  const booked = `${describeService(record)} on ${formatAppointment(record.startTime, record.endTime)}`;
  const confirmed = record.status === "CONFIRMED";
  const opening: Block[] = confirmed
    ? [{
      kind: "paragraph",
      text: `Good news: your booking with ${profile.brandName} is confirmed. As arranged with you, we have booked ${booked}. ` +
        "We'll see you then.",
    }]
    : [{ kind: "paragraph", text: `Thanks for booking with ${profile.brandName}. As arranged with you, we have booked ${booked}.` }, statusNote(record)];
  const blocks: Block[] = [
    greeting(record),
    ...opening,
    calendar.block,
    ...manageLinkBlocks(record, ctx, links),
    ...calendar.planBlocks,
    // A confirmed booking is no request: its details are headed "Your booking", as the confirmation's are.
    ...recordDetailBlocks(record, "customer").map((block) =>
      confirmed && block.kind === "heading" && block.text === "Your booking request" ? { ...block, text: "Your booking" } : block
    ),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  const headline = confirmed ? "Booking confirmed" : "Booking made";
  return staffMessage("booking-confirmation", record, customerSubject(headline, record), blocks, [calendar.attachment]);
}

/** To the customer: their quote request is now a booking at the time they asked for. */
export function quoteConvertedEmail(record: BookingRecord, ctx: MessageContext, links: CustomerLinks & SeriesPlanLinks = {}): OutboxMessage {
  requireType(record, "BOOKING", "quoteConvertedEmail");
  const { profile } = ctx;
  const calendar = madeCalendar(record, ctx, links);
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Good news: your quote request ${record.reference} with ${profile.brandName} is now a booking for ` +
        `${describeService(record)} on ${formatAppointment(record.startTime, record.endTime)}.`,
    },
    statusNote(record),
    calendar.block,
    ...manageLinkBlocks(record, ctx, links),
    ...calendar.planBlocks,
    ...recordDetailBlocks(record, "customer"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return staffMessage("booking-confirmation", record, customerSubject("Your quote is now a booking", record), blocks, [calendar.attachment]);
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const extrasText = (record: BookingRecord): string =>
  record.extras.length === 0
    ? "none"
    : record.extras.map((e) => (e.quantity === 1 ? e.titleAtBooking : `${e.titleAtBooking} × ${e.quantity}`)).join(", ");

const sizeText = (record: BookingRecord): string =>
  record.pricingModel === "HOURLY" && record.hours !== null
    ? plural(record.hours, "hour", "hours")
    : record.pricingModel === "BEDROOMS" && record.bedrooms !== null
    ? plural(record.bedrooms, "bedroom", "bedrooms")
    : "";

/**
 * What changed, as the customer reads it: [what, was, now] for each part that differs. The time
 * comes first; contact details are named without repeating them.
 */
export function describeChanges(before: BookingRecord, after: BookingRecord): Array<[string, string, string]> {
  const rows: Array<[string, string, string]> = [];
  const when = (r: BookingRecord) =>
    r.type === "QUOTE" ? formatMelbourneMoment(r.startTime) : formatAppointment(r.startTime, r.endTime);
  const push = (label: string, was: string, now: string) => {
    if (was !== now) rows.push([label, was, now]);
  };
  push(before.type === "QUOTE" ? "Preferred time" : "When", when(before), when(after));
  push("Size", sizeText(before), sizeText(after));
  push("Extras", extrasText(before), extrasText(after));
  push("Frequency", before.frequencyNameAtBooking, after.frequencyNameAtBooking);
  push("Address", formatAddress(before.address), formatAddress(after.address));
  const contact = (r: BookingRecord) => `${r.firstName} ${r.lastName} ${r.email} ${r.phone}`;
  if (contact(before) !== contact(after)) rows.push(["Contact details", "", "updated"]);
  if (before.notes !== after.notes) rows.push(["Notes", "", "updated"]);
  push("First service", formatAud(before.firstServiceTotal), formatAud(after.firstServiceTotal));
  push("Recurring", formatAud(before.recurringTotal), formatAud(after.recurringTotal));
  return rows;
}

const changeList = (rows: Array<[string, string, string]>): Block => ({
  kind: "list",
  items: rows.map(([what, was, now]) => (was === "" ? `${what}: ${now}` : `${what}: was ${was}, now ${now}`)),
});

/**
 * To the customer: the office changed their booking or quote. A booking's e-mail is
 * "booking-rescheduled" when the visit's start moved, else "booking-updated", each with the .ics
 * at the record's new SEQUENCE; a quote's ("quote-updated") has none: nothing is booked yet.
 */
export function staffEditEmail(
  before: BookingRecord,
  after: BookingRecord,
  ctx: MessageContext,
  links: CustomerLinks = {},
): OutboxMessage {
  const { profile } = ctx;
  const rows = describeChanges(before, after);
  const isQuote = after.type === "QUOTE";
  // A longer or shorter visit at the same start is an update; a new start is a move.
  const moved = before.startTime.getTime() !== after.startTime.getTime();
  const what = isQuote ? "quote request" : "booking";
  const blocks: Block[] = [
    greeting(after),
    {
      kind: "paragraph",
      text: `As arranged with you, we have ${moved && !isQuote ? "moved" : "updated"} your ${what} ${after.reference} with ${profile.brandName}.`,
    },
    { kind: "heading", text: "What changed" },
    changeList(rows),
    ...(isQuote ? [] : [statusNote(after), invitePublished("updates the visit already in your calendar")]),
    ...manageLinkBlocks(after, ctx, links),
    ...recordDetailBlocks(after, "customer"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  if (isQuote) return staffMessage("quote-updated", after, customerSubject("Quote request updated", after), blocks);
  return moved
    ? staffMessage("booking-rescheduled", after, customerSubject("Booking moved", after), blocks, [calendarAttachment(after, ctx)])
    : staffMessage("booking-updated", after, customerSubject("Booking updated", after), blocks, [calendarAttachment(after, ctx)]);
}
