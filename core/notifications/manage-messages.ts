/**
 * The e-mails of a change the customer made on their manage-my-booking page (issue 15): to the
 * customer, the booking as it now is with its calendar update (same UID, the new SEQUENCE) and a
 * fresh link; to the office, what changed. Written in the change's own transaction. A visit of a
 * regular clean (issue 17) may be skipped, or the regular clean cancelled from it on: one e-mail
 * to each side either way, however many visits the end cancelled.
 */
import type { CustomerLinks } from "../booking/ports.ts";
import type { BookingRecord } from "../booking/types.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, customerSubject, manageLinkBlocks, message, type MessageContext, policyBlocks, recordDetailBlocks, whenForSubject, greeting, signOff } from "./email-parts.ts";
import { calendarAttachment, CALENDAR_ATTACHMENT_FILENAME, visitsCalendarAttachment } from "./calendar-invite.ts";
import { customerName } from "../shared/contact.ts";
import { formatAppointment, formatMelbourneMoment } from "../shared/melbourne-time.ts";

/**
 * What the customer did: cancel (the record keeps their reason), move from `before` to the
 * record's new time, skip this visit of their regular clean (`nextVisit`: the next one that holds
 * a place), or cancel the regular clean from this visit on (`cancelled`: every visit it
 * cancelled, this one included, by start; `reason`: theirs, '' when none given).
 */
export type CustomerChange =
  | { kind: "cancelled" }
  | { kind: "rescheduled"; before: { startTime: Date; endTime: Date } }
  | { kind: "skipped"; frequencyName: string; nextVisit: Date | null }
  | { kind: "series-cancelled"; frequencyName: string; cancelled: readonly BookingRecord[]; reason: string };


/** To the customer: the booking they cancelled is cancelled; the .ics removes it from their calendar. */
export function customerCancelledEmail(record: BookingRecord, ctx: MessageContext, links: CustomerLinks): OutboxMessage {
  const subject = `Booking cancelled — ${record.serviceNameAtBooking}, ${whenForSubject(record)} (${record.reference})`;
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `As you asked on our website, your booking ${record.reference} for ${
        formatAppointment(record.startTime, record.endTime)
      } is cancelled. You cancelled before the free-change cut-off, so no cancellation fee applies.`,
    },
    ...(record.cancelReason ? [{ kind: "rows", rows: [["Your reason", record.cancelReason]] } satisfies Block] : []),
    {
      kind: "paragraph",
      text: `The attached calendar update (${CALENDAR_ATTACHMENT_FILENAME}) removes the visit from your calendar. ` +
        `If this was a mistake, book again on our website or call us on ${ctx.profile.phone}.`,
    },
    ...manageLinkBlocks(record, ctx, links),
    ...recordDetailBlocks(record, "customer"),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-cancelled", record.email, subject, blocks, record._id, [calendarAttachment(record, ctx, "CANCEL")]);
}

