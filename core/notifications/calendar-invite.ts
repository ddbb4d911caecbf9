/**
 * A booking's calendar invite: the .ics of the booking (one UID for its whole life, PUBLISH or
 * CANCEL) and the e-mail attachment that carries it.
 */
import type { BookingRecord } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAddress } from "../shared/contact.ts";
import { formatCalendar } from "./icalendar.ts";
import { describeService, type MessageContext } from "./email-parts.ts";

export const CALENDAR_ATTACHMENT_FILENAME = "booking.ics";

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

/**
 * The .ics of a booking: UTC times; one UID for the booking's whole life and the record's
 * calendarSequence, so a calendar app updates (or, with CANCEL, removes) the event it already has.
 */
export function bookingCalendarEvent(record: BookingRecord, ctx: MessageContext, method: CalendarMethod = "PUBLISH"): string {
  const { profile } = ctx;
  const status = method === "CANCEL" ? "CANCELLED" : calendarStatus(record);
  return formatCalendar({
    uid: `${record._id}@${emailDomain(profile.email)}`,
    productId: `-//${profile.brandName}//Booking engine//EN`,
    method,
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
  });
}

/** The booking's .ics as an e-mail attachment, its content type naming the method. */
export function calendarAttachment(
  record: BookingRecord,
  ctx: MessageContext,
  method: CalendarMethod = "PUBLISH",
): NonNullable<OutboxMessage["attachments"]>[number] {
  return {
    filename: CALENDAR_ATTACHMENT_FILENAME,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: bookingCalendarEvent(record, ctx, method),
  };
}
