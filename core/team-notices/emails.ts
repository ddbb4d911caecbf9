/**
 * Issue 31: the e-mails a cleaner gets about their jobs. Each job put on, changed or taken off
 * carries an .ics (METHOD REQUEST or CANCEL, UID job-<bookingId>-<cleanerId>@<host>, the notice's
 * SEQUENCE, the business as ORGANIZER and the cleaner as ATTENDEE), so the job sits in their
 * calendar and moves or goes with it; the evening run sheet lists tomorrow's jobs in order. What a
 * cleaner is told of a job: its time, address, service and size, reference and the customer's
 * first name. Never a price, a payment, or anything of another customer.
 */
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAppointment, formatMelbourneTime, MELBOURNE_TZ, melbourneYmd } from "../shared/melbourne-time.ts";
import type { Block } from "../notifications/email-layout.ts";
import { formatCalendar } from "../notifications/icalendar.ts";
import { greeting, message, type MessageContext, phoneText } from "../notifications/email-parts.ts";
import type { CleanerNotice, NoticeDecision } from "./reconcile.ts";
import type { RunSheet } from "./run-sheet.ts";

/** The .ics a cleaner's job e-mail carries. */
export const JOB_CALENDAR_FILENAME = "job.ics";

/** The job an e-mail is about, as the cleaner may know it. */
export interface NoticeJob {
  bookingId: string;
  reference: string;
  /** The service with its size: "Hourly Cleaning, 3 hours" (serviceWithSize). */
  service: string;
  customerFirstName: string;
  suburb: string;
  /** The booking was cancelled (not merely this cleaner taken off it). */
  jobCancelled: boolean;
}

