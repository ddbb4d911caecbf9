/**
 * The booking engine's e-mails, composed as values (no I/O): the customer's confirmation of a
 * booking or quote request, the business's notification, and the commercial-inquiry notification.
 * Use cases enqueue them in the outbox in the same transaction as the record.
 */
import type { AnswerSnapshot, BookingRecord } from "../booking/types.ts";
import type { CustomerLinks, PlannedVisit } from "../booking/ports.ts";
import { manageUrl } from "../booking/manage-token.ts";
import { formatAuPhone } from "../booking/phone.ts";
import type { Inquiry, InquiryType } from "../inquiry/types.ts";
import type { BusinessProfile } from "../settings/types.ts";
import { DEFAULT_FREQUENCY_CODE } from "../catalog/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAud, fromCents, toCents } from "../shared/money.ts";
import { isRecurring, nextOccurrences, type Repeat } from "../series/occurrences.ts";
import {
  formatMelbourneDateTime,
  melbourneHourMinute,
  melbourneYmd,
  melbourneZoneAbbreviation,
} from "../shared/melbourne-time.ts";

export { melbourneZoneAbbreviation };
import { type Block, renderHtml, renderText } from "./email-layout.ts";
import { formatCalendar } from "./icalendar.ts";

export interface MessageContext {
  profile: BusinessProfile;
  /** Sanitised on save, so it goes into the HTML part as it is. */
  cancellationPolicyHtml: string;
  /** The public site's origin, e.g. https://yarrashine.com.au (links are left out without it). */
  siteUrl?: string;
  /** The logo at the top of the customer's e-mails: a PNG the server hosts (EMAIL_LOGO_URL). */
  logoUrl?: string;
}

export type MessageKind =
  | "booking-confirmation"
  | "quote-confirmation"
  | "booking-notification"
  | "quote-notification"
  | "inquiry-notification"
  | "inquiry-acknowledgement"
  // Issue 15: the customer told at each step, the office told of the customer's own changes.
  | "booking-confirmed"
  | "booking-cancelled"
  | "booking-rescheduled"
  | "booking-reminder"
  | "booking-change-notification"
  // Issue 16: a staff edit the customer is told of (the time stays; the visit or its details change).
  | "booking-updated"
  | "quote-updated"
  // Issue 17: the customer skipped a visit of their regular clean, or cancelled it from a visit on.
  | "visit-skipped"
  | "series-cancelled"
  // Issue 28: the office closed a day with jobs on it; each now needs a new time.
  | "closed-day-jobs";

export const CALENDAR_ATTACHMENT_FILENAME = "booking.ics";

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  HEALTHCARE_AGED_CARE: "Healthcare / aged care",
  OFFICE: "Office",
  SCHOOL_EDUCATIONAL: "School / educational",
  RETAIL_SHOWROOM: "Retail / showroom",
  INDUSTRIAL_WAREHOUSE: "Industrial / warehouse",
  AIRBNB_SHORT_TERM: "Airbnb / short-term rental",
};

// ---------------------------------------------------------------------------------------------
// Formatting of a record's parts

