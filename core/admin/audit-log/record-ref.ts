/**
 * Which record an audit row is about, by its human name (a booking's reference and customer, a
 * service's name, a closed day's date), not its id; null once the record is gone.
 */
import { INQUIRY_TYPE_LABELS } from "../../inquiry/types.ts";
import type { InquiryType } from "../../inquiry/types.ts";
import { isYmd } from "../../shared/melbourne-time.ts";
import type { AuditRecordRef, AuditRowWithFacts } from "./types.ts";
import { fullName, humanCode, humanKey, isRecordId, textOf } from "./json-readers.ts";
import { formatDay } from "./audit-time.ts";

/** The entities the reader looks up; a row about one of them whose facts are null is gone. */
const LOOKED_UP = new Set(["booking", "inquiry", "series", "customer", "service", "extra", "frequency", "question", "admin", "cleaner", "closed_date"]);

const SETTINGS_LABELS: Record<string, string> = {
  scheduling: "Scheduling settings",
  booking_form_content: "Booking form content",
  service_area: "Service area",
  business_details: "Business details",
};

export const inquiryTypeLabel = (type: unknown): string | undefined =>
  typeof type === "string" ? INQUIRY_TYPE_LABELS[type as InquiryType] ?? humanCode(type) : undefined;

export const closedDayLabel = (ymd: string, label: unknown): string =>
  `${isYmd(ymd) ? formatDay(ymd) : ymd}${textOf(label) ? ` (${textOf(label)})` : ""}`;

/**
 * A series by its frequency: 'weekly clean'; 'regular clean (Every 3 weeks)' for a name that does
 * not read as an adverb; 'regular clean' when none is known.
 */
export const seriesNoun = (frequencyName: unknown): string => {
  const name = textOf(frequencyName);
  if (!name) return "regular clean";
  return /^[a-z-]+ly$/i.test(name) ? `${name.toLowerCase()} clean` : `regular clean (${name})`;
};

export function auditRecordRef(row: Pick<AuditRowWithFacts, "entity" | "entityId" | "facts">): AuditRecordRef | null {
  const { entity, entityId: id, facts } = row;
  if (id === null) return null;
  if (entity === "settings") return { type: "settings", id, label: SETTINGS_LABELS[id] ?? humanKey(id) };
  // A kind the reader does not look up: by its id only when that reads as something (a date), never a record id.
  if (!LOOKED_UP.has(entity)) return isRecordId(id) ? null : { type: entity, id, label: id };
  if (!facts) return null;
  switch (entity) {
    case "booking": {
      const name = fullName(facts.firstName, facts.lastName);
      const label = [textOf(facts.reference), name].filter(Boolean).join(" · ");
      return { type: facts.type === "QUOTE" ? "quote" : "booking", id, label: label || (facts.type === "QUOTE" ? "A quote" : "A booking") };
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
      return { type: "customer", id, label: fullName(facts.firstName, facts.lastName) ?? textOf(facts.email) ?? "A customer record" };
    case "closed_date":
      return { type: "closed_date", id, label: closedDayLabel(id, facts.label) };
    default:
      return { type: entity, id, label: textOf(facts.name) ?? `${/^[aeiou]/.test(entity) ? "An" : "A"} ${entity.replaceAll("_", " ")}` };
  }
}
