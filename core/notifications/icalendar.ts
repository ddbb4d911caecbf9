/**
 * The iCalendar objects the business sends (RFC 5545): a VCALENDAR holding one VEVENT (a booking)
 * or one per visit (a regular clean's visits), in UTC.
 *
 * Written here rather than with the `ics` package it replaces (issue 18): `ics` validates every
 * event with yup, twice per call, which took ~110 us of a booking's ~2 ms of CPU for an event whose
 * fields the types already guarantee. What RFC 5545 asks of this output is small and tested
 * (icalendar.test.ts): TEXT values escaped (3.3.11), content lines folded at 75 octets without
 * splitting a character (3.1), CRLF line ends, date-times as UTC `yyyymmddThhmmssZ` (3.3.5).
 */

export interface CalendarEvent {
  /**
   * PUBLISH adds or updates the event (same UID, higher SEQUENCE); CANCEL removes it; REQUEST does
   * what PUBLISH does for an event with attendees (issue 31: a cleaner's job), as RFC 5546 asks.
   */
  method: "PUBLISH" | "REQUEST" | "CANCEL";
  productId: string;
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** DTSTAMP and CREATED. */
  stamp: Date;
  created: Date;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  /** Who the event is for (a REQUEST or CANCEL names them, RFC 5546 3.2); none on a customer's invite. */
  attendees?: readonly { name: string; email: string }[];
  status: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
  /** Outlook's free/busy (X-MICROSOFT-CDO-BUSYSTATUS). */
  busyStatus: "BUSY" | "TENTATIVE" | "FREE";
}

/** A TEXT value (3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export const escapeText = (value: string): string =>
  value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");

/** A DATE-TIME in UTC (3.3.5), to the second. */
export const utcDateTime = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");

const utf8Length = (codePoint: number): number => codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** The longest a content line may be, in octets, without its CRLF (3.1). */
export const MAX_LINE_OCTETS = 75;

/**
 * A content line folded (3.1): no line over 75 octets, a continuation starting with one space,
 * breaks only between characters (a UTF-8 sequence or a surrogate pair is never split).
 */
export function foldLine(line: string): string {
  let out = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      out += "\r\n ";
      octets = 1;
    }
    out += char;
    octets += size;
  }
  return out;
}

/** A parameter value (3.2): quoted, and a double quote (which it may not hold) left out. */
const quotedParameter = (value: string): string => `"${value.replace(/["\r\n]/g, "")}"`;

/** One VEVENT of a calendar: the event without what belongs to the whole VCALENDAR. */
export type CalendarComponent = Omit<CalendarEvent, "method" | "productId">;

const eventLines = (event: CalendarComponent): string[] => [
  "BEGIN:VEVENT",
  `UID:${escapeText(event.uid)}`,
  `SUMMARY:${escapeText(event.title)}`,
  `DTSTAMP:${utcDateTime(event.stamp)}`,
  `DTSTART:${utcDateTime(event.start)}`,
  `DTEND:${utcDateTime(event.end)}`,
  `SEQUENCE:${event.sequence}`,
  `DESCRIPTION:${escapeText(event.description)}`,
  `LOCATION:${escapeText(event.location)}`,
  `STATUS:${event.status}`,
  `ORGANIZER;CN=${quotedParameter(event.organizer.name)}:MAILTO:${event.organizer.email}`,
  // No RSVP: the office puts a cleaner on a job, it asks no answer through the calendar.
  ...(event.attendees ?? []).map((a) => `ATTENDEE;CN=${quotedParameter(a.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:MAILTO:${a.email}`),
  `X-MICROSOFT-CDO-BUSYSTATUS:${event.busyStatus}`,
  `CREATED:${utcDateTime(event.created)}`,
  "END:VEVENT",
];

/**
 * The .ics text of several events in one VCALENDAR (one METHOD for all, one VEVENT each with its
 * own UID, so a calendar keeps each as its own event): the visits of a regular clean. At least one
 * event (5545 3.6: a calendar holds one component or more).
 */
export function formatCalendarEvents(calendar: Pick<CalendarEvent, "method" | "productId">, events: readonly CalendarComponent[]): string {
  if (events.length === 0) throw new Error("a calendar holds at least one event");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `PRODID:${escapeText(calendar.productId)}`,
    `METHOD:${calendar.method}`,
    "X-PUBLISHED-TTL:PT1H",
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** The .ics text of one event, each line ending in CRLF. */
export function formatCalendar(event: CalendarEvent): string {
  return formatCalendarEvents(event, [event]);
}
