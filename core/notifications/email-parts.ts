/**
 * What every e-mail is built from, composed as values (no I/O): the context the e-mails are written
 * with (the business, its policy, the site), the kinds of message, `message()` itself, the record's
 * details and totals, the contact and policy blocks, and the opening, closing, subject and
 * manage-my-booking link of a customer e-mail.
 */
import type { AnswerSnapshot, BookingRecord } from "../booking/types.ts";
import type { CustomerLinks } from "../booking/ports.ts";
import { manageUrl } from "../booking/manage/token.ts";
import { formatAuPhone } from "../shared/phone.ts";
import type { BusinessProfile, SchedulingSettings } from "../settings/types.ts";
import { openingHoursLine } from "../settings/opening-hours.ts";
import { DEFAULT_FREQUENCY_CODE } from "../catalog/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAud, fromCents, toCents } from "../shared/money.ts";
import { formatAppointment, formatMelbourneDateTime, formatMelbourneMoment } from "../shared/melbourne-time.ts";
import { customerName, formatAddress } from "../shared/contact.ts";
import { type Block, renderHtml, renderText } from "./email-layout.ts";

export interface MessageContext {
  profile: BusinessProfile;
  /** Sanitised on save, so it goes into the HTML part as it is. */
  cancellationPolicyHtml: string;
  /** The public site's origin, e.g. https://yarrashine.com.au (links are left out without it). */
  siteUrl?: string;
  /** The logo at the top of the customer's e-mails: a PNG the server hosts (EMAIL_LOGO_URL). */
  logoUrl?: string;
}

/**
 * The profile the e-mails speak with: its hours line says the days and hours the scheduling
 * settings open (issue 34), not the site's fixed contact text, so a closed Sunday is never promised.
 */
export function profileForEmails(
  profile: BusinessProfile,
  scheduling: Pick<SchedulingSettings, "closedWeekdays" | "firstSlotHour" | "dayEndHour">,
): BusinessProfile {
  return { ...profile, contactHours: openingHoursLine(scheduling) };
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
  | "closed-day-jobs"
  // Issue 30: the office's priced quote to the customer; the customer's answer to the office.
  | "quote-priced"
  | "quote-accepted-notification"
  | "quote-declined-notification"
  // Issue 30: the invoice PDF, e-mailed when the job is marked DONE (when the business asks for it).
  | "invoice"
  // Issue 31: the customer told their cleaner is on the way; the office told of a cleaner's note on a job.
  | "cleaner-on-the-way"
  | "cleaner-job-note"
  // Issue 31: a cleaner given a login with an invite, and the one-time link to set its password.
  | "cleaner-invite"
  // Issue 32: the customer asked to rate the finished job; the office told at once of a rating of 3 or less.
  | "feedback-request"
  | "feedback-low-rating-notification"
  // Issue 31: a cleaner told of a job put on, changed or taken off (each with its .ics), and of tomorrow's run sheet.
  | "cleaner-job-assigned"
  | "cleaner-job-updated"
  | "cleaner-job-cancelled"
  | "cleaner-run-sheet";

// ---------------------------------------------------------------------------------------------
// Formatting of a record's parts

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
export const phoneText = (phone: string): string => formatAuPhone(phone.replace(/\D/g, "")) || phone;
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

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
// The opening, closing, subject and link of a customer e-mail

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
