/**
 * What happened on an audit row, in one sentence: the SENTENCES table has one for every action the
 * code base writes (KNOWN_AUDIT_ACTIONS); any other action reads as a generic sentence.
 */
import { SERIES_REASONS } from "../../booking/manage/policy.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../booking/payments/ledger.ts";
import { formatAud } from "../../shared/money.ts";
import { formatMelbourneDate, isYmd, melbourneInstant } from "../../shared/melbourne-time.ts";
import type { AuditRecordFacts, AuditRowWithFacts } from "./types.ts";
import { fullName, humanCode, instantOf, isRecordId, type Json, listOf, numberOf, objectOf, textOf } from "./json-readers.ts";
import { formatAuditTime, formatDay } from "./audit-time.ts";
import { auditRecordRef, closedDayLabel, seriesNoun } from "./record-ref.ts";
import { CHANGE_VIEWS, fieldLabel, IGNORED_FIELDS, readableSide, same, visits } from "./changed-fields.ts";

interface Context {
  row: AuditRowWithFacts;
  before: Json;
  after: Json;
  facts: AuditRecordFacts;
}

/** " (21 Dec 2026 to 8 Jan 2027)" of a stretch of leave; "" when the row has no dates. */
function leaveSpan(leave: Json): string {
  const [from, to] = [textOf(leave.from), textOf(leave.to)];
  if (!from || !to || !isYmd(from) || !isYmd(to)) return "";
  const day = (ymd: string) => formatMelbourneDate(melbourneInstant(ymd, 12));
  return from === to ? ` (${day(from)})` : ` (${day(from)} to ${day(to)})`;
}

const snapshot = (ctx: Context, key: string): unknown => ctx.after[key] ?? ctx.before[key];

/** 'booking YS-7K3F9Q for Ada Lovelace', or 'a booking' once it is gone without a trace. */
function bookingPhrase(ctx: Context, noun = ctx.facts.type === "QUOTE" ? "quote" : "booking"): string {
  const reference = textOf(ctx.facts.reference) ?? textOf(snapshot(ctx, "reference"));
  const name = customerName(ctx);
  return `${reference ? `${noun} ${reference}` : `a ${noun}`}${name ? ` for ${name}` : ""}`;
}

const customerName = (ctx: Context): string | undefined =>
  fullName(ctx.facts.firstName, ctx.facts.lastName) ?? fullName(snapshot(ctx, "firstName"), snapshot(ctx, "lastName"));

const inquiryPhrase = (ctx: Context): string => {
  const name = customerName(ctx);
  return name ? `the inquiry from ${name}` : "an inquiry";
};

/** The name field each catalogue kind keeps in its before/after snapshots. */
const NAME_FIELDS: Record<string, string> = { service: "name", extra: "title", frequency: "name", question: "text", admin: "name", cleaner: "name" };

/** The record's name as the change left it (a renamed service reads by its new name), else as it is now. */
const nameOf = (ctx: Context): string | undefined => textOf(snapshot(ctx, NAME_FIELDS[ctx.row.entity] ?? "name")) ?? textOf(ctx.facts.name);

/** 'the service Deep clean', 'the question “Any pets?”', or 'a service'. */
function namedPhrase(ctx: Context, noun = ctx.row.entity): string {
  const name = nameOf(ctx);
  if (!name) return `a ${noun}`;
  return ctx.row.entity === "question" ? `the ${noun} “${name}”` : `the ${noun} ${name}`;
}

/** The changed fields' names, lower case, for '(price, description)'. */
const changedFieldNames = (ctx: Context): string[] =>
  Object.keys(ctx.after)
    .filter((key) => !IGNORED_FIELDS.has(key) && !same(ctx.before[key], ctx.after[key]))
    .map((key) => fieldLabel(key).toLowerCase());