/** To the customer: their booking moved; the .ics updates the event their calendar already has. */
export function customerRescheduledEmail(
  before: { startTime: Date; endTime: Date },
  record: BookingRecord,
  ctx: MessageContext,
  links: CustomerLinks,
): OutboxMessage {
  const subject = `Booking moved — ${record.serviceNameAtBooking}, now ${whenForSubject(record)} (${record.reference})`;
  const blocks: Block[] = [
    greeting(record),
    { kind: "paragraph", text: `As you asked on our website, your booking ${record.reference} has moved.` },
    {
      kind: "rows",
      rows: [
        ["Was", formatAppointment(before.startTime, before.endTime)],
        ["Now", formatAppointment(record.startTime, record.endTime)],
      ],
    },
    {
      kind: "paragraph",
      text: record.status === "CONFIRMED"
        ? "Your booking stays confirmed at the new time."
        : "Your booking is still a request until we confirm availability for the new time; we will be in touch.",
    },
    {
      kind: "paragraph",
      text: `The attached calendar update (${CALENDAR_ATTACHMENT_FILENAME}) moves the visit in your calendar.`,
    },
    ...manageLinkBlocks(record, ctx, links),
    ...recordDetailBlocks(record, "customer"),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("booking-rescheduled", record.email, subject, blocks, record._id, [calendarAttachment(record, ctx, "PUBLISH")]);
}

/** To the office: the customer changed their booking themselves; a reply goes to the customer. */
export function officeChangeNotification(record: BookingRecord, change: CustomerChange, ctx: MessageContext): OutboxMessage {
  const who = customerName(record);
  const was = change.kind === "rescheduled" ? change.before : record;
  const rows: Array<[string, string]> = [["Reference", record.reference], ["Changed", CHANGED_TEXT[change.kind]]];
  rows.push([change.kind === "rescheduled" ? "Old time" : "Time", formatAppointment(was.startTime, was.endTime)]);
  if (change.kind === "rescheduled") rows.push(["New time", formatAppointment(record.startTime, record.endTime)]);
  if (change.kind === "cancelled") rows.push(["Reason", record.cancelReason || "(none given)"]);
  if (change.kind === "skipped") {
    rows.push(["Regular clean", `${change.frequencyName}, carries on`]);
    rows.push(["Next visit", change.nextVisit ? formatMelbourneMoment(change.nextVisit) : "(none planned yet)"]);
  }
  if (change.kind === "series-cancelled") {
    rows.push(["Regular clean", `${change.frequencyName}, ended`], ["Reason", change.reason || "(none given)"]);
  }
  rows.push(["Status", record.status]);
  const blocks: Block[] = [{ kind: "paragraph", text: officeSummary(record, change, who) }, { kind: "rows", rows }];
  if (change.kind === "series-cancelled") {
    blocks.push(
      { kind: "heading", text: "Visits cancelled" },
      { kind: "list", items: change.cancelled.map((visit) => `${visit.reference}: ${formatAppointment(visit.startTime, visit.endTime)}`) },
    );
  }
  blocks.push(...recordDetailBlocks(record, "business"));
  if (ctx.siteUrl) {
    blocks.push({ kind: "link", label: "Open the bookings in the admin area", url: `${ctx.siteUrl.replace(/\/+$/, "")}/admin/bookings` });
  }
  return {
    ...message("booking-change-notification", ctx.profile.notificationEmail, officeSubject(record, change, who), blocks, record._id),
    replyTo: record.email,
  };
}

const CHANGED_TEXT: Record<CustomerChange["kind"], string> = {
  cancelled: "Cancelled by the customer",
  rescheduled: "Moved by the customer",
  skipped: "Visit skipped by the customer",
  "series-cancelled": "Regular clean cancelled by the customer, from this visit on",
};

function officeSubject(record: BookingRecord, change: CustomerChange, who: string): string {
  switch (change.kind) {
    case "cancelled":
      return `Customer cancelled ${record.reference} — ${who}, ${whenForSubject(record)}`;
    case "rescheduled":
      return `Customer moved ${record.reference} — ${who}, now ${whenForSubject(record)}`;
    case "skipped":
      return `Customer skipped ${record.reference} — ${who}, ${whenForSubject(record)} (${change.frequencyName})`;
    case "series-cancelled":
      return `Customer cancelled their regular clean — ${who}, ${change.frequencyName}, from ${whenForSubject(record)} (${record.reference})`;
  }
}

function officeSummary(record: BookingRecord, change: CustomerChange, who: string): string {
  const page = "on their manage-my-booking page";
  switch (change.kind) {
    case "cancelled":
      return `${who} cancelled booking ${record.reference} ${page}. The place is free again.`;
    case "rescheduled":
      return `${who} moved booking ${record.reference} ${page}: ` +
        `${formatAppointment(change.before.startTime, change.before.endTime)} → ${formatAppointment(record.startTime, record.endTime)}. ` +
        `Its status stays ${record.status}.`;
    case "skipped":
      return `${who} skipped visit ${record.reference} of their regular clean (${change.frequencyName}) ${page}. ` +
        "The place is free again; the later visits stay as they are.";
    case "series-cancelled":
      return `${who} cancelled their regular clean (${change.frequencyName}) ${page}, from visit ${record.reference} on: ` +
        `${visitsText(change.cancelled.length)} cancelled and no more will be planned. Their places are free again.`;
  }
}

const visitsText = (n: number) => `${n} visit${n === 1 ? "" : "s"}`;

/** To the customer: the visit they skipped is off; their regular clean carries on. */
export function customerSkippedEmail(
  record: BookingRecord,
  change: Extract<CustomerChange, { kind: "skipped" }>,
  ctx: MessageContext,
  links: CustomerLinks,
): OutboxMessage {
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `As you asked on our website, we’ve skipped your visit ${record.reference} on ${
        formatAppointment(record.startTime, record.endTime)
      }. You skipped it before the free-change cut-off, so no fee applies.`,
    },
    {
      kind: "paragraph",
      text: change.nextVisit
        ? `Your regular clean (${change.frequencyName}) carries on: your next visit is ${formatMelbourneMoment(change.nextVisit)}.`
        : `Your regular clean (${change.frequencyName}) carries on; we’ll confirm each visit with you.`,
    },
    {
      kind: "paragraph",
      text: `The attached calendar update (${CALENDAR_ATTACHMENT_FILENAME}) removes the skipped visit from your calendar. ` +
        `If this was a mistake, please call us on ${ctx.profile.phone}.`,
    },
    ...manageLinkBlocks(record, ctx, links).map((block) => ({ ...block, label: "See your booking" })),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("visit-skipped", record.email, customerSubject("Visit skipped", record), blocks, record._id, [
    calendarAttachment(record, ctx, "CANCEL"),
  ]);
}

