/**
 * The customer's e-mails of a series of regular cleans (issue 17), one for each change staff make:
 * one visit skipped or moved (with that visit's calendar update and a manage-my-booking link), and
 * the series changed, paused, resumed or ended (one e-mail however many visits it touches, with one
 * calendar update removing every cancelled visit). Generated visits send nothing of their own: the
 * reminder goes before each, as before any booking, and carries that visit's .ics (its own UID), so
 * a visit planned after the first confirmation (whose .ics held every visit planned then, issue 34
 * item 7) reaches the customer's calendar without an e-mail per visit.
 */
import type { CustomerLinks } from "../booking/ports.ts";
import type { BookingRecord } from "../booking/types.ts";
import { formatAud } from "../shared/money.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatYmdLong, parseYmd, weekdayOfYmd } from "../shared/melbourne-time.ts";
import type { Series } from "../series/types.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, customerSubject, describeService, greeting, manageLinkBlocks, message, type MessageContext, requireType, signOff } from "./email-parts.ts";
import { CALENDAR_ATTACHMENT_FILENAME, calendarAttachment, SERIES_CALENDAR_FILENAME, visitsCalendarAttachment } from "./calendar-invite.ts";
import { formatAddress } from "../shared/contact.ts";
import { formatAppointment, formatMelbourneMoment } from "../shared/melbourne-time.ts";

export type SeriesMessageKind =
  | "series-visit-skipped"
  | "series-visit-moved"
  | "series-changed"
  | "series-paused"
  | "series-resumed"
  | "series-ended";

/** What the series e-mails say about a series: its terms, its frequency and the customer. */
export type SeriesFacts = Pick<Series, "_id" | "frequencyName" | "unit" | "every" | "anchorDate" | "startMinutes" | "durationMinutes" | "template">;