const onlyChanged = (ctx: Context, keys: string[]): boolean => {
  const changed = Object.keys(ctx.after).filter((key) => !IGNORED_FIELDS.has(key) && !same(ctx.before[key], ctx.after[key]));
  return changed.length > 0 && changed.every((key) => keys.includes(key));
};

const withFields = (sentence: string, fields: string[]): string => (fields.length > 0 ? `${sentence} (${listOf(fields)})` : sentence);

const withReason = (sentence: string, reason: unknown): string => (textOf(reason) ? `${sentence} (reason: ${textOf(reason)})` : sentence);

const overriding = (ctx: Context): string => (ctx.after.overrideCapacity === true ? ", overriding the capacity limit" : "");

/** The office's start outside the working hours (issue 28). */
const outsideHours = (ctx: Context): string => (ctx.after.allowOutsideHours === true ? ", outside working hours" : "");

const unnotified = (ctx: Context): string => (ctx.after.notifyCustomer === false ? " without e-mailing the customer" : "");

const timeAt = (value: unknown): string | undefined => {
  const instant = instantOf(value);
  return instant ? formatAuditTime(instant) : undefined;
};

function paymentPhrase(side: Json): string {
  const amount = numberOf(side.amount);
  const method = typeof side.method === "string" && side.method in PAYMENT_METHOD_LABELS
    ? PAYMENT_METHOD_LABELS[side.method as PaymentMethod]
    : undefined;
  return `a payment${amount !== undefined ? ` of ${formatAud(amount)}` : ""}${method ? ` (${method})` : ""}`;
}

/** Reasons a reader needs no telling: the code's own when none was given, which the verb already says. */
const SAID_BY_THE_VERB = new Set<string>([
  // core/series/rules.ts SERIES_CANCEL_REASONS.skipped and .ended (not imported: that module
  // brings the pricing rules and zod along; the test keeps these in step).
  "Skipped",
  "Regular clean ended",
  SERIES_REASONS.skipped,
  SERIES_REASONS.ended,
]);

const withOwnReason = (sentence: string, reason: unknown): string =>
  typeof reason === "string" && SAID_BY_THE_VERB.has(reason.trim()) ? sentence : withReason(sentence, reason);

/** "Ada Lovelace's weekly clean", or "a weekly clean" when the customer is not known. */
function seriesPhrase(ctx: Context): string {
  const noun = seriesNoun(ctx.facts.frequencyName);
  const name = customerName(ctx);
  return name ? `${name}'s ${noun}` : `a ${noun}`;
}

/** 'Thu 3 Dec 2026', from a Melbourne date. */
const dayOf = (value: unknown): string | undefined => (typeof value === "string" && isYmd(value) ? formatDay(value) : undefined);

/** A visit by its day: the day it starts (moved or not), else its planned date. */
const visitPhrase = (side: Json): string => {
  const start = instantOf(side.startTime);
  const day = start ? formatMelbourneDate(start) : dayOf(side.seriesDate);
  return day ? `the visit of ${day}` : "a visit";
};

const fromDay = (value: unknown): string => (dayOf(value) ? ` from ${dayOf(value)}` : "");

const cancelling = (list: unknown): string => (Array.isArray(list) && list.length > 0 ? `, cancelling ${visits(list.length)}` : "");

/** A customer record by its name now, else its e-mail. */
const customerRecordName = (ctx: Context): string | undefined => fullName(ctx.facts.firstName, ctx.facts.lastName) ?? textOf(ctx.facts.email);

const tagList = (tags: string[]): string => `${tags.length === 1 ? "the tag" : "the tags"} ${listOf(tags.map((tag) => `“${tag}”`))}`;

const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

