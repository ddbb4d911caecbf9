/**
 * The audit log as a person reads it (issue 20): who acted (name and e-mail, or "Customer"),
 * which record (its human name, not its id), one sentence saying what happened, and the changed
 * fields before and after as display strings, times in Melbourne time with their AEST/AEDT label.
 * Pure: the audit reader joins what the records are called now; this turns a row into words.
 */
import { INQUIRY_TYPE_LABELS } from "../notifications/messages.ts";
import type { InquiryType } from "../inquiry/types.ts";
import { SERIES_REASONS } from "../booking/manage-policy.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "../booking/payments.ts";
import { formatAud } from "../shared/money.ts";
import { formatMelbourneDate, formatMelbourneDateTime, isYmd, melbourneInstant, melbourneZoneAbbreviation } from "../shared/melbourne-time.ts";
import type { AuditRecord } from "./audit.ts";

/** The kinds of record a row can be about, as the log's filter offers them. */
export const AUDIT_RECORD_TYPES = [
  "booking", "quote", "inquiry", "series", "customer", "service", "extra", "frequency", "question", "admin", "cleaner", "closed_date",
  "settings",
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** How the filter and the screen name each kind. */
export const AUDIT_RECORD_TYPE_LABELS: Record<AuditRecordType, string> = {
  booking: "Bookings",
  quote: "Quotes",
  inquiry: "Inquiries",
  series: "Regular cleans",
  customer: "Customers",
  service: "Services",
  extra: "Extras",
  frequency: "Frequencies",
  question: "Questions",
  admin: "Admin accounts",
  cleaner: "Cleaners",
  closed_date: "Closed dates",
  settings: "Settings",
};

/**
 * What a row's record is called now, as the reader joined it; the reader leaves `facts` null when
 * the record no longer exists (a hard-deleted service, a deleted admin).
 */
export interface AuditRecordFacts {
  /** A service's, frequency's, admin's or cleaner's name; an extra's title; a question's text. */
  name?: string | null;
  /** Bookings and quotes. */
  reference?: string | null;
  /** Bookings: BOOKING or QUOTE. */
  type?: string | null;
  /** Bookings, quotes, inquiries, series and customer records: the customer's name. */
  firstName?: string | null;
  lastName?: string | null;
  /** Series: the frequency's name now (e.g. Weekly); bookings: the one they were booked with. */
  frequencyName?: string | null;
  /** Customer records. */
  email?: string | null;
  inquiryType?: string | null;
  /** Closed dates: what the day is closed for. */
  label?: string | null;
}

/** One audit row with what the reader joined to it, in the query that read the row. */
export interface AuditRowWithFacts extends AuditRecord {
  /** The acting admin's name now; null for a customer, or an admin since deleted. */
  actorName: string | null;
  facts: AuditRecordFacts | null;
  /** Names of the cleaners and extras the row's before and after name by id. */
  names?: Record<string, string> | null;
}

export interface AuditActor {
  name: string;
  email: string;
  /**
   * customer: the booking's customer, through their manage-my-booking link; system: the site
   * itself (a migration's repair), never a person.
   */
  kind: "staff" | "customer" | "system";
}

export interface AuditRecordRef {
  type: string;
  id: string;
  /** e.g. 'YS-7K3F9Q · Ada Lovelace', 'Priya Shah (Office)', 'Deep clean'. */
  label: string;
}

/** One changed field; null on the side that has no value (a create has no before). */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface ReadableAuditEntry extends AuditRecord {
  actor: AuditActor;
  /** null when the record is gone (or the row names none). */
  record: AuditRecordRef | null;
  summary: string;
  changes: AuditChange[];
}

// ---------------------------------------------------------------------------------------------
// Small readers of the untyped before/after JSON

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const objectOf = (value: unknown): Json => (isObject(value) ? value : {});
const textOf = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
const numberOf = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const instantOf = (value: unknown): Date | undefined => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== "string" || !ISO_INSTANT.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** e.g. 'Sat 5 Dec 2026, 11:00 am AEDT': Melbourne wall clock with the label in force then. */
export const formatAuditTime = (instant: Date): string => `${formatMelbourneDateTime(instant)} ${melbourneZoneAbbreviation(instant)}`;

/** e.g. '2026-12-25' -> 'Fri 25 Dec 2026'. */
const formatDay = (ymd: string): string => formatMelbourneDate(melbourneInstant(ymd, 12));

const fullName = (first: unknown, last: unknown): string | undefined => {
  const name = [textOf(first), textOf(last)].filter(Boolean).join(" ");
  return name || undefined;
};

/** 'a', 'a and b', 'a, b and c'. */
const listOf = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** 'QUOTE_REQUESTED' -> 'Quote requested'. */
const humanCode = (code: string): string => {
  const words = code.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** 'firstServiceTotal' -> 'First service total'. */
const humanKey = (key: string): string => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replaceAll("_", " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

// ---------------------------------------------------------------------------------------------
// Who

/** The admin_email of rows the site writes itself (migration 018's clash repair). */
export const SYSTEM_ACTOR_EMAIL = "system";

export function auditActor(row: Pick<AuditRowWithFacts, "adminId" | "adminEmail" | "actorName">): AuditActor {
  if (row.adminId === null && row.adminEmail === SYSTEM_ACTOR_EMAIL) return { name: "The system", email: "", kind: "system" };
  if (row.adminId === null) return { name: "Customer", email: row.adminEmail, kind: "customer" };
  return { name: textOf(row.actorName) ?? row.adminEmail, email: row.adminEmail, kind: "staff" };
}

// ---------------------------------------------------------------------------------------------
// Which record

/** The entities the reader looks up; a row about one of them whose facts are null is gone. */
const LOOKED_UP = new Set(["booking", "inquiry", "series", "customer", "service", "extra", "frequency", "question", "admin", "cleaner", "closed_date"]);

const SETTINGS_LABELS: Record<string, string> = {
  scheduling: "Scheduling settings",
  booking_form_content: "Booking form content",
  service_area: "Service area",
};

const inquiryTypeLabel = (type: unknown): string | undefined =>
  typeof type === "string" ? INQUIRY_TYPE_LABELS[type as InquiryType] ?? humanCode(type) : undefined;

const closedDayLabel = (ymd: string, label: unknown): string =>
  `${isYmd(ymd) ? formatDay(ymd) : ymd}${textOf(label) ? ` (${textOf(label)})` : ""}`;

/**
 * A series by its frequency: 'weekly clean'; 'regular clean (Every 3 weeks)' for a name that does
 * not read as an adverb; 'regular clean' when none is known.
 */
const seriesNoun = (frequencyName: unknown): string => {
  const name = textOf(frequencyName);
  if (!name) return "regular clean";
  return /^[a-z-]+ly$/i.test(name) ? `${name.toLowerCase()} clean` : `regular clean (${name})`;
};

export function auditRecordRef(row: Pick<AuditRowWithFacts, "entity" | "entityId" | "facts">): AuditRecordRef | null {
  const { entity, entityId: id, facts } = row;
  if (id === null) return null;
  if (entity === "settings") return { type: "settings", id, label: SETTINGS_LABELS[id] ?? humanKey(id) };
  if (!LOOKED_UP.has(entity)) return { type: entity, id, label: id };
  if (!facts) return null;
  switch (entity) {
    case "booking": {
      const name = fullName(facts.firstName, facts.lastName);
      const label = [textOf(facts.reference), name].filter(Boolean).join(" · ");
      return { type: facts.type === "QUOTE" ? "quote" : "booking", id, label: label || id };
    }
    case "inquiry": {
      const name = fullName(facts.firstName, facts.lastName) ?? "Unnamed";
      const type = inquiryTypeLabel(facts.inquiryType);
      return { type: "inquiry", id, label: type ? `${name} (${type})` : name };
    }
    case "series": {
      const noun = seriesNoun(facts.frequencyName);
      const name = fullName(facts.firstName, facts.lastName);
      const label = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}${name ? ` · ${name}` : ""}`;
      return { type: "series", id, label };
    }
    case "customer":
      return { type: "customer", id, label: fullName(facts.firstName, facts.lastName) ?? textOf(facts.email) ?? id };
    case "closed_date":
      return { type: "closed_date", id, label: closedDayLabel(id, facts.label) };
    default:
      return { type: entity, id, label: textOf(facts.name) ?? id };
  }
}

// ---------------------------------------------------------------------------------------------
// The changed fields

const FIELD_LABELS: Record<string, string> = {
  email: "E-mail",
  startTime: "Start",
  endTime: "End",
  serviceNameAtBooking: "Service",
  frequencyNameAtBooking: "Frequency",
  frequencyDiscountPercent: "Frequency discount",
  paidAt: "Paid",
  receivedAt: "Received",
  cancelReason: "Cancellation reason",
  cleanerIds: "Cleaners",
  adminNotes: "Notes",
  hasAddress: "Checked",
  archivedAt: "Archived",
  deletedAt: "Deleted",
  imageUrl: "Image URL",
  serviceId: "Service",
  discountPercent: "Discount",
  stepHours: "Hour step",
  minHours: "Minimum hours",
  maxHours: "Maximum hours",
  durationMinutes: "Visit length",
  passwordChanged: "Password",
  slotBufferMin: "Slot buffer",
  maxConcurrentPerSlot: "Bookings per slot",
  enforceBuffer: "Enforce the buffer",
  horizonDays: "Booking horizon",
  firstSlotHour: "First start",
  lastSlotHour: "Last start",
  dayEndHour: "Day ends",
  reminderHoursBefore: "Reminder",
  freeChangeCutoffHours: "Free changes up to",
  generalCommentEnabled: "Comment box",
  generalCommentLabel: "Comment label",
  generalCommentPlaceholder: "Comment placeholder",
  cancellationPolicyHtml: "Cancellation policy",
  inquiryType: "Type",
  frequencyCode: "Frequency",
  anchorDate: "Repeats from",
  seriesDate: "Planned date",
  endsOn: "Ends on",
  fromBooking: "From booking",
  cancelledIds: "Visits cancelled",
  cancelledVisits: "Visits cancelled",
  replacedIds: "Visits replaced",
  bookingIds: "Visits",
};

export const fieldLabel = (key: string): string => FIELD_LABELS[key] ?? humanKey(key);

/** Bookkeeping, or said by the sentence: not a change a reader looks for. */
const IGNORED_FIELDS = new Set([
  "_id", "updatedAt", "createdAt", "paymentId", "notifyCustomer", "overrideCapacity", "allowOutsideHours", "calendarSequence",
  // Ids the record, its reference or the sentence already name; a series change's date is in its sentence.
  "bookingId", "firstBookingId", "seriesId", "mergedId", "fromDate",
]);

const MONEY_FIELDS = new Set([
  "amount", "totalPaid", "baseAmount", "extrasAmount", "firstServiceTotal", "recurringTotal", "balance", "price", "basePrice",
  "ratePerHour", "priceAtBooking", "paidToDate",
]);
const PERCENT_FIELDS = new Set(["discountPercent", "frequencyDiscountPercent"]);
const CODE_FIELDS = new Set(["status", "paymentStatus", "type", "role", "pricingModel", "scope", "frequencyCode"]);
/** Melbourne dates, 'YYYY-MM-DD'. */
const DAY_FIELDS = new Set(["date", "anchorDate", "seriesDate", "endsOn", "fromDate"]);
/** Lists of visits by id: how many, as the ids mean nothing to a reader. */
const VISIT_ID_FIELDS = new Set(["cancelledIds", "replacedIds", "bookingIds"]);
const WALL_CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const HOUR_OF_DAY_FIELDS = new Set(["firstSlotHour", "lastSlotHour", "dayEndHour"]);
const UNIT_FIELDS: Record<string, string> = {
  slotBufferMin: "minutes",
  durationMinutes: "minutes",
  leadDays: "days",
  horizonDays: "days",
  reminderHoursBefore: "hours before",
  freeChangeCutoffHours: "hours before",
};
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MAX_VALUE = 160;

const clip = (text: string): string => (text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text);

const hourOfDay = (hour: number): string => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "am" : "pm"}`;

/** A series' Melbourne wall-clock start, '09:30' -> '9:30 am'. */
const wallClock = (hhmm: string): string => {
  const [hour, minute] = hhmm.split(":").map(Number);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
};

const visits = (n: number): string => `${n} visit${n === 1 ? "" : "s"}`;

const addressText = (address: Json): string => {
  const unit = textOf(address.unit);
  const street = [unit, textOf(address.street)].filter(Boolean).join("/");
  const place = [textOf(address.suburb), textOf(address.state), textOf(address.postCode)].filter(Boolean).join(" ");
  return [street, place].filter(Boolean).join(", ");
};

/** One value as a reader sees it; `names` resolves the ids of cleaners. */
export function displayValue(key: string, value: unknown, names: Record<string, string> = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  if (key === "passwordChanged") return value === true ? "Changed" : "Unchanged";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") {
    if (MONEY_FIELDS.has(key)) return formatAud(value);
    if (PERCENT_FIELDS.has(key)) return `${value}%`;
    if (HOUR_OF_DAY_FIELDS.has(key)) return hourOfDay(value);
    if (UNIT_FIELDS[key]) return `${value} ${UNIT_FIELDS[key]}`;
    return String(value);
  }
  if (typeof value === "string") {
    const instant = instantOf(value);
    if (instant) return formatAuditTime(instant);
    if (DAY_FIELDS.has(key) && isYmd(value)) return formatDay(value);
    if (key === "startTime" && WALL_CLOCK.test(value)) return wallClock(value);
    if (key === "method" && value in PAYMENT_METHOD_LABELS) return PAYMENT_METHOD_LABELS[value as PaymentMethod];
    if (key === "inquiryType") return inquiryTypeLabel(value) ?? value;
    if (CODE_FIELDS.has(key) && /^[A-Za-z_]+$/.test(value)) return humanCode(value);
    // Policy HTML reads as its text.
    if (key.endsWith("Html")) return clip(value.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim()) || "—";
    return clip(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (key === "cleanerIds") return clip(value.map((id) => names[String(id)] ?? "a cleaner no longer listed").join(", "));
    if (VISIT_ID_FIELDS.has(key)) return visits(value.length);
    if (key === "closedWeekdays") return value.map((day) => WEEKDAYS[Number(day)] ?? String(day)).join(", ");
    return clip(value.map((item) => listItem(key, item, names)).join(", "));
  }
  if (isObject(value)) {
    if (key === "address") return addressText(value) || "—";
    return clip(JSON.stringify(value));
  }
  return clip(String(value));
}

/** An element of a list: booked extras, bedroom prices, question options, extras' order. */
function listItem(key: string, item: unknown, names: Record<string, string>): string {
  if (!isObject(item)) return displayValue(key, item, names);
  if (textOf(item.titleAtBooking)) {
    const quantity = numberOf(item.quantity) ?? 1;
    return `${textOf(item.titleAtBooking)}${quantity > 1 ? ` × ${quantity}` : ""}`;
  }
  if (numberOf(item.bedrooms) !== undefined && numberOf(item.price) !== undefined) {
    const bedrooms = item.bedrooms as number;
    const size = bedrooms === 0 ? "Studio" : `${bedrooms} bedroom${bedrooms === 1 ? "" : "s"}`;
    return `${size}: ${formatAud(item.price as number)}`;
  }
  if (textOf(item.label)) return textOf(item.label)!;
  if (textOf(item.extraId)) {
    const quantity = numberOf(item.quantity) ?? 1;
    return `${names[item.extraId as string] ?? "an extra no longer listed"}${quantity > 1 ? ` × ${quantity}` : ""}`;
  }
  return JSON.stringify(item);
}

/** The order changed fields are listed in; others follow, as stored. */
const FIELD_ORDER = [
  "status", "type", "startTime", "endTime", "reason", "cancelReason", "amount", "method", "note", "receivedAt", "paymentStatus",
  "totalPaid", "balance", "paidAt", "firstName", "lastName", "name", "title", "text", "email", "phone", "role",
];
const fieldRank = (key: string): number => {
  const rank = FIELD_ORDER.indexOf(key);
  return rank === -1 ? FIELD_ORDER.length : rank;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isEmptyValue = (value: unknown): boolean =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** 'every week', 'every 2 weeks', 'every month'. */
function repeatText(unit: unknown, every: unknown): string | undefined {
  const n = numberOf(every);
  if ((unit !== "WEEK" && unit !== "MONTH") || !n) return undefined;
  const noun = unit === "WEEK" ? "week" : "month";
  return n === 1 ? `every ${noun}` : `every ${n} ${noun}s`;
}

/**
 * A series' terms as a reader compares them: the frequency with how often it repeats as one field,
 * the start on the wall clock. A change's anchor is the date its sentence names, so it is left out.
 */
function seriesTermsView(side: unknown, keepAnchor: boolean): unknown {
  if (!isObject(side)) return side;
  const { frequencyCode, repeatUnit, repeatEvery, anchorDate, startMinutes, ...rest } = side;
  const view: Json = {};
  const code = textOf(frequencyCode);
  const repeat = repeatText(repeatUnit, repeatEvery);
  if (code || repeat) view.frequency = [code && humanCode(code), repeat && `(${repeat})`].filter(Boolean).join(" ");
  if (keepAnchor && anchorDate !== undefined) view.anchorDate = anchorDate;
  const minutes = numberOf(startMinutes);
  if (minutes !== undefined) {
    view.startTime = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  }
  return { ...view, ...rest };
}

type SnapshotView = (before: unknown, after: unknown) => { before: unknown; after: unknown };

/** Actions whose snapshots read better reshaped before they are compared. */
const CHANGE_VIEWS: Record<string, SnapshotView> = {
  "series.create": (before, after) => ({ before, after: seriesTermsView(after, true) }),
  "series.change": (before, after) => ({ before: seriesTermsView(before, false), after: seriesTermsView(after, false) }),
  // The fields the merge changed on the record kept; the other record is the sentence's.
  "customer.merge": (before, after) => {
    const changed = ["notes", "tags", "phone"].filter((key) => key in objectOf(after));
    const pick = (side: unknown) => Object.fromEntries(changed.map((key) => [key, objectOf(side)[key]]));
    return { before: pick(before), after: pick(after) };
  },
};

/** The changed fields of a row; a create lists what was set, a delete what was removed. */
export function auditChanges(row: Pick<AuditRowWithFacts, "action" | "before" | "after" | "names">): AuditChange[] {
  const { before, after } = CHANGE_VIEWS[row.action]?.(row.before, row.after) ?? row;
  const names = row.names ?? {};
  if (Array.isArray(before) || Array.isArray(after)) {
    // A list as a whole (the order of a service's extras).
    if (same(before, after)) return [];
    const ordered = (list: unknown) =>
      Array.isArray(list)
        ? list.toSorted((a, b) => (numberOf(objectOf(a).order) ?? 0) - (numberOf(objectOf(b).order) ?? 0))
        : list;
    const field = row.action === "service.reorder_extras" ? "Order of extras" : "Value";
    const side = (list: unknown) => (list === null || list === undefined ? null : displayValue("list", ordered(list), names));
    return [{ field, before: side(before), after: side(after) }];
  }
  if (!isObject(before) && !isObject(after)) {
    if (same(before, after)) return [];
    const side = (value: unknown) => (value === null || value === undefined ? null : displayValue("value", value, names));
    return [{ field: "Value", before: side(before), after: side(after) }];
  }
  const old = objectOf(before);
  const next = objectOf(after);
  const lone = !isObject(before) || !isObject(after);
  const keys = [...new Set([...Object.keys(next), ...Object.keys(old)])]
    .filter((key) => !IGNORED_FIELDS.has(key))
    // The database keeps JSON keys in its own order; a reader wants the start before the end.
    .toSorted((a, b) => fieldRank(a) - fieldRank(b));
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const [was, now] = [old[key], next[key]];
    if (same(was, now)) continue;
    // A create or delete lists the fields that held something.
    if (lone && isEmptyValue(was ?? now)) continue;
    const change = {
      field: fieldLabel(key),
      before: isObject(before) ? displayValue(key, was, names) : null,
      after: isObject(after) ? displayValue(key, now, names) : null,
    };
    // Values that read the same (no note before, an empty one after) are no change to a reader.
    if (change.before !== change.after) changes.push(change);
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------
// What happened, in one sentence

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
  "booking.create_by_staff": (ctx) => {
    const start = timeAt(ctx.after.startTime);
    return `Created ${bookingPhrase(ctx, "booking")}${start ? ` on ${start}` : ""}${outsideHours(ctx)}${unnotified(ctx)}${overriding(ctx)}`;
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
  // Settings and closed dates
  "settings.scheduling": () => "Changed the scheduling settings",
  "settings.slot_buffer": (ctx) => {
    const minutes = numberOf(ctx.after.slotBufferMin);
    return minutes === undefined ? "Changed the slot buffer" : `Changed the slot buffer to ${minutes} minutes`;
  },
  "settings.content": () => "Changed the booking form content",
  "settings.service_area": () => "Changed the service area",
  "closed_date.add": (ctx) => `Closed ${closedDayLabel(ctx.row.entityId ?? String(ctx.after.date ?? ""), ctx.after.label)}`,
  "closed_date.remove": (ctx) => `Reopened ${closedDayLabel(ctx.row.entityId ?? String(ctx.before.date ?? ""), ctx.before.label)}`,
};

/** A booking named without its customer, who is the subject of the sentence. */
const customerFreeBooking = (ctx: Context): string =>
  bookingPhrase({ ...ctx, before: {}, after: {}, facts: { ...ctx.facts, firstName: null, lastName: null } });

function paymentSentence(ctx: Context): string {
  const settled = ctx.after.paymentStatus === "PAID" && ctx.before.paymentStatus !== "PAID";
  return `Recorded ${paymentPhrase(ctx.after)} on ${bookingPhrase(ctx)}${settled ? ", now paid in full" : ""}`;
}

/** The actions the sentences above know; any other reads as the generic sentence. */
export const KNOWN_AUDIT_ACTIONS: readonly string[] = Object.keys(SENTENCES);

/** A readable sentence for an action this module does not know yet. */
function genericSentence(ctx: Context): string {
  const ref = auditRecordRef(ctx.row);
  const thing = ref ? `the ${ref.type.replaceAll("_", " ")} ${ref.label}` : ctx.row.entityId ? `the ${ctx.row.entity.replaceAll("_", " ")} ${ctx.row.entityId}` : `a ${ctx.row.entity.replaceAll("_", " ")}`;
  return `Made a change (${ctx.row.action}) to ${thing}`;
}

export function auditSummary(row: AuditRowWithFacts): string {
  const ctx: Context = { row, before: objectOf(row.before), after: objectOf(row.after), facts: row.facts ?? {} };
  return (SENTENCES[row.action] ?? genericSentence)(ctx);
}

/** The row as the log and a record's history show it; the stored fields stay as they are. */
export function readableAuditEntry(row: AuditRowWithFacts): ReadableAuditEntry {
  const { actorName: _actorName, facts: _facts, names: _names, ...stored } = row;
  return { ...stored, actor: auditActor(row), record: auditRecordRef(row), summary: auditSummary(row), changes: auditChanges(row) };
}
