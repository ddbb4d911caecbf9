/**
 * The e-mails of a new booking or quote request, composed as values (no I/O): the customer's
 * confirmation (with the plan of a regular clean it starts) and the business's notification.
 * Use cases enqueue them in the outbox in the same transaction as the record.
 */
import type { BookingRecord } from "../booking/types.ts";
import type { CustomerLinks, PlannedVisit } from "../booking/ports.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { isRecurring, nextOccurrences, type Repeat } from "../series/occurrences.ts";
import { formatMelbourneMoment, melbourneHourMinute, melbourneYmd } from "../shared/melbourne-time.ts";
import { customerName } from "../shared/contact.ts";
import type { Block } from "./email-layout.ts";
import {
  contactBlocks,
  describeService,
  greeting,
  manageLinkBlocks,
  message,
  type MessageContext,
  policyBlocks,
  recordDetailBlocks,
  requireType,
  signOff,
  whenForSubject,
} from "./email-parts.ts";
import { calendarAttachment, visitsCalendarAttachment } from "./calendar-invite.ts";

/**
 * What a new record's e-mails are written with besides the record and the business: the link's
 * token, and for a booking that starts a series (record.seriesId set) how its frequency repeats,
 * which the caller reads from the catalogue (the e-mails read nothing).
 */
export interface RecordEmailLinks extends CustomerLinks {
  repeat?: Repeat;
  /** The series' visits planned with this booking, in its transaction (issue 28); by start. */
  planned?: readonly PlannedVisit[];
}

/** How many planned visits the first confirmation of a regular clean lists. */
export const SERIES_PLAN_VISITS = 3;

/**
 * The first confirmation of a regular clean (issue 17): that it is one, how often, the next
 * planned visits, and that each visit is confirmed. With the visits planned in the booking's own
 * transaction (issue 28), only those that hold a place are promised, and the ones that could not
 * be placed are named; without them, the series' dates at the first visit's wall-clock time.
 * Nothing for a one-off, a quote, or a record that started no series.
 */
export function seriesPlanBlocks(record: BookingRecord, repeat: Repeat | undefined, planned?: readonly PlannedVisit[]): Block[] {
  if (record.type !== "BOOKING" || !record.seriesId) return [];
  const frequency = record.frequencyNameAtBooking;
  const blocks: Block[] = [{ kind: "heading", text: "Your regular clean" }];
  const later = planned?.filter((visit) => visit.startTime > record.startTime);
  const dates = later
    ? later.filter((visit) => visit.holdsPlace).slice(0, SERIES_PLAN_VISITS)
    : repeat && isRecurring(repeat) ? nextOccurrences(seriesTermsOf(record, repeat), SERIES_PLAN_VISITS) : [];
  const unplaced = later?.filter((visit) => !visit.holdsPlace) ?? [];
  if (dates.length === 0) {
    blocks.push({ kind: "paragraph", text: `This is the first visit of your regular clean, “${frequency}”.` });
  } else {
    blocks.push(
      { kind: "paragraph", text: `This is the first visit of your regular clean, “${frequency}”. Your next planned visits:` },
      { kind: "list", items: dates.map(({ startTime }) => formatMelbourneMoment(startTime)) },
    );
  }
  if (unplaced.length > 0) {
    blocks.push({
      kind: "paragraph",
      text: `We can't do ${unplaced.length === 1 ? "this visit" : "these visits"} at that time: ` +
        `${unplaced.map(({ startTime }) => formatMelbourneMoment(startTime)).join("; ")}. ` +
        `We'll call you to find another time${unplaced.length === 1 ? "" : " for each"}.`,
    });
  }
  blocks.push({
    kind: "paragraph",
    text: "We confirm each visit with you, and send a reminder before it. " +
      "You can skip a visit, or cancel the regular clean, free of charge until the cut-off before a visit.",
  });
  return blocks;
}

/** The series a booking starts: its Melbourne date and wall-clock start, its length, the frequency's repeat. */
function seriesTermsOf(record: BookingRecord, repeat: { unit: "WEEK" | "MONTH"; every: number }) {
  const { hour, minute } = melbourneHourMinute(record.startTime);
  return {
    unit: repeat.unit,
    every: repeat.every,
    anchorDate: record.seriesDate ?? melbourneYmd(record.startTime),
    startMinutes: hour * 60 + minute,
    durationMinutes: Math.round((record.endTime.getTime() - record.startTime.getTime()) / 60_000),
  };
}

/**
 * The visits a regular clean's first confirmation puts in the customer's calendar: the booking,
 * then every visit planned with it that holds a place (PENDING or CONFIRMED), by start. A visit
 * planned NEEDS_ATTENTION is left out: the e-mail says we can't do that time, and the e-mail that
 * later moves it adds it (PUBLISH, same UID), while skipping it removes nothing that isn't there.
 */
export function confirmationCalendarVisits(record: BookingRecord, planned?: readonly PlannedVisit[]): BookingRecord[] {
  if (record.type !== "BOOKING" || !record.seriesId || !planned) return [record];
  const later = planned
    .filter((next) => next.holdsPlace && next.visit._id !== record._id && next.visit.startTime > record.startTime)
    .map((next) => next.visit)
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  return [record, ...later];
}