function customerUpdateSentence(ctx: Context): string {
  const who = customerRecordName(ctx);
  const whose = who ? `${who}'s` : "a customer's";
  if (onlyChanged(ctx, ["notes"])) return `${textOf(ctx.after.notes) ? "Updated" : "Cleared"} ${whose} notes`;
  if (onlyChanged(ctx, ["tags"])) {
    const [was, now] = [stringsOf(ctx.before.tags), stringsOf(ctx.after.tags)];
    const added = now.filter((tag) => !was.includes(tag));
    const removed = was.filter((tag) => !now.includes(tag));
    const record = who ?? "a customer";
    if (added.length > 0 && removed.length > 0) return `Added ${tagList(added)} to ${record} and removed ${tagList(removed)}`;
    if (added.length > 0) return `Added ${tagList(added)} to ${record}`;
    if (removed.length > 0) return `Removed ${tagList(removed)} from ${record}`;
    return `Changed ${whose} tags`;
  }
  return `Changed ${whose} ${listOf(changedFieldNames(ctx)) || "record"}`;
}

function customerMergeSentence(ctx: Context): string {
  const merged = objectOf(ctx.before.merged);
  const name = fullName(merged.firstName, merged.lastName);
  const email = textOf(merged.email);
  const other = name ? `${name}${email ? ` (${email})` : ""}` : email ?? "another customer record";
  const moved = objectOf(ctx.after.moved);
  const count = (value: unknown, one: string, many: string) => {
    const n = numberOf(value) ?? 0;
    return n > 0 ? `${n} ${n === 1 ? one : many}` : undefined;
  };
  const parts = [
    count(moved.bookings, "booking", "bookings"),
    count(moved.inquiries, "inquiry", "inquiries"),
    count(moved.series, "regular clean", "regular cleans"),
  ].filter((part): part is string => part !== undefined);
  return `Merged ${other} into ${customerRecordName(ctx) ?? "a customer record"}${parts.length > 0 ? `, moving ${listOf(parts)}` : ""}`;
}

function seriesChangeSentence(ctx: Context): string {
  const view = CHANGE_VIEWS["series.change"](ctx.before, ctx.after);
  const { replacedIds: _replaced, ...after } = objectOf(view.after);
  const fields = changedFieldNames({ ...ctx, before: objectOf(view.before), after });
  return withFields(`Changed ${seriesPhrase(ctx)}${fromDay(ctx.after.fromDate)}`, fields);
}

const STATUS_SENTENCES: Record<string, (what: string) => string> = {
  CONFIRMED: (what) => `Confirmed ${what}`,
  CANCELLED: (what) => `Cancelled ${what}`,
  DONE: (what) => `Marked ${what} as done`,
  PENDING: (what) => `Set ${what} back to pending`,
};

type Sentence = (ctx: Context) => string;

const catalogueSentences = (noun: string): Record<string, Sentence> => ({
  create: (ctx) => `Added ${namedPhrase(ctx, noun)}`,
  update: (ctx) => {
    const was = textOf(ctx.before[NAME_FIELDS[ctx.row.entity]]);
    const now = textOf(ctx.after[NAME_FIELDS[ctx.row.entity]]);
    if (was && now && was !== now && onlyChanged(ctx, [NAME_FIELDS[ctx.row.entity]])) return `Renamed the ${noun} ${was} to ${now}`;
    return withFields(`Changed ${namedPhrase(ctx, noun)}`, changedFieldNames(ctx));
  },
  delete: (ctx) => `Deleted ${namedPhrase(ctx, noun)}`,
});

