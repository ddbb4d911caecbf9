/**
 * Issue 31: what each cleaner is told of their jobs, decided by comparing who is on which upcoming
 * job now (the assignments) with what each cleaner was last told (the notices, one per job and
 * cleaner: the time and address their calendar holds, and the SEQUENCE of that .ics). The job that
 * sends the e-mails (adapters/jobs/cleaner-notices.ts) reads both, asks reconcileNotices, and
 * writes each decision's `next` notice with its e-mail in one transaction.
 *
 * - Put on a job (no notice, or one whose job was taken away before): REQUEST, "assigned". The
 *   first notice of a job and cleaner carries SEQUENCE 0; one after a CANCEL the next number, so
 *   the calendar takes the event back.
 * - The time or the address changed since the last notice: REQUEST, "updated", SEQUENCE + 1.
 * - Taken off the job, or the job no longer holds a place (cancelled, needs attention): CANCEL,
 *   same UID, SEQUENCE + 1.
 * Never a first notice of a job that has started (the first run after this was deployed sees
 * every assignment as new: cleaners get the future ones, not the ones they are at already), and
 * no CANCEL of a job whose told end has passed (it is over in their calendar). A cleaner without
 * an e-mail address is told nothing, and nothing is recorded for them, so they are told once the
 * office adds one. A job is first announced when it comes within NOTICE_HORIZON_DAYS: a new weekly
 * series (planned weeks ahead) or the first run after deploy sends a fortnight's jobs, not months';
 * the later visits are told as each comes within reach.
 */

/** How far ahead a cleaner is first told of a job. */
export const NOTICE_HORIZON_DAYS = 14;

/** A cleaner on a job that holds a place, as it stands now. */
export interface JobAssignment {
  bookingId: string;
  cleanerId: string;
  startTime: Date;
  endTime: Date;
  /** The job's address on one line (formatAddress): a change of it is news to the cleaner. */
  address: string;
}

/** What a cleaner was last told of a job: a row of cleaner_notices. */
export interface CleanerNotice {
  bookingId: string;
  cleanerId: string;
  startTime: Date;
  endTime: Date;
  address: string;
  /** The SEQUENCE of the last .ics sent for this job and cleaner. */
  sequence: number;
  /** Set when the last message was a CANCEL: the event is gone from their calendar. */
  cancelledAt: Date | null;
  notifiedAt: Date;
}

export type NoticeChange = "assigned" | "updated" | "cancelled";

/** One message to send, and the notice as it stands once it is sent. */
export interface NoticeDecision {
  change: NoticeChange;
  method: "REQUEST" | "CANCEL";
  /** The cleaner's e-mail address. */
  to: string;
  /** What the cleaner held before; null when they were never told of this job. */
  previous: CleanerNotice | null;
  /** The notice after this message; its sequence is the .ics's SEQUENCE. */
  next: CleanerNotice;
}

export interface NoticeInput {
  /** Cleaners on place-holding jobs that end after now (and any whose notice is still upcoming). */
  assignments: readonly JobAssignment[];
  /** The notices of those jobs and cleaners, and every notice not cancelled whose told end is after now. */
  notices: readonly CleanerNotice[];
  /** Each cleaner's e-mail address by id; missing or '' when the office has none. */
  emails: ReadonlyMap<string, string>;
  now: Date;
}

/** One key per job and cleaner: the .ics UID's parts. */
export const noticeKey = (n: { bookingId: string; cleanerId: string }): string => `${n.bookingId}|${n.cleanerId}`;

/** Whether the cleaner's calendar already shows the job as it is: same start, end and address. */
export const noticeMatches = (notice: CleanerNotice, assignment: JobAssignment): boolean =>
  notice.cancelledAt === null &&
  notice.startTime.getTime() === assignment.startTime.getTime() &&
  notice.endTime.getTime() === assignment.endTime.getTime() &&
  notice.address === assignment.address;

const toldOf = (assignment: JobAssignment, sequence: number, now: Date): CleanerNotice => ({
  bookingId: assignment.bookingId,
  cleanerId: assignment.cleanerId,
  startTime: assignment.startTime,
  endTime: assignment.endTime,
  address: assignment.address,
  sequence,
  cancelledAt: null,
  notifiedAt: now,
});

/** The messages that bring every cleaner's calendar in line with their jobs, by cleaner then start. */
export function reconcileNotices(input: NoticeInput): NoticeDecision[] {
  const { now } = input;
  const notices = new Map(input.notices.map((n) => [noticeKey(n), n]));
  const assigned = new Set<string>();
  const decisions: NoticeDecision[] = [];
  const emailOf = (cleanerId: string) => input.emails.get(cleanerId)?.trim() ?? "";

  for (const assignment of input.assignments) {
    const key = noticeKey(assignment);
    assigned.add(key);
    const to = emailOf(assignment.cleanerId);
    if (to === "") continue;
    const notice = notices.get(key) ?? null;
    if (notice && noticeMatches(notice, assignment)) continue;
    if (notice && notice.cancelledAt === null) {
      decisions.push({ change: "updated", method: "REQUEST", to, previous: notice, next: toldOf(assignment, notice.sequence + 1, now) });
    } else if (assignment.startTime.getTime() > now.getTime() && assignment.startTime.getTime() <= now.getTime() + NOTICE_HORIZON_DAYS * 86_400_000) {
      // After a CANCEL the calendar takes the event back only at a higher SEQUENCE.
      const sequence = notice ? notice.sequence + 1 : 0;
      decisions.push({ change: "assigned", method: "REQUEST", to, previous: notice, next: toldOf(assignment, sequence, now) });
    }
  }

  for (const [key, notice] of notices) {
    if (assigned.has(key) || notice.cancelledAt !== null || notice.endTime.getTime() <= now.getTime()) continue;
    const to = emailOf(notice.cleanerId);
    if (to === "") continue;
    decisions.push({
      change: "cancelled",
      method: "CANCEL",
      to,
      previous: notice,
      next: { ...notice, sequence: notice.sequence + 1, cancelledAt: now, notifiedAt: now },
    });
  }

  return decisions.sort((a, b) =>
    compareText(a.next.cleanerId, b.next.cleanerId) ||
    a.next.startTime.getTime() - b.next.startTime.getTime() ||
    compareText(a.next.bookingId, b.next.bookingId)
  );
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The notices once the decisions' messages are sent: each decision's `next` in place of what was held. */
export function applyNoticeDecisions(notices: readonly CleanerNotice[], decisions: readonly NoticeDecision[]): CleanerNotice[] {
  const byKey = new Map(notices.map((n) => [noticeKey(n), n]));
  for (const decision of decisions) byKey.set(noticeKey(decision.next), decision.next);
  return [...byKey.values()];
}