/** The confirmation's .ics: the booking alone, or a regular clean's visits one event each. */
export function confirmationCalendar(record: BookingRecord, ctx: MessageContext, planned?: readonly PlannedVisit[]) {
  const visits = confirmationCalendarVisits(record, planned);
  return visits.length === 1
    ? { visits: 1, attachment: calendarAttachment(record, ctx) }
    : { visits: visits.length, attachment: visitsCalendarAttachment(visits, ctx)! };
}

const calendarBlock = ({ visits, attachment }: { visits: number; attachment: { filename: string } }): Block => ({
  kind: "paragraph",
  text: visits === 1
    ? `A calendar invite (${attachment.filename}) is attached; it stays tentative until we confirm.`
    : `A calendar invite (${attachment.filename}) is attached with this visit and ` +
      `${visits === 2 ? "your next planned visit" : `your ${visits - 1} planned visits after it`}, ` +
      "each its own event, so a change to one visit updates only that one in your calendar. " +
      "Each stays tentative until we confirm it.",
});

/** To the customer: their booking request was received; a calendar invite is attached (each planned visit of a regular clean its own event). */
export function bookingConfirmationEmail(
  record: BookingRecord,
  ctx: MessageContext,
  links: RecordEmailLinks = {},
): OutboxMessage {
  requireType(record, "BOOKING", "bookingConfirmationEmail");
  const { profile } = ctx;
  const calendar = confirmationCalendar(record, ctx, links.planned);
  const subject = `Booking request received — ${record.serviceNameAtBooking}, ${
    whenForSubject(record)
  } (${record.reference})`;
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Thanks for booking with ${profile.brandName}. We have received your booking request ` +
        `for ${describeService(record)} on ${formatMelbourneMoment(record.startTime)}.`,
    },
    {
      kind: "paragraph",
      text: "Please note: online bookings are requests until we confirm availability. " +
        `We will be in touch to confirm, usually the same business day (${profile.contactHours}).`,
    },
    calendarBlock(calendar),
    ...seriesPlanBlocks(record, links.repeat, links.planned),
    ...manageLinkBlocks(record, ctx, links),
    ...recordDetailBlocks(record, "customer"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-confirmation", record.email, subject, blocks, record._id, [calendar.attachment]);
}

/** To the customer: their quote request was received (no calendar invite: nothing is booked). */
export function quoteConfirmationEmail(record: BookingRecord, ctx: MessageContext, links: CustomerLinks = {}): OutboxMessage {
  requireType(record, "QUOTE", "quoteConfirmationEmail");
  const { profile } = ctx;
  const subject = `Quote request received — ${record.serviceNameAtBooking}, ${
    whenForSubject(record)
  } (${record.reference})`;
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Thanks for asking ${profile.brandName} for a quote for ${describeService(record)}. ` +
        "We have received your request and will get back to you with a confirmed quote, usually " +
        `the same business day (${profile.contactHours}).`,
    },
    {
      kind: "paragraph",
      text: "The prices below are an estimate from the details you gave. Nothing is booked yet: " +
        "your preferred time is not reserved until you confirm a booking with us.",
    },
    ...manageLinkBlocks(record, ctx, links),
    ...recordDetailBlocks(record, "customer"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("quote-confirmation", record.email, subject, blocks, record._id);
}

/** To the business: a new booking or quote request to follow up. */
export function businessBookingNotification(
  record: BookingRecord,
  ctx: MessageContext,
): OutboxMessage {
  const isQuote = record.type === "QUOTE";
  const subject = `New ${isQuote ? "quote" : "booking"} request — ${
    customerName(record)
  }, ${record.serviceNameAtBooking}, ${whenForSubject(record)} (${record.reference})`;
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: isQuote
        ? `${customerName(record)} asked for a quote on the website. Reply with a confirmed quote.`
        : `${customerName(record)} requested a booking on the website. It stays PENDING until ` +
          "you confirm availability with the customer.",
    },
    {
      kind: "rows",
      rows: [
        ["Received", formatMelbourneMoment(record.createdAt)],
        ["Status", record.status],
        ...(record.type === "BOOKING" && record.seriesId
          ? [["Regular clean", `Starts a series (${record.frequencyNameAtBooking}): the next visits are planned automatically`]] as Array<[string, string]>
          : []),
      ],
    },
    ...recordDetailBlocks(record, "business"),
  ];
  if (ctx.siteUrl) {
    blocks.push({
      kind: "link",
      label: "Open the bookings in the admin area",
      url: `${ctx.siteUrl.replace(/\/+$/, "")}/admin/bookings`,
    });
  }
  return {
    ...message(
      isQuote ? "quote-notification" : "booking-notification",
      ctx.profile.notificationEmail,
      subject,
      blocks,
      record._id,
    ),
    replyTo: record.email,
  };
}

/** Everything a new booking or quote sends: the customer's confirmation, then the business's. */
export function emailsForRecord(record: BookingRecord, ctx: MessageContext, links: RecordEmailLinks = {}): OutboxMessage[] {
  const confirmation = record.type === "BOOKING"
    ? bookingConfirmationEmail(record, ctx, links)
    : quoteConfirmationEmail(record, ctx, links);
  return [confirmation, businessBookingNotification(record, ctx)];
}