/** e.g. '12:00 pm'. */
function formatMelbourneTime(instant: Date): string {
  const { hour, minute } = melbourneHourMinute(instant);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

const zoneNote = (instant: Date): string =>
  `${melbourneZoneAbbreviation(instant)} (Melbourne time)`;

/** e.g. 'Mon 5 Oct 2026, 9:00 am – 12:00 pm AEDT (Melbourne time)'. */
export function formatAppointment(start: Date, end: Date): string {
  const sameDay = melbourneYmd(start) === melbourneYmd(end);
  const endText = sameDay ? formatMelbourneTime(end) : formatMelbourneDateTime(end);
  return `${formatMelbourneDateTime(start)} – ${endText} ${zoneNote(start)}`;
}

/** e.g. 'Sat 28 Nov 2026, 9:00 am AEDT (Melbourne time)'. */
export function formatMelbourneMoment(instant: Date): string {
  return `${formatMelbourneDateTime(instant)} ${zoneNote(instant)}`;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export function describeService(record: BookingRecord): string {
  if (record.pricingModel === "HOURLY" && record.hours !== null) {
    return `${record.serviceNameAtBooking}, ${plural(record.hours, "hour", "hours")}`;
  }
  if (record.pricingModel === "BEDROOMS" && record.bedrooms !== null) {
    return `${record.serviceNameAtBooking}, ${plural(record.bedrooms, "bedroom", "bedrooms")}`;
  }
  return record.serviceNameAtBooking;
}

export function formatAddress(address: BookingRecord["address"]): string {
  const unit = address.unit?.trim();
  // '3/12 Smith St' is how Australian addresses write a short unit number.
  const street = !unit
    ? address.street
    : /^[0-9A-Za-z]{1,6}$/.test(unit)
    ? `${unit}/${address.street}`
    : `${unit}, ${address.street}`;
  return `${street}, ${address.suburb} ${address.state} ${address.postCode}`;
}

function describeFrequency(record: BookingRecord): string {
  const percent = record.frequencyDiscountPercent;
  return percent > 0
    ? `${record.frequencyNameAtBooking} (${percent}% off every service after the first)`
    : record.frequencyNameAtBooking;
}

function describeExtra(extra: BookingRecord["extras"][number]): string {
  const lineTotal = fromCents(toCents(extra.priceAtBooking) * extra.quantity);
  return extra.quantity === 1
    ? `${extra.titleAtBooking}: ${formatAud(lineTotal)}`
    : `${extra.titleAtBooking} × ${extra.quantity} at ${formatAud(extra.priceAtBooking)} each: ${
      formatAud(lineTotal)
    }`;
}

const isOneTime = (record: BookingRecord): boolean =>
  record.frequencyCode === DEFAULT_FREQUENCY_CODE;

function totalsRows(record: BookingRecord): Array<[string, string]> {
  return [
    ["Base", formatAud(record.baseAmount)],
    ["Extras", formatAud(record.extrasAmount)],
    ["First service", formatAud(record.firstServiceTotal)],
    [
      "Recurring",
      isOneTime(record)
        ? "Not applicable (one-time service)"
        : `${formatAud(record.recurringTotal)} per service after the first`,
    ],
  ];
}

export const customerName = (who: { firstName: string; lastName: string }): string =>
  `${who.firstName} ${who.lastName}`.trim();

const answerText = (answer: AnswerSnapshot): string =>
  answer.displayValue.trim() === "" ? "(no answer)" : answer.displayValue;

/** The details both the customer and the business see. */
export function recordDetailBlocks(record: BookingRecord, audience: "customer" | "business"): Block[] {
  const isQuote = record.type === "QUOTE";
  const yours = audience === "customer";
  const blocks: Block[] = [
    {
      kind: "heading",
      text: isQuote
        ? (yours ? "Your quote request" : "Quote request")
        : (yours ? "Your booking request" : "Booking request"),
    },
    {
      kind: "rows",
      rows: [
        ["Reference", record.reference],
        [
          isQuote ? "Preferred time" : "When",
          isQuote
            ? formatMelbourneMoment(record.startTime)
            : formatAppointment(record.startTime, record.endTime),
        ],
        ["Service", describeService(record)],
        ["Frequency", describeFrequency(record)],
        ["Name", customerName(record)],
        ["Email", record.email, `mailto:${record.email}`],
        ["Phone", phoneText(record.phone), telHref(record.phone)],
        ["Address", formatAddress(record.address)],
      ],
    },
    { kind: "heading", text: "Extras" },
    record.extras.length > 0
      ? { kind: "list", items: record.extras.map(describeExtra) }
      : { kind: "paragraph", text: "No extras." },
  ];
  if (record.answers.length > 0) {
    blocks.push(
      { kind: "heading", text: yours ? "Your answers" : "Answers" },
      { kind: "rows", rows: record.answers.map((a) => [a.label, answerText(a)]) },
    );
  }
  if (record.notes.trim() !== "") {
    blocks.push({ kind: "heading", text: "Notes" }, { kind: "paragraph", text: record.notes });
  }
  blocks.push(
    { kind: "heading", text: isQuote ? "Estimated price" : "Price" },
    { kind: "rows", rows: totalsRows(record) },
  );
  return blocks;
}

/** A phone number as people write it (0412 345 678), whatever spacing it was kept with. */
const phoneText = (phone: string): string => formatAuPhone(phone.replace(/\D/g, "")) || phone;
const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * How to reach the business, every way a link (tel:, the WhatsApp chat, mailto:), and the
 * business's logo and name at the top of the HTML part (a brand block).
 */
export function contactBlocks(ctx: MessageContext): Block[] {
  const { profile } = ctx;
  const whatsapp = profile.whatsappNumber.replace(/\D/g, "");
  const rows: Array<[string, string, string?]> = [
    ["Phone", phoneText(profile.phone), telHref(profile.phone)],
  ];
  if (whatsapp) rows.push(["WhatsApp", `https://wa.me/${whatsapp}`, `https://wa.me/${whatsapp}`]);
  rows.push(["Email", profile.email, `mailto:${profile.email}`], ["Hours", profile.contactHours]);
  if (ctx.siteUrl) rows.push(["Website", ctx.siteUrl, ctx.siteUrl]);
  return [
    { kind: "brand", name: profile.brandName, ...(ctx.logoUrl ? { logoUrl: ctx.logoUrl } : {}) },
    { kind: "heading", text: "Contact us" },
    { kind: "rows", rows },
  ];
}

export function policyBlocks(ctx: MessageContext): Block[] {
  return ctx.cancellationPolicyHtml.trim() === "" ? [] : [
    { kind: "heading", text: "Cancellation policy" },
    { kind: "trustedHtml", html: ctx.cancellationPolicyHtml },
  ];
}

/** Subjects are one header line: customer text must not break it. */
const oneLine = (text: string): string => text.replace(/[\r\n\t\v\f]+/g, " ").trim();

export function message(
  kind: MessageKind,
  to: string,
  subject: string,
  blocks: Block[],
  relatedId: string,
  attachments?: OutboxMessage["attachments"],
): OutboxMessage {
  const safeSubject = oneLine(subject);
  return {
    kind,
    to,
    subject: safeSubject,
    text: renderText(blocks),
    html: renderHtml(safeSubject, blocks),
    ...(attachments && attachments.length > 0 ? { attachments } : {}),
    relatedId,
  };
}

export const whenForSubject = (record: BookingRecord): string => formatMelbourneDateTime(record.startTime);

// ---------------------------------------------------------------------------------------------
// Calendar invite

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

// ---------------------------------------------------------------------------------------------
// The messages

/** The opening line of every customer e-mail. */
export const greeting = (who: { firstName: string }): Block => ({ kind: "paragraph", text: `Hi ${who.firstName},` });

/** The closing line of every customer e-mail. */
export const signOff = (ctx: MessageContext): Block => ({
  kind: "paragraph",
  text: `Kind regards,\nThe ${ctx.profile.brandName} team`,
});

/** A customer update's subject: what happened, the visit, its reference ('Booking moved — …'). */
export const customerSubject = (headline: string, record: BookingRecord): string =>
  `${headline} — ${record.serviceNameAtBooking}, ${whenForSubject(record)} (${record.reference})`;

export function requireType(record: BookingRecord, type: BookingRecord["type"], fn: string): void {
  if (record.type !== type) {
    throw new RangeError(`${fn} needs a ${type} record, got ${record.type} (${record._id})`);
  }
}

/**
 * The manage-my-booking link of a customer e-mail (issue 15): where the customer sees, moves or
 * cancels the booking. Nothing without a site URL or a token.
 */
export function manageLinkBlocks(record: BookingRecord, ctx: MessageContext, links: CustomerLinks = {}): Block[] {
  const url = links.manageToken ? manageUrl(ctx.siteUrl, links.manageToken) : undefined;
  if (!url) return [];
  return [{
    kind: "link",
    label: record.type === "QUOTE" ? "See your quote request" : "See, move or cancel your booking",
    url,
  }];
}

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

/** To the customer: their booking request was received; a calendar invite is attached. */
export function bookingConfirmationEmail(
  record: BookingRecord,
  ctx: MessageContext,
  links: RecordEmailLinks = {},
): OutboxMessage {
  requireType(record, "BOOKING", "bookingConfirmationEmail");
  const { profile } = ctx;
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
    {
      kind: "paragraph",
      text: `A calendar invite (${CALENDAR_ATTACHMENT_FILENAME}) is attached; ` +
        "it stays tentative until we confirm.",
    },
    ...seriesPlanBlocks(record, links.repeat, links.planned),
    ...manageLinkBlocks(record, ctx, links),
    ...recordDetailBlocks(record, "customer"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-confirmation", record.email, subject, blocks, record._id, [calendarAttachment(record, ctx)]);
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

/** To the business: a commercial-cleaning inquiry from the website. */
export function inquiryNotification(inquiry: Inquiry, ctx: MessageContext): OutboxMessage {
  const typeLabel = INQUIRY_TYPE_LABELS[inquiry.inquiryType] ?? inquiry.inquiryType;
  const subject = `New commercial inquiry — ${typeLabel}, ${
    customerName(inquiry)
  } (${inquiry.suburb})`;
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: `${customerName(inquiry)} sent a commercial cleaning inquiry on the website. ` +
        "We promise a reply the same business day.",
    },
    {
      kind: "rows",
      rows: [
        ["Reference", inquiry._id],
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

/** Everything a new booking or quote sends: the customer's confirmation, then the business's. */
export function emailsForRecord(record: BookingRecord, ctx: MessageContext, links: RecordEmailLinks = {}): OutboxMessage[] {
  const confirmation = record.type === "BOOKING"
    ? bookingConfirmationEmail(record, ctx, links)
    : quoteConfirmationEmail(record, ctx, links);
  return [confirmation, businessBookingNotification(record, ctx)];
}

/** To the inquirer: their commercial inquiry was received, what they asked, and what happens next. */
export function inquiryAcknowledgementEmail(inquiry: Inquiry, ctx: MessageContext): OutboxMessage {
  const { profile } = ctx;
  const typeLabel = INQUIRY_TYPE_LABELS[inquiry.inquiryType] ?? inquiry.inquiryType;
  const subject = `Commercial cleaning inquiry received — ${typeLabel}, ${inquiry.suburb}`;
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
        ["Reference", inquiry._id],
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
