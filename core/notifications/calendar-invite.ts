/**
 * A booking's calendar invite: the .ics of the booking (one UID for its whole life, PUBLISH or
 * CANCEL) and the e-mail attachment that carries it; and the .ics of several visits of a regular
 * clean, one event each under the UID each visit's own .ics uses.
 */
import type { BookingRecord } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAddress } from "../shared/contact.ts";
import { type CalendarComponent, formatCalendarEvents } from "./icalendar.ts";
import { describeService, type MessageContext } from "./email-parts.ts";

export const CALENDAR_ATTACHMENT_FILENAME = "booking.ics";

/** The .ics holding several visits of a regular clean: one event each. */
export const SERIES_CALENDAR_FILENAME = "regular-clean.ics";

const emailDomain = (email: string): string => email.split("@")[1] || "localhost";

/**
 * The calendar method of an invite: PUBLISH adds or updates the event (same UID, higher SEQUENCE),
 * CANCEL removes it. Not REQUEST: the invite is for the customer's calendar, not a meeting
 * expecting RSVPs.
 */
export type CalendarMethod = "PUBLISH" | "CANCEL";

/** The event's status as the customer's calendar shows it. */
const calendarStatus = (record: BookingRecord): "TENTATIVE" | "CONFIRMED" | "CANCELLED" =>
  record.status === "CANCELLED" ? "CANCELLED" : record.status === "CONFIRMED" || record.status === "DONE" ? "CONFIRMED" : "TENTATIVE";

const calendarHeadline = (record: BookingRecord): string =>
  record.status === "CANCELLED"
    ? `Booking ${record.reference} (cancelled).`
    : record.status === "PENDING"
    ? `Booking request ${record.reference} (awaiting confirmation of availability).`
    : `Booking ${record.reference} (confirmed).`;

/** One booking's VEVENT: one UID for its whole life (its id), the record's calendarSequence. */
function bookingEventOf(record: BookingRecord, ctx: MessageContext, method: CalendarMethod): CalendarComponent {
  const { profile } = ctx;
  const status = method === "CANCEL" ? "CANCELLED" : calendarStatus(record);
  return {
    uid: bookingCalendarUid(record, ctx),
    start: record.startTime,
    end: record.endTime,
    title: `${record.serviceNameAtBooking} — ${profile.brandName}`,
    description: [
      calendarHeadline(record),
      describeService(record),
      `Questions or changes: ${profile.phone} or ${profile.email}.`,
    ].join("\n"),
    location: formatAddress(record.address),
    organizer: { name: profile.brandName, email: profile.email },
    status,
    busyStatus: status === "CONFIRMED" ? "BUSY" : status === "CANCELLED" ? "FREE" : "TENTATIVE",
    sequence: record.calendarSequence,
    created: record.createdAt,
    // DTSTAMP from the record, not the clock, so the message is a pure function of its inputs.
    stamp: record.createdAt,
  };
}

/**
 * The UID of a booking's event, whichever e-mail carries it (its own .ics, or a regular clean's
 * with one event per visit): the same for the booking's whole life, so every later update of
 * that one booking (moved, skipped, cancelled, edited) replaces that one event.
 */
export const bookingCalendarUid = (record: Pick<BookingRecord, "_id">, ctx: MessageContext): string =>
  `${record._id}@${emailDomain(ctx.profile.email)}`;

const calendarOf = (ctx: MessageContext, method: CalendarMethod) => ({ method, productId: `-//${ctx.profile.brandName}//Booking engine//EN` });

/**
 * The .ics of a booking: UTC times; one UID for the booking's whole life and the record's
 * calendarSequence, so a calendar app updates (or, with CANCEL, removes) the event it already has.
 */
export function bookingCalendarEvent(record: BookingRecord, ctx: MessageContext, method: CalendarMethod = "PUBLISH"): string {
  return formatCalendarEvents(calendarOf(ctx, method), [bookingEventOf(record, ctx, method)]);
}

/**
 * Several bookings in one .ics (a regular clean's visits): one VEVENT each, each exactly the event
 * the booking's own .ics holds (same UID, SEQUENCE and status), so each visit stays its own event
 * that a later e-mail about that visit alone moves or removes. At least one booking.
 */
export function visitsCalendarEvents(records: readonly BookingRecord[], ctx: MessageContext, method: CalendarMethod = "PUBLISH"): string {
  return formatCalendarEvents(calendarOf(ctx, method), records.map((record) => bookingEventOf(record, ctx, method)));
}

type Attachment = NonNullable<OutboxMessage["attachments"]>[number];

/** Several visits' .ics (visitsCalendarEvents) as one attachment; null for no visit. */
export function visitsCalendarAttachment(records: readonly BookingRecord[], ctx: MessageContext, method: CalendarMethod = "PUBLISH"): Attachment | null {
  if (records.length === 0) return null;
  return {
    filename: SERIES_CALENDAR_FILENAME,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: visitsCalendarEvents(records, ctx, method),
  };
}

/** The booking's .ics as an e-mail attachment, its content type naming the method. */
export function calendarAttachment(
  record: BookingRecord,
  ctx: MessageContext,
  method: CalendarMethod = "PUBLISH",
): Attachment {
  return {
    filename: CALENDAR_ATTACHMENT_FILENAME,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: bookingCalendarEvent(record, ctx, method),
  };
}
