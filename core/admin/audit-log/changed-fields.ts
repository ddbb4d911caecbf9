/**
 * The changed fields of an audit row, before and after as display strings: labels for the stored
 * keys, money, times, codes and lists as people read them, bookkeeping left out. No value reads as
 * an id or as JSON (issue 34 item 17): ids become the names the row or the reader gives them, and
 * anything nested reads as "label: value" parts.
 */
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../booking/payments/ledger.ts";
import { formatAud } from "../../shared/money.ts";
import { isYmd } from "../../shared/melbourne-time.ts";
import type { AuditChange, AuditRowWithFacts } from "./types.ts";
import { humanCode, humanKey, instantOf, isObject, isRecordId, type Json, numberOf, objectOf, textOf } from "./json-readers.ts";
import { formatAuditTime, formatDay } from "./audit-time.ts";
import { inquiryTypeLabel } from "./record-ref.ts";

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
export const IGNORED_FIELDS = new Set([
  "_id", "updatedAt", "createdAt", "paymentId", "notifyCustomer", "overrideCapacity", "allowOutsideHours", "calendarSequence",
  // Ids the record, its reference or the sentence already name; a series change's date is in its sentence.
  "bookingId", "firstBookingId", "seriesId", "mergedId", "fromDate", "cleanerId", "customerId",
]);

const MONEY_FIELDS = new Set([
  "amount", "totalPaid", "baseAmount", "extrasAmount", "firstServiceTotal", "recurringTotal", "balance", "price", "basePrice",
  "ratePerHour", "priceAtBooking", "paidToDate",
  // Issue 30: a priced quote's total.
  "total",
]);
const PERCENT_FIELDS = new Set(["discountPercent", "frequencyDiscountPercent"]);
const CODE_FIELDS = new Set(["status", "paymentStatus", "type", "role", "pricingModel", "scope", "frequencyCode"]);
/** Melbourne dates, 'YYYY-MM-DD'. */
const DAY_FIELDS = new Set(["date", "anchorDate", "seriesDate", "endsOn", "fromDate", "from", "to", "validUntil"]);
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

export const visits = (n: number): string => `${n} visit${n === 1 ? "" : "s"}`;

/** What an id a row's reader could not name is called, by the field that holds it. */
const GONE_BY_FIELD: Record<string, string> = {
  serviceId: "a service no longer listed",
  extraId: "an extra no longer listed",
  cleanerId: "a cleaner no longer listed",
  cleanerIds: "a cleaner no longer listed",
  questionId: "a question no longer listed",
  customerId: "a customer record",
  bookingId: "a booking",
};

/** An id by its name, as the row or the reader gives it; otherwise what it is, never the id. */
const namedId = (key: string, id: string, names: Record<string, string>): string =>
  names[id] ?? GONE_BY_FIELD[key] ?? "a record no longer listed";

/**
 * A side of a row as a reader compares it: an extra's or question's service by the name the row
 * keeps beside its id (the use case writes both), so a move reads "Service: Oven → Deep clean".
 */
export function readableSide(side: unknown): unknown {
  if (!isObject(side) || !textOf(side.serviceName)) return side;
  const { serviceName, ...rest } = side;
  return { ...rest, serviceId: serviceName };
}

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
    if (isRecordId(value)) return namedId(key, value, names);
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
    if (key === "holidays") return clip(value.map((day) => holidayText(objectOf(day))).join(", "));
    if (VISIT_ID_FIELDS.has(key)) return visits(value.length);
    if (key === "closedWeekdays") return value.map((day) => WEEKDAYS[Number(day)] ?? String(day)).join(", ");
    return clip(value.map((item) => listItem(key, item, names)).join(", "));
  }
  if (isObject(value)) {
    if (key === "address") return addressText(value) || "—";
    return clip(objectText(value, names));
  }
  return clip(String(value));
}

/** Anything else nested, as "Label: value" parts (never JSON); ids and bookkeeping left out. */
function objectText(value: Json, names: Record<string, string>): string {
  return Object.entries(value)
    .filter(([key, item]) => !IGNORED_FIELDS.has(key) && !isEmptyValue(item) && !isRecordId(item))
    .map(([key, item]) => `${fieldLabel(key)}: ${displayValue(key, item, names)}`)
    .join("; ") || "—";
}

/** 'Fri 25 Dec 2026 (Christmas Day)'. */
const holidayText = (day: Json): string => {
  const date = textOf(day.date);
  const label = textOf(day.label);
  const when = date && isYmd(date) ? formatDay(date) : date ?? "a day";
  return label ? `${when} (${label})` : when;
};

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
    // The reader's name now, else the title the row kept (an extra deleted since).
    const title = names[item.extraId as string] ?? textOf(item.title) ?? "an extra no longer listed";
    return `${title}${quantity > 1 ? ` × ${quantity}` : ""}`;
  }
  // A working day: 'Mon 8:00 am – 5:00 pm'.
  if (numberOf(item.weekday) !== undefined && textOf(item.start) && textOf(item.end)) {
    const clock = (hhmm: string) => (WALL_CLOCK.test(hhmm) ? wallClock(hhmm) : hhmm === "24:00" ? "midnight" : hhmm);
    return `${WEEKDAYS[item.weekday as number] ?? "A day"} ${clock(item.start as string)} – ${clock(item.end as string)}`;
  }
  // A record in a list (a deleted service's extras and questions): by its name.
  const name = textOf(item.title) ?? textOf(item.name) ?? textOf(item.text);
  if (name) return name;
  return objectText(item, names);
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

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
export const CHANGE_VIEWS: Record<string, SnapshotView> = {
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
  const view = CHANGE_VIEWS[row.action]?.(row.before, row.after) ?? row;
  const [before, after] = [readableSide(view.before), readableSide(view.after)];
  const names = row.names ?? {};
  // "Add Victoria's public holidays": one line per date closed, 'Fri 25 Dec 2026: Christmas Day'.
  if (row.action === "closed_date.add_public_holidays") {
    const days = Array.isArray(objectOf(after).holidays) ? objectOf(after).holidays as unknown[] : [];
    return days.map((day) => {
      const { date, label } = objectOf(day);
      return { field: typeof date === "string" && isYmd(date) ? formatDay(date) : String(date ?? "A day"), before: null, after: textOf(label) ?? "Closed" };
    });
  }
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