export interface NoticeCleaner {
  _id: string;
  name: string;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "Hourly Cleaning, 3 hours", "Regular Cleaning, 2 bedrooms", or the service's name alone. */
export function serviceWithSize(job: { serviceName: string; pricingModel: string; hours: number | null; bedrooms: number | null }): string {
  if (job.pricingModel === "HOURLY" && job.hours !== null) return `${job.serviceName}, ${plural(job.hours, "hour", "hours")}`;
  if (job.pricingModel === "BEDROOMS" && job.bedrooms !== null) return `${job.serviceName}, ${plural(job.bedrooms, "bedroom", "bedrooms")}`;
  return job.serviceName;
}

const emailDomain = (email: string): string => email.split("@")[1] || "localhost";

/** One UID per job and cleaner for the job's whole life, so each later .ics replaces that one event. */
export const cleanerJobUid = (bookingId: string, cleanerId: string, ctx: MessageContext): string =>
  `job-${bookingId}-${cleanerId}@${emailDomain(ctx.profile.email)}`;

const dayFormat = new Intl.DateTimeFormat("en-AU", { timeZone: MELBOURNE_TZ, weekday: "short", day: "numeric", month: "short" });

/** e.g. 'Tue 3 Dec' (a subject line has no room for the year). */
export function shortDay(instant: Date): string {
  const parts: Record<string, string> = {};
  for (const part of dayFormat.formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** e.g. 'Tue 3 Dec, 9:00 am – 12:00 pm'; an end on another day names it. */
export function shortJobTime(start: Date, end: Date): string {
  const endText = melbourneYmd(start) === melbourneYmd(end) ? formatMelbourneTime(end) : `${shortDay(end)}, ${formatMelbourneTime(end)}`;
  return `${shortDay(start)}, ${formatMelbourneTime(start)} – ${endText}`;
}

const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] || name;

const myJobsLink = (ctx: MessageContext): Block[] =>
  ctx.siteUrl ? [{ kind: "link", label: "See all your jobs", url: `${ctx.siteUrl.replace(/\/+$/, "")}/admin/my-jobs` }] : [];

const officeBlocks = (ctx: MessageContext): Block[] => [
  { kind: "paragraph", text: `Questions, or can't make it? Call the office on ${phoneText(ctx.profile.phone)}.` },
  { kind: "paragraph", text: `Thanks,\nThe ${ctx.profile.brandName} office` },
];

/** The subject's headline and the opening line of each kind of job e-mail. */
function wording(change: NoticeDecision["change"], jobCancelled: boolean): { headline: string; opening: string } {
  if (change === "assigned") return { headline: "New job", opening: "You're on a new job. The invite attached puts it in your calendar." };
  if (change === "updated") {
    return { headline: "Job changed", opening: "One of your jobs has changed. The invite attached updates it in your calendar." };
  }
  const gone = "so you don't need to go. The invite attached takes it out of your calendar.";
  return jobCancelled
    ? { headline: "Job cancelled", opening: `This job has been cancelled, ${gone}` }
    : { headline: "Taken off a job", opening: `You're no longer on this job, ${gone}` };
}

/** The job's event: what the cleaner's calendar shows, at the notice's time, address and SEQUENCE. */
function jobCalendar(decision: NoticeDecision, cleaner: NoticeCleaner, job: NoticeJob, ctx: MessageContext): string {
  const { next } = decision;
  const cancel = decision.method === "CANCEL";
  return formatCalendar({
    method: decision.method,
    productId: `-//${ctx.profile.brandName}//Team jobs//EN`,
    uid: cleanerJobUid(next.bookingId, next.cleanerId, ctx),
    sequence: next.sequence,
    start: next.startTime,
    end: next.endTime,
    // DTSTAMP from the notice, not a clock: the message is a pure function of its inputs.
    stamp: next.notifiedAt,
    created: next.notifiedAt,
    title: `${job.service} — ${job.customerFirstName} (${job.suburb})`,
    description: [
      cancel ? `Cancelled: you're no longer on job ${job.reference}.` : `Job ${job.reference}: ${job.service} for ${job.customerFirstName}.`,
      `Questions: call the office on ${phoneText(ctx.profile.phone)}.`,
    ].join("\n"),
    location: next.address,
    organizer: { name: ctx.profile.brandName, email: ctx.profile.email },
    attendees: [{ name: cleaner.name, email: decision.to }],
    status: cancel ? "CANCELLED" : "CONFIRMED",
    busyStatus: cancel ? "FREE" : "BUSY",
  });
}

/** The job's details; for a change, the time or address it had beside the new one. */
function jobRows(notice: CleanerNotice, job: NoticeJob, previous: CleanerNotice | null): Array<[string, string]> {
  const moved = previous !== null &&
    (previous.startTime.getTime() !== notice.startTime.getTime() || previous.endTime.getTime() !== notice.endTime.getTime());
  const relocated = previous !== null && previous.address !== notice.address;
  return [
    ["When", formatAppointment(notice.startTime, notice.endTime)],
    ...(moved ? [["Was", formatAppointment(previous.startTime, previous.endTime)] as [string, string]] : []),
    ["Where", notice.address],
    ...(relocated ? [["Was at", previous.address] as [string, string]] : []),
    ["Service", job.service],
    ["Customer", job.customerFirstName],
    ["Reference", job.reference],
  ];
}

/**
 * The e-mail of one decision: "cleaner-job-assigned", "cleaner-job-updated" or
 * "cleaner-job-cancelled", subject e.g. "New job: Tue 3 Dec, 9:00 am – 12:00 pm, Richmond".
 */
export function cleanerNoticeEmail(decision: NoticeDecision, cleaner: NoticeCleaner, job: NoticeJob, ctx: MessageContext): OutboxMessage {
  const { next, change } = decision;
  const { headline, opening } = wording(change, job.jobCancelled);
  const subject = `${headline}: ${shortJobTime(next.startTime, next.endTime)}, ${job.suburb}`;
  const blocks: Block[] = [
    { kind: "brand", name: ctx.profile.brandName, ...(ctx.logoUrl ? { logoUrl: ctx.logoUrl } : {}) },
    greeting({ firstName: firstNameOf(cleaner.name) }),
    { kind: "paragraph", text: opening },
    { kind: "rows", rows: jobRows(next, job, change === "updated" ? decision.previous : null) },
    ...myJobsLink(ctx),
    ...officeBlocks(ctx),
  ];
  const kind = change === "assigned" ? "cleaner-job-assigned" : change === "updated" ? "cleaner-job-updated" : "cleaner-job-cancelled";
  return message(kind, decision.to, subject, blocks, next.bookingId, [{
    filename: JOB_CALENDAR_FILENAME,
    contentType: `text/calendar; charset=utf-8; method=${decision.method}`,
    content: jobCalendar(decision, cleaner, job, ctx),
  }]);
}

/** Tomorrow's jobs in order, one e-mail ("cleaner-run-sheet"): time, address, first name, service. */
export function cleanerRunSheetEmail(sheet: RunSheet, cleaner: NoticeCleaner, ctx: MessageContext): OutboxMessage {
  const first = sheet.jobs[0];
  const count = plural(sheet.jobs.length, "job", "jobs");
  const blocks: Block[] = [
    { kind: "brand", name: ctx.profile.brandName, ...(ctx.logoUrl ? { logoUrl: ctx.logoUrl } : {}) },
    greeting({ firstName: firstNameOf(cleaner.name) }),
    { kind: "paragraph", text: `Here's your run sheet for tomorrow, ${shortDay(first.startTime)}: ${count}, in order.` },
    ...sheet.jobs.flatMap((job, i): Block[] => [
      { kind: "heading", text: `${i + 1}. ${formatMelbourneTime(job.startTime)} – ${formatMelbourneTime(job.endTime)}` },
      {
        kind: "rows",
        rows: [["Where", job.address], ["Customer", job.customerFirstName], ["Service", job.service], ["Reference", job.reference]],
      },
    ]),
    ...myJobsLink(ctx),
    ...officeBlocks(ctx),
  ];
  return message("cleaner-run-sheet", sheet.to, `Your jobs tomorrow: ${shortDay(first.startTime)} (${count})`, blocks, sheet.cleanerId);
}