/** message() with the series' own kinds (MessageKind in messages.ts lists the booking e-mails'). */
function seriesMessage(
  kind: SeriesMessageKind,
  to: string,
  subject: string,
  blocks: Block[],
  relatedId: string,
  attachments?: OutboxMessage["attachments"],
): OutboxMessage {
  return { ...message("booking-updated", to, subject, blocks, relatedId, attachments), kind };
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** e.g. '9:00 am'. */
export function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${suffix}`;
};

/** e.g. 'every week on Tuesday at 9:00 am', 'every 2 months on the 31st (or the month's last day) at 9:00 am'. */
export function describeRepeat(series: Pick<SeriesFacts, "unit" | "every" | "anchorDate" | "startMinutes">): string {
  const at = `at ${clockText(series.startMinutes)}`;
  if (series.unit === "WEEK") {
    const every = series.every === 1 ? "every week" : `every ${series.every} weeks`;
    return `${every} on ${WEEKDAYS[weekdayOfYmd(series.anchorDate)]} ${at}`;
  }
  const day = parseYmd(series.anchorDate)?.day ?? 1;
  const every = series.every === 1 ? "every month" : `every ${series.every} months`;
  return `${every} on the ${ordinal(day)}${day > 28 ? " (or the month's last day)" : ""} ${at}`;
}

/** The service as the visits carry it: describeService reads only the name and size, which the template has. */
const serviceOf = (series: SeriesFacts): string => describeService(series.template as unknown as BookingRecord);

/** The series in a few rows: what, how often, where, and what each visit costs. */
function termsBlocks(series: SeriesFacts, heading: string): Block[] {
  return [
    { kind: "heading", text: heading },
    {
      kind: "rows",
      rows: [
        ["Service", serviceOf(series)],
        ["How often", `${series.frequencyName}: ${describeRepeat(series)} (Melbourne time)`],
        ["Address", formatAddress(series.template.address)],
        ["Price per visit", `${formatAud(series.template.firstServiceTotal)} (payable once each clean is done)`],
      ],
    },
  ];
}

const visitList = (visits: { reference?: string; startTime: Date }[]): Block => ({
  kind: "list",
  items: visits.map((visit) => `${formatMelbourneMoment(visit.startTime)}${visit.reference ? ` (${visit.reference})` : ""}`),
});

/**
 * One .ics removing every visit in `visits` from the customer's calendar (METHOD:CANCEL, each
 * visit's own UID at its new SEQUENCE); calendars ignore the visits they never had.
 */
export function cancelledVisitsCalendar(visits: BookingRecord[], ctx: MessageContext): NonNullable<OutboxMessage["attachments"]>[number] | null {
  return visitsCalendarAttachment(visits, ctx, "CANCEL");
}

const seriesSubject = (headline: string, series: SeriesFacts): string =>
  `${headline} — ${series.template.serviceNameAtBooking}, ${series.frequencyName.toLowerCase()}`;

const callUs = (ctx: MessageContext): Block => ({
  kind: "paragraph",
  text: `Questions, or would you like something different? Call us on ${ctx.profile.phone} or e-mail ${ctx.profile.email} (${ctx.profile.contactHours}).`,
});

const cancelledBlocks = (cancelled: BookingRecord[], heading: string): Block[] =>
  cancelled.length === 0 ? [] : [
    { kind: "heading", text: heading },
    visitList(cancelled),
    {
      kind: "paragraph",
      text: `The calendar update attached (${SERIES_CALENDAR_FILENAME}) removes ${cancelled.length === 1 ? "it" : "them"} from your calendar ` +
        `if ${cancelled.length === 1 ? "it is" : "they are"} there.`,
    },
  ];

const attachments = (cancelled: BookingRecord[], ctx: MessageContext) => {
  const calendar = cancelledVisitsCalendar(cancelled, ctx);
  return calendar ? [calendar] : undefined;
};

/** To the customer: one visit of their regular clean is skipped; the .ics removes it. */
export function seriesVisitSkippedEmail(visit: BookingRecord, series: SeriesFacts, ctx: MessageContext, links: CustomerLinks = {}): OutboxMessage {
  requireType(visit, "BOOKING", "seriesVisitSkippedEmail");
  const reason = visit.cancelReason.trim();
  const blocks: Block[] = [
    greeting(visit),
    {
      kind: "paragraph",
      text: `We've skipped one visit of your regular clean with ${ctx.profile.brandName}: ${describeService(visit)} on ` +
        `${formatMelbourneMoment(visit.startTime)}. Your other visits stay as they are.`,
    },
    ...(reason !== "" ? [{ kind: "rows", rows: [["Reason", reason]] } satisfies Block] : []),
    { kind: "paragraph", text: `The calendar update attached (${CALENDAR_ATTACHMENT_FILENAME}) removes this visit from your calendar.` },
    ...manageLinkBlocks(visit, ctx, links).map((block) => ({ ...block, label: "See this visit" })),
    ...termsBlocks(series, "Your regular clean"),
    callUs(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return seriesMessage("series-visit-skipped", visit.email, customerSubject("Visit skipped", visit), blocks, visit._id, [
    calendarAttachment(visit, ctx, "CANCEL"),
  ]);
}