/** Every action the code base writes, by its exact string. */
const SENTENCES: Record<string, Sentence> = {
  // Bookings and quotes (staff)
  "booking.status": (ctx) => {
    const status = String(ctx.after.status ?? "");
    const what = bookingPhrase(ctx);
    const sentence = (STATUS_SENTENCES[status] ?? ((w: string) => `Set the status of ${w} to ${humanCode(status)}`))(what);
    return withReason(`${sentence}${overriding(ctx)}`, ctx.after.reason);
  },
  "booking.payment": (ctx) => paymentSentence(ctx),
  "booking.confirm_payment": (ctx) => paymentSentence(ctx),
  "booking.payment_void": (ctx) => withReason(`Voided ${paymentPhrase(ctx.before)} on ${bookingPhrase(ctx)}`, ctx.after.reason),
  // Issue 30: a card payment Stripe reported, and a superadmin's refund through Stripe.
  "booking.card_payment": (ctx) => {
    const settled = ctx.after.paymentStatus === "PAID" && ctx.before.paymentStatus !== "PAID";
    const what = ctx.after.kind === "DEPOSIT" ? "a deposit" : ctx.after.kind === "BALANCE" ? "the balance" : "a payment";
    const amount = numberOf(ctx.after.amount);
    return `Received ${what}${amount !== undefined ? ` of ${formatAud(amount)}` : ""} by card online on ${bookingPhrase(ctx)}` +
      (settled ? ", now paid in full" : "");
  },
  "booking.payment_refund": (ctx) => {
    const refunded = numberOf(ctx.after.refunded);
    return withReason(
      `Refunded ${refunded !== undefined ? `${formatAud(refunded)} of ` : ""}${paymentPhrase(ctx.before)} on ${bookingPhrase(ctx)}`,
      ctx.after.reason,
    );
  },
  "booking.create_by_staff": (ctx) => {
    const start = timeAt(ctx.after.startTime);
    // Issue 34: a booking the office agreed on the phone may start confirmed.
    const confirmed = ctx.after.status === "CONFIRMED" ? ", confirmed" : "";
    return `Created ${bookingPhrase(ctx, "booking")}${start ? ` on ${start}` : ""}${confirmed}${outsideHours(ctx)}${unnotified(ctx)}${overriding(ctx)}`;
  },
  "booking.edit": (ctx) => {
    const start = timeAt(ctx.after.startTime);
    const sentence = onlyChanged(ctx, ["startTime", "endTime"]) && start
      ? `Moved ${bookingPhrase(ctx)} to ${start}`
      : `Changed the ${listOf(changedFieldNames(ctx)) || "details"} of ${bookingPhrase(ctx)}`;
    return `${sentence}${outsideHours(ctx)}${unnotified(ctx)}${overriding(ctx)}`;
  },
  "booking.convert": (ctx) => `Turned ${bookingPhrase(ctx, "quote")} into a booking${outsideHours(ctx)}${unnotified(ctx)}${overriding(ctx)}`,
  "booking.cleaners": (ctx) => {
    const ids = Array.isArray(ctx.after.cleanerIds) ? ctx.after.cleanerIds.map(String) : [];
    if (ids.length === 0) return `Took every cleaner off ${bookingPhrase(ctx)}`;
    const names = ids.map((id) => ctx.row.names?.[id] ?? "a cleaner no longer listed");
    return `Put ${listOf(names)} on ${bookingPhrase(ctx)}`;
  },
  "booking.cleaner_clash_removed": (ctx) => {
    const id = Array.isArray(ctx.before.cleanerIds) ? String(ctx.before.cleanerIds[0] ?? "") : "";
    const name = ctx.row.names?.[id] ?? "a cleaner no longer listed";
    return `Took ${name} off ${bookingPhrase(ctx)}: they were already on an overlapping job`;
  },
  "booking.first_price": (ctx) => {
    const total = numberOf(ctx.after.firstServiceTotal);
    return `Charged the first-clean price${total === undefined ? "" : ` of ${formatAud(total)}`} on ${bookingPhrase(ctx)}: ` +
      "the visits before it were skipped or cancelled";
  },
  "series.cleaners": (ctx) => {
    const ids = Array.isArray(ctx.after.cleanerIds) ? ctx.after.cleanerIds.map(String) : [];
    if (ids.length === 0) return `Took the regular cleaners off ${seriesPhrase(ctx)}`;
    const names = ids.map((id) => ctx.row.names?.[id] ?? "a cleaner no longer listed");
    return `Made ${listOf(names)} the regular ${ids.length === 1 ? "cleaner" : "cleaners"} of ${seriesPhrase(ctx)}`;
  },
  // Bookings (the customer, through their link)
  "booking.customer_cancel": (ctx) =>
    withReason(`${customerName(ctx) ?? "The customer"} cancelled ${customerFreeBooking(ctx)}`, ctx.after.cancelReason),
  "booking.customer_reschedule": (ctx) => {
    const what = customerFreeBooking(ctx);
    const start = timeAt(ctx.after.startTime);
    return `${customerName(ctx) ?? "The customer"} moved ${what}${start ? ` to ${start}` : ""}`;
  },
  "booking.customer_skip": (ctx) => {
    const day = dayOf(ctx.after.seriesDate);
    const sentence = `${customerName(ctx) ?? "The customer"} skipped ${customerFreeBooking(ctx)}${day ? ` (${day})` : ""}, ` +
      `one visit of their ${seriesNoun(ctx.facts.frequencyName)}`;
    return withOwnReason(sentence, ctx.after.cancelReason);
  },
  // Quotes the office prices and the customer answers (issue 30)
  "booking.quote_priced": (ctx) => {
    const total = numberOf(ctx.after.total);
    const until = dayOf(ctx.after.validUntil);
    const from = textOf(ctx.after.fromInquiry);
    return `${ctx.row.before === null ? "Priced" : "Priced again"} ${bookingPhrase(ctx, "quote")}` +
      `${total === undefined ? "" : ` at ${formatAud(total)}`}${until ? `, valid until ${until}` : ""}` +
      `${from ? `, from inquiry ${from}` : ""}, and e-mailed it to the customer`;
  },
  "booking.quote_accepted": (ctx) => {
    const start = timeAt(ctx.after.startTime);
    const total = numberOf(ctx.after.firstServiceTotal);
    return `${customerName(ctx) ?? "The customer"} accepted ${customerQuote(ctx)}${start ? ` for ${start}` : ""}` +
      `${total === undefined ? "" : ` at ${formatAud(total)}`}: it is now a pending booking`;
  },
  "booking.quote_declined": (ctx) =>
    withReason(`${customerName(ctx) ?? "The customer"} declined ${customerQuote(ctx)}`, ctx.after.declineReason),
  // Issue 31: a cleaner on the job (the cleaner's login is the actor), and the office's corrections
  "job.on_my_way": (ctx) => `Set off for ${bookingPhrase(ctx)}`,
  "job.check_in": (ctx) => `Checked in on ${bookingPhrase(ctx)}`,
  "job.check_out": (ctx) => `Checked out of ${bookingPhrase(ctx)}${textOf(ctx.after.checkOutNote) ? " and left a note" : ""}`,
  "job.attendance_correct": (ctx) => `Corrected the times of ${textOf(ctx.after.cleanerName) ?? "a cleaner"} on ${bookingPhrase(ctx)}`,
  // Regular cleans (series of visits): staff, or the booking that started one
  "series.create": (ctx) => {
    const reference = textOf(ctx.after.reference);
    const first = dayOf(ctx.after.anchorDate);
    const how = `${reference ? ` with booking ${reference}` : ""}${first ? ` (first visit ${first})` : ""}`;
    if (ctx.row.adminId === null) return `${customerName(ctx) ?? "The customer"} started a ${seriesNoun(ctx.facts.frequencyName)}${how}`;
    return `Started ${seriesPhrase(ctx)}${how}`;
  },
  "series.confirm_visits": (ctx) => {
    const confirmed = Array.isArray(ctx.after.bookingIds) ? ctx.after.bookingIds.length : 0;
    return `Confirmed ${confirmed > 0 ? visits(confirmed) : "the planned visits"} of ${seriesPhrase(ctx)} with its first visit`;
  },
  "series.skip": (ctx) => withOwnReason(`Skipped ${visitPhrase(ctx.before)} of ${seriesPhrase(ctx)}`, ctx.after.reason),
  "series.move": (ctx) => {
    const start = timeAt(ctx.after.startTime);
    return `Moved ${visitPhrase(ctx.before)} of ${seriesPhrase(ctx)}${start ? ` to ${start}` : ""}${outsideHours(ctx)}${overriding(ctx)}`;
  },
  "series.change": seriesChangeSentence,
  "series.pause": (ctx) => `Paused ${seriesPhrase(ctx)}${fromDay(ctx.after.fromDate)}${cancelling(ctx.after.cancelledIds)}`,
  "series.resume": (ctx) => `Resumed ${seriesPhrase(ctx)}${fromDay(ctx.after.fromDate)}`,
  "series.end": (ctx) =>
    withOwnReason(`Ended ${seriesPhrase(ctx)}${fromDay(ctx.after.endsOn)}${cancelling(ctx.after.cancelledIds)}`, ctx.after.reason),
  // Regular cleans (the customer, through a visit's link)
  "series.customer_end": (ctx) => {
    const sentence = `${customerName(ctx) ?? "The customer"} ended their ${seriesNoun(ctx.facts.frequencyName)}` +
      `${fromDay(ctx.after.endsOn)}${cancelling(ctx.after.cancelledVisits)}`;
    return withOwnReason(sentence, ctx.after.reason);
  },
  // Customer records
  "customer.update": customerUpdateSentence,
  "customer.merge": customerMergeSentence,
  // Inquiries
  "inquiry.notes": (ctx) => `${textOf(ctx.after.adminNotes) ? "Updated" : "Cleared"} the notes on ${inquiryPhrase(ctx)}`,
  "inquiry.read": (ctx) => `Marked ${inquiryPhrase(ctx)} as ${ctx.after.read === true ? "read" : "unread"}`,
  "inquiry.has_address": (ctx) => `Marked ${inquiryPhrase(ctx)} as ${ctx.after.hasAddress === true ? "checked" : "not checked"}`,
  "inquiry.archive": (ctx) => `Archived ${inquiryPhrase(ctx)}`,
  "inquiry.restore": (ctx) => `Restored ${inquiryPhrase(ctx)}`,
  "inquiry.quoted": (ctx) => {
    const reference = textOf(ctx.after.quoteReference);
    const total = numberOf(ctx.after.total);
    return `Priced a quote for ${inquiryPhrase(ctx)}${reference ? ` (quote ${reference}` : ""}` +
      `${reference && total !== undefined ? `, ${formatAud(total)})` : reference ? ")" : ""}`;
  },
  // The catalogue
  "service.create": catalogueSentences("service").create,
  "service.update": catalogueSentences("service").update,
  "service.delete": (ctx) => `Deleted ${namedPhrase(ctx, "service")} (it can be restored)`,
  "service.restore": (ctx) => `Restored ${namedPhrase(ctx, "service")}`,
  "service.hard_delete": (ctx) => `Permanently deleted ${namedPhrase(ctx, "service")} and its extras`,
  "service.reorder_extras": (ctx) => `Reordered the extras of ${namedPhrase(ctx, "service")}`,
  "extra.create": catalogueSentences("extra").create,
  "extra.update": (ctx) => {
    if (onlyChanged(ctx, ["active"])) return `${ctx.after.active === true ? "Enabled" : "Disabled"} ${namedPhrase(ctx, "extra")}`;
    // The service by the name the row keeps (readableSide); an old row's bare id says nothing.
    const [from, to] = [textOf(ctx.before.serviceId), textOf(ctx.after.serviceId)];
    if (onlyChanged(ctx, ["serviceId", "order"]) && from && to && !isRecordId(from) && !isRecordId(to)) {
      return `Moved ${namedPhrase(ctx, "extra")} from ${from} to ${to}`;
    }
    return catalogueSentences("extra").update(ctx);
  },
  "extra.delete": (ctx) => `Deleted ${namedPhrase(ctx, "extra")} (it can be restored)`,
  "extra.restore": (ctx) => `Restored ${namedPhrase(ctx, "extra")}`,
  "extra.hard_delete": (ctx) => `Permanently deleted ${namedPhrase(ctx, "extra")}`,
  "frequency.create": (ctx) => {
    const discount = numberOf(ctx.after.discountPercent);
    return `Added ${namedPhrase(ctx, "frequency")}${discount ? ` (${discount}% off)` : ""}`;
  },
  "frequency.update": (ctx) => {
    const [was, now] = [numberOf(ctx.before.discountPercent), numberOf(ctx.after.discountPercent)];
    if (onlyChanged(ctx, ["discountPercent"]) && was !== undefined && now !== undefined) {
      return `Changed the discount of ${namedPhrase(ctx, "frequency")} from ${was}% to ${now}%`;
    }
    return catalogueSentences("frequency").update(ctx);
  },
  "frequency.delete": catalogueSentences("frequency").delete,
  "question.create": catalogueSentences("question").create,
  "question.update": (ctx) => {
    if (onlyChanged(ctx, ["required"])) return `Made ${namedPhrase(ctx, "question")} ${ctx.after.required === true ? "required" : "optional"}`;
    return catalogueSentences("question").update(ctx);
  },
  "question.delete": catalogueSentences("question").delete,
  // Admin accounts
  "admin.create": (ctx) => `Added ${nameOf(ctx) ?? "an admin"} as ${ctx.after.role === "superadmin" ? "a superadmin" : "an admin"}`,
  "admin.update": (ctx) => {
    const name = nameOf(ctx) ?? "an admin";
    if (ctx.before.role !== ctx.after.role && typeof ctx.after.role === "string") {
      return `Made ${name} ${ctx.after.role === "superadmin" ? "a superadmin" : "an admin"}`;
    }
    if (onlyChanged(ctx, ["passwordChanged"])) return `Changed the password of ${name}`;
    return withFields(`Changed the account of ${name}`, changedFieldNames(ctx));
  },
  "admin.delete": (ctx) => `Deleted the account of ${nameOf(ctx) ?? "an admin"}`,
  // Cleaners
  "cleaner.create": (ctx) => `Added ${nameOf(ctx) ?? "a cleaner"} to the team`,
  "cleaner.update": (ctx) => {
    if (onlyChanged(ctx, ["active"]) && ctx.after.active === true) return `Reactivated ${namedPhrase(ctx, "cleaner")}`;
    return catalogueSentences("cleaner").update(ctx);
  },
  "cleaner.deactivate": (ctx) => `Deactivated ${namedPhrase(ctx, "cleaner")}`,
  // Issue 28: the team as capacity
  "cleaner.working_hours": (ctx) => `Set the working hours of ${namedPhrase(ctx, "cleaner")}`,
  "cleaner.time_off_add": (ctx) => `Added time off for ${namedPhrase(ctx, "cleaner")}${leaveSpan(ctx.after)}`,
  "cleaner.time_off_remove": (ctx) => `Removed time off of ${namedPhrase(ctx, "cleaner")}${leaveSpan(ctx.before)}`,
  // Issue 31: cleaners' logins
  "cleaner.account_create": (ctx) => {
    const email = textOf(ctx.after.email);
    return `Gave ${namedPhrase(ctx, "cleaner")} a login${email ? ` (${email})` : ""}${ctx.after.invited === true ? " and e-mailed an invite" : ""}`;
  },
  "cleaner.account_remove": (ctx) => `Removed the login of ${namedPhrase(ctx, "cleaner")}`,
  "cleaner.account_password_set": (ctx) => `Set the password of ${namedPhrase(ctx, "cleaner")} from the invite`,
  // Settings and closed dates
  "settings.scheduling": () => "Changed the scheduling settings",
  "settings.slot_buffer": (ctx) => {
    const minutes = numberOf(ctx.after.slotBufferMin);
    return minutes === undefined ? "Changed the slot buffer" : `Changed the slot buffer to ${minutes} minutes`;
  },
  "settings.content": () => "Changed the booking form content",
  "settings.service_area": () => "Changed the service area",
  // Issue 30: invoices
  "settings.business": () => "Changed the business details",
  "settings.payments": () => "Changed what customers can pay online",
  // Issue 32: feedback after each job
  "settings.feedback": () => "Changed the feedback settings",
  // Issue 31: the cleaners' evening run sheet
  "settings.team_notices": (ctx) => {
    const hour = numberOf(ctx.after.runSheetHour);
    return hour === undefined ? "Turned off the cleaners' evening run sheet" : `Set the cleaners' evening run sheet to ${hour}:00`;
  },
  "booking.feedback": (ctx) => {
    const rating = numberOf(ctx.after.rating);
    return `${customerName(ctx) ?? "The customer"} rated ${customerFreeBooking(ctx)}${rating === undefined ? "" : ` ${rating} out of 5`}`;
  },
  "booking.feedback_request": (ctx) => `${ctx.row.before === null ? "Asked" : "Asked again"} for feedback on ${bookingPhrase(ctx)}`,
  "booking.invoice_issue": (ctx) => {
    const number = textOf(ctx.after.number);
    return `Issued ${number ? `invoice ${number}` : "an invoice"} for ${bookingPhrase(ctx)}`;
  },
  "closed_date.add": (ctx) => `Closed ${closedDayLabel(ctx.row.entityId ?? String(ctx.after.date ?? ""), ctx.after.label)}`,
  "closed_date.remove": (ctx) => `Reopened ${closedDayLabel(ctx.row.entityId ?? String(ctx.before.date ?? ""), ctx.before.label)}`,
  // One row for every date "Add Victoria's public holidays" closed; the changes list them.
  "closed_date.add_public_holidays": (ctx) => {
    const days = (Array.isArray(ctx.after.holidays) ? ctx.after.holidays : []).map(objectOf)
      .filter((day) => typeof day.date === "string" && isYmd(day.date));
    if (days.length === 0) return "Closed the public holidays";
    if (days.length === 1) return `Closed ${closedDayLabel(String(days[0].date), days[0].label)}, a public holiday`;
    return `Closed ${days.length} public holidays, ${formatDay(String(days[0].date))} to ${formatDay(String(days.at(-1)!.date))}`;
  },
};