/** To the customer, once: their regular clean is cancelled from this visit on, and which visits that took off. */
export function customerSeriesCancelledEmail(
  record: BookingRecord,
  change: Extract<CustomerChange, { kind: "series-cancelled" }>,
  ctx: MessageContext,
  links: CustomerLinks,
): OutboxMessage {
  // Every visit it cancelled leaves the customer's calendar (the first confirmation put each there as its own event).
  const visits = change.cancelled.some((visit) => visit._id === record._id) ? change.cancelled : [record, ...change.cancelled];
  const calendar = visits.length === 1 ? calendarAttachment(record, ctx, "CANCEL") : visitsCalendarAttachment(visits, ctx, "CANCEL")!;
  const subject = `Regular clean cancelled — ${record.serviceNameAtBooking}, ${change.frequencyName}, from ${
    whenForSubject(record)
  } (${record.reference})`;
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `As you asked on our website, your regular clean (${change.frequencyName}) is cancelled from ${
        formatAppointment(record.startTime, record.endTime)
      } on, and we won’t plan any more visits. You cancelled before the free-change cut-off, so no cancellation fee applies.`,
    },
    { kind: "heading", text: "Visits cancelled" },
    { kind: "list", items: change.cancelled.map((visit) => formatAppointment(visit.startTime, visit.endTime)) },
    ...(change.reason ? [{ kind: "rows", rows: [["Your reason", change.reason]] } satisfies Block] : []),
    {
      kind: "paragraph",
      text: `The attached calendar update (${calendar.filename}) removes ${
        visits.length === 1 ? `visit ${record.reference}` : `these ${visits.length} visits`
      } from your calendar. ` +
        `If this was a mistake, or you’d like us back, book again on our website or call us on ${ctx.profile.phone}.`,
    },
    ...manageLinkBlocks(record, ctx, links).map((block) => ({ ...block, label: "See your booking" })),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("series-cancelled", record.email, subject, blocks, record._id, [calendar]);
}

/** Everything a customer's change sends: theirs (with the new link), then the office's. */
export function emailsForCustomerChange(
  record: BookingRecord,
  change: CustomerChange,
  ctx: MessageContext,
  links: CustomerLinks,
): OutboxMessage[] {
  return [customerChangeEmail(record, change, ctx, links), officeChangeNotification(record, change, ctx)];
}

function customerChangeEmail(record: BookingRecord, change: CustomerChange, ctx: MessageContext, links: CustomerLinks): OutboxMessage {
  switch (change.kind) {
    case "cancelled":
      return customerCancelledEmail(record, ctx, links);
    case "rescheduled":
      return customerRescheduledEmail(change.before, record, ctx, links);
    case "skipped":
      return customerSkippedEmail(record, change, ctx, links);
    case "series-cancelled":
      return customerSeriesCancelledEmail(record, change, ctx, links);
  }
}
