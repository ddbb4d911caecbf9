/**
 * The office's e-mail when closing a day found jobs on it (issue 28): which jobs lost their place
 * and now wait under Needs attention for a new time or a cancellation. Written in the closing's own
 * transaction. The customers are not e-mailed here: the office moves each job or cancels it, and
 * those actions tell the customer.
 */
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatYmdLong } from "../shared/melbourne-time.ts";
import type { Block } from "./email-layout.ts";
import { message, type MessageContext } from "./email-parts.ts";
import { formatAppointment } from "../shared/melbourne-time.ts";

/** A job set aside by a closing, as the office reads it. */
export interface SetAsideJobLine {
  _id: string;
  reference: string;
  customerName: string;
  startTime: Date;
  endTime: Date;
}

/** One closed date and the jobs it set aside (in start order). */
export interface ClosedDayJobs {
  date: string;
  label: string;
  jobs: readonly SetAsideJobLine[];
}

const jobsText = (n: number) => `${n} ${n === 1 ? "job" : "jobs"}`;

const dayText = (day: ClosedDayJobs) => `${formatYmdLong(day.date)}${day.label ? ` (${day.label})` : ""}`;

/**
 * To the office: the days just closed that had jobs on them, each job with its reference, customer
 * and time. Null when no day had any (nothing to tell).
 */
export function closedDayJobsNotification(days: readonly ClosedDayJobs[], ctx: MessageContext): OutboxMessage | null {
  const withJobs = days.filter((day) => day.jobs.length > 0);
  if (withJobs.length === 0) return null;
  const total = withJobs.reduce((sum, day) => sum + day.jobs.length, 0);
  const subject = withJobs.length === 1
    ? `Closed ${formatYmdLong(withJobs[0].date)}: ${jobsText(total)} need a new time`
    : `Closed ${withJobs.length} days: ${jobsText(total)} need a new time`;
  const blocks: Block[] = [{
    kind: "paragraph",
    text: `${total === 1 ? "This job was" : "These jobs were"} booked on a day that is now closed. ` +
      `${total === 1 ? "It no longer holds" : "They no longer hold"} a place and ${total === 1 ? "is" : "are"} listed under ` +
      "Needs attention: move each to a new time, or cancel it and tell the customer.",
  }];
  for (const day of withJobs) {
    blocks.push(
      { kind: "heading", text: dayText(day) },
      {
        kind: "list",
        items: day.jobs.map((job) => `${job.reference}: ${job.customerName}, ${formatAppointment(job.startTime, job.endTime)}`),
      },
    );
  }
  if (ctx.siteUrl) {
    const admin = `${ctx.siteUrl.replace(/\/+$/, "")}/admin/bookings?status=NEEDS_ATTENTION`;
    blocks.push({ kind: "link", label: "Open Needs attention in the admin area", url: admin });
  }
  return message("closed-day-jobs", ctx.profile.notificationEmail, subject, blocks, withJobs[0].jobs[0]._id);
}