/** A booking named without its customer, who is the subject of the sentence. */
const customerFreeBooking = (ctx: Context): string =>
  bookingPhrase({ ...ctx, before: {}, after: {}, facts: { ...ctx.facts, firstName: null, lastName: null } });

/** The customer's own quote, named without their name (the sentence starts with it). */
const customerQuote = (ctx: Context): string =>
  bookingPhrase({ ...ctx, before: {}, after: {}, facts: { ...ctx.facts, firstName: null, lastName: null } }, "quote");

function paymentSentence(ctx: Context): string {
  const settled = ctx.after.paymentStatus === "PAID" && ctx.before.paymentStatus !== "PAID";
  return `Recorded ${paymentPhrase(ctx.after)} on ${bookingPhrase(ctx)}${settled ? ", now paid in full" : ""}`;
}

/** The actions the sentences above know; any other reads as the generic sentence. */
export const KNOWN_AUDIT_ACTIONS: readonly string[] = Object.keys(SENTENCES);

/** A readable sentence for an action this module does not know yet: the record by its name, never its id. */
function genericSentence(ctx: Context): string {
  const ref = auditRecordRef(ctx.row);
  const thing = ref ? `the ${ref.type.replaceAll("_", " ")} ${ref.label}` : `a ${ctx.row.entity.replaceAll("_", " ")}`;
  return `Made a change (${ctx.row.action}) to ${thing}`;
}

export function auditSummary(row: AuditRowWithFacts): string {
  const ctx: Context = {
    row,
    before: objectOf(readableSide(row.before)),
    after: objectOf(readableSide(row.after)),
    facts: row.facts ?? {},
  };
  return (SENTENCES[row.action] ?? genericSentence)(ctx);
}