/** To the customer: one visit moved to a new time; the .ics updates it (same UID, new SEQUENCE). */
export function seriesVisitMovedEmail(
  before: BookingRecord,
  after: BookingRecord,
  series: SeriesFacts,
  ctx: MessageContext,
  links: CustomerLinks = {},
): OutboxMessage {
  requireType(after, "BOOKING", "seriesVisitMovedEmail");
  const blocks: Block[] = [
    greeting(after),
    {
      kind: "paragraph",
      text: `We've moved one visit of your regular clean with ${ctx.profile.brandName}. Your other visits stay as they are.`,
    },
    {
      kind: "rows",
      rows: [
        ["Was", formatAppointment(before.startTime, before.endTime)],
        ["Now", formatAppointment(after.startTime, after.endTime)],
        ["Reference", after.reference],
      ],
    },
    ...(after.status === "PENDING" ? [{ kind: "paragraph", text: "We'll confirm this visit with you before the day." } satisfies Block] : []),
    { kind: "paragraph", text: `The calendar invite attached (${CALENDAR_ATTACHMENT_FILENAME}) moves the visit in your calendar, or adds it.` },
    ...manageLinkBlocks(after, ctx, links).map((block) => ({ ...block, label: "See this visit" })),
    ...termsBlocks(series, "Your regular clean"),
    callUs(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return seriesMessage("series-visit-moved", after.email, customerSubject("Visit moved", after), blocks, after._id, [
    calendarAttachment(after, ctx, "PUBLISH"),
  ]);
}

/**
 * To the customer: their regular clean changes from a date (time, frequency, size or add-ons); the
 * visits planned under the old terms from then are replaced, and the next ones are listed.
 */
export function seriesChangedEmail(
  series: SeriesFacts,
  change: { fromDate: string; replaced: BookingRecord[]; nextStarts: Date[] },
  ctx: MessageContext,
): OutboxMessage {
  const { template } = series;
  const blocks: Block[] = [
    greeting(template),
    {
      kind: "paragraph",
      text: `We've updated your regular clean with ${ctx.profile.brandName}. From ${formatYmdLong(change.fromDate)} it is ` +
        `${describeRepeat(series)} (Melbourne time).`,
    },
    ...termsBlocks(series, "Your regular clean from then"),
    ...(change.nextStarts.length > 0 ? [{ kind: "heading", text: "Your next visits" } satisfies Block, visitList(change.nextStarts.map((startTime) => ({ startTime })))] : []),
    { kind: "paragraph", text: "We'll be in touch to confirm each visit, and we'll send a reminder before each one." },
    ...cancelledBlocks(change.replaced, "Visits replaced by this change"),
    callUs(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return seriesMessage("series-changed", template.email, seriesSubject("Regular clean updated", series), blocks, series._id, attachments(change.replaced, ctx));
}

/** To the customer: their regular clean is paused from a date; the visits from then are cancelled. */
export function seriesPausedEmail(
  series: SeriesFacts,
  pause: { fromDate: string; cancelled: BookingRecord[] },
  ctx: MessageContext,
): OutboxMessage {
  const { template } = series;
  const blocks: Block[] = [
    greeting(template),
    {
      kind: "paragraph",
      text: `We've paused your regular clean with ${ctx.profile.brandName} from ${formatYmdLong(pause.fromDate)}. ` +
        "No visits are planned until it resumes; we'll let you know when it does.",
    },
    ...cancelledBlocks(pause.cancelled, "Visits cancelled while paused"),
    ...termsBlocks(series, "Your regular clean"),
    callUs(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return seriesMessage("series-paused", template.email, seriesSubject("Regular clean paused", series), blocks, series._id, attachments(pause.cancelled, ctx));
}

/** To the customer: their regular clean resumes from a date, with the next planned visits. */
export function seriesResumedEmail(series: SeriesFacts, resume: { fromDate: string; nextStarts: Date[] }, ctx: MessageContext): OutboxMessage {
  const { template } = series;
  const blocks: Block[] = [
    greeting(template),
    {
      kind: "paragraph",
      text: `Your regular clean with ${ctx.profile.brandName} resumes from ${formatYmdLong(resume.fromDate)}: ${describeRepeat(series)} (Melbourne time).`,
    },
    ...(resume.nextStarts.length > 0 ? [{ kind: "heading", text: "Your next visits" } satisfies Block, visitList(resume.nextStarts.map((startTime) => ({ startTime })))] : []),
    { kind: "paragraph", text: "We'll be in touch to confirm each visit, and we'll send a reminder before each one." },
    ...termsBlocks(series, "Your regular clean"),
    callUs(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return seriesMessage("series-resumed", template.email, seriesSubject("Regular clean resumed", series), blocks, series._id);
}

/** To the customer, once: their regular clean ends from a date; every visit from then is cancelled. */
export function seriesEndedEmail(
  series: SeriesFacts,
  end: { fromDate: string; reason: string; cancelled: BookingRecord[] },
  ctx: MessageContext,
): OutboxMessage {
  const { template } = series;
  const reason = end.reason.trim();
  const blocks: Block[] = [
    greeting(template),
    {
      kind: "paragraph",
      text: `Your regular clean with ${ctx.profile.brandName} (${serviceOf(series)}, ${describeRepeat(series)}) ends from ` +
        `${formatYmdLong(end.fromDate)}. Thank you for having us.`,
    },
    ...(reason !== "" ? [{ kind: "rows", rows: [["Reason", reason]] } satisfies Block] : []),
    ...cancelledBlocks(end.cancelled, "Visits cancelled"),
    {
      kind: "paragraph",
      text: `If this isn't what you expected, or you'd like to book again, give us a call on ${ctx.profile.phone} or e-mail ${ctx.profile.email} (${ctx.profile.contactHours}).`,
    },
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return seriesMessage("series-ended", template.email, seriesSubject("Regular clean ended", series), blocks, series._id, attachments(end.cancelled, ctx));
}
