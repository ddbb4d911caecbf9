/**
 * What a new or changed record is made of, whoever makes it: a draft read against the live
 * catalogue, scheduling and service area, validated with the form's own function and priced by
 * core. The public booking form (create-booking.ts) and the office (staff-bookings.ts, issue 16)
 * both go through here, so a phone booking is priced and judged exactly like a website one.
 */
import type { CatalogReader } from "../../catalog/ports.ts";
import type { Extra, Frequency, Question, Service } from "../../catalog/types.ts";
import type { ClosedDatesStore, SettingsStore } from "../../settings/ports.ts";
import { inServiceArea } from "../../settings/service-area.ts";
import type { SchedulingSettings, ServiceArea } from "../../settings/types.ts";
import { parseIsoInstant } from "../../shared/iso-instant.ts";
import { declareError, type DomainError, type ErrorOf, ok, type Result, VALIDATION_FAILED, type ValidationFailed } from "../../shared/result.ts";
import { validateAnswers } from "./answers.ts";
import { validateDraft } from "./validation.ts";
import { jobMinutes } from "../pricing/job-length.ts";
import { PRICING_ERRORS, priceDraft } from "../pricing/pricing.ts";
import { closedDateLabels, closedDateLookupDay, STAFF_START_STEP_MINUTES, type StartTimeRules, visitEnd } from "../capacity/scheduling.ts";
import type { BookingDraft, BookingDraftInput, NewBookingRecord, RecordType } from "../types.ts";

/** A new record's fields before the store gives it a type and status (the caller decides those). */
export type RecordDetails = Omit<NewBookingRecord, "type" | "status">;

/** The catalogue a draft is priced from: its service (null: unknown or deleted) and what goes with it. */
export interface DraftCatalogue {
  service: Service | null;
  /** The service's live add-ons. */
  extras: Extra[];
  frequencies: Frequency[];
  /** The questions that apply (global ones and the service's). */
  questions: Question[];
}

/** What a draft is judged against besides the catalogue. */
export interface DraftRules {
  now: Date;
  /** The start's rules; absent, the start is not judged (see startRulesFor). */
  startRules?: StartTimeRules;
  /** Closed Melbourne dates around the start, with their labels. */
  closedDates: ReadonlyMap<string, string>;
  /** Bookings only: whether the business cleans at a postcode (quotes are how others ask). */
  servesPostcode?: (postCode: string) => boolean;
}

/** Who makes the record: the public form, or the office on the phone (issue 16). */
export type RecordMaker = "customer" | "staff";

/**
 * The start rules a maker is held to. The office may book inside the lead time (issue 16: "the
 * office decides"), so for staff the earliest day is today, and at any quarter hour (issue 28);
 * the working hours (slot hours, closed weekdays, the end of the working day) hold unless the
 * office says `allowOutsideHours` (audited by the caller). The past, the horizon and the closed
 * dates hold for everyone. The customer keeps the spec's hourly slots whatever is passed.
 */
export const startRulesFor = <S extends StartTimeRules>(scheduling: S, maker: RecordMaker, allowOutsideHours = false): S =>
  maker === "staff"
    ? { ...scheduling, leadDays: 0, startStepMinutes: STAFF_START_STEP_MINUTES, ...(allowOutsideHours ? { allowOutsideHours: true } : {}) }
    : scheduling;

/**
 * The minutes of the chosen add-ons that exist (unknown ones are the pricing's to refuse); as in
 * the price, the quantity counts only for an add-on sold by the unit, and no further than its
 * maximum (more is the pricing's field error; the start should not get a second, misleading one).
 */
export const extraMinutes = (lines: { extraId: string; quantity: number }[], extras: Extra[]) =>
  lines.flatMap((line) => {
    const extra = extras.find((candidate) => candidate._id === line.extraId.trim());
    return extra ? [{ durationMinutes: extra.durationMinutes, quantity: extra.hasQuantity ? Math.min(line.quantity, extra.maxQuantity) : 1 }] : [];
  });

/** Whether the service sells this size (the pricing refuses it otherwise, with its own message). */
function sizeSold(service: Service | null, size: { hours: number | null; bedrooms: number | null }): boolean {
  if (service?.pricingModel === "HOURLY") return size.hours !== null && size.hours >= service.minHours && size.hours <= service.maxHours;
  if (service?.pricingModel === "BEDROOMS") return service.bedroomPrices.some((row) => row.bedrooms === size.bedrooms);
  return true;
}

/** Everything a draft is read against, read once before any transaction opens. */
export interface DraftReads {
  catalogue: DraftCatalogue;
  scheduling: SchedulingSettings;
  serviceArea: ServiceArea;
  closedDates: ReadonlyMap<string, string>;
}

export interface DraftReaders {
  catalog: CatalogReader;
  settings: Pick<SettingsStore, "getScheduling" | "getServiceArea">;
  closedDates: Pick<ClosedDatesStore, "list">;
}

/**
 * Reads what `serviceId` and a start need: the live scheduling and service area, the service (null
 * when unknown or deleted) with its add-ons and questions, the frequencies, and the closed dates of
 * the start's Melbourne day.
 */
export async function readDraftCatalogue(
  readers: DraftReaders,
  request: { serviceId: unknown; startTimeISO: unknown },
): Promise<DraftReads> {
  const serviceId = typeof request.serviceId === "string" ? request.serviceId.trim() : "";
  const start = typeof request.startTimeISO === "string" ? parseIsoInstant(request.startTimeISO) : null;
  const startYmd = start && closedDateLookupDay(start);
  const [scheduling, service, serviceArea, closedDates] = await Promise.all([
    readers.settings.getScheduling(),
    serviceId ? readers.catalog.getService(serviceId) : null,
    readers.settings.getServiceArea(),
    startYmd ? readers.closedDates.list({ from: startYmd, to: startYmd }) : [],
  ]);
  const [extras, frequencies, questions] = await Promise.all([
    service ? readers.catalog.listExtras(service._id) : [],
    readers.catalog.listFrequencies(),
    service ? readers.catalog.listQuestions(service._id) : [],
  ]);
  return { catalogue: { service, extras, frequencies, questions }, scheduling, serviceArea, closedDates: closedDateLabels(closedDates) };
}

/**
 * The rules of `reads` for a maker and a record type: the service area is a booking's only;
 * `allowOutsideHours` is the office's alone (startRulesFor).
 */
export function draftRulesOf(reads: DraftReads, now: Date, type: RecordType, maker: RecordMaker, allowOutsideHours = false): DraftRules {
  return {
    now,
    startRules: startRulesFor(reads.scheduling, maker, allowOutsideHours),
    closedDates: reads.closedDates,
    servesPostcode: type === "BOOKING" ? (postCode) => inServiceArea(postCode, reads.serviceArea) : undefined,
  };
}

/**
 * validateDraft, the form's own function, with the catalogue's model and the visit the start is
 * judged for: a quote holds no place, so no length either (a visit too long for one day is what
 * quotes are for); a size the service does not sell is the pricing's field error, so its length
 * judges nothing.
 */
export function validateRecordDraft(
  input: BookingDraftInput,
  type: RecordType,
  catalogue: Pick<DraftCatalogue, "service" | "extras">,
  rules: DraftRules,
): Result<BookingDraft, ValidationFailed> {
  const { service, extras } = catalogue;
  return validateDraft(input, {
    now: rules.now,
    scheduling: rules.startRules,
    pricingModel: service?.pricingModel,
    visit: (size) => ({
      closedDates: rules.closedDates,
      lengthMinutes: type === "QUOTE" || !sizeSold(service, size)
        ? 0
        : jobMinutes(service, { ...size, extras: extraMinutes(size.extras, extras) }),
    }),
    servesPostcode: rules.servesPostcode,
  });
}

/**
 * A draft as a new record's fields: validated, priced from the catalogue, its answers checked
 * against the questions, its end worked out from the job length. What the catalogue decides is
 * snapshotted; the customer's own fields (name, contacts, address, notes) are kept as the schema
 * read them, so a new one needs no line here.
 */
export function prepareRecord(
  input: BookingDraftInput,
  type: RecordType,
  catalogue: DraftCatalogue,
  rules: DraftRules,
): Result<RecordDetails, PrepareRecordError> {
  const validated = validateRecordDraft(input, type, catalogue, rules);
  if (!validated.ok) return validated;
  const draft = validated.value;
  const { service, extras, frequencies } = catalogue;
  const priced = priceDraft(draft, { services: service ? [service] : [], extras, frequencies });
  if (!priced.ok) return priced;
  const answers = validateAnswers(draft.answers, catalogue.questions);
  if (!answers.ok) return answers;

  const { totals, extraLines, frequency } = priced.value;
  const {
    serviceId: _serviceId, pricingModel: _model, hours, bedrooms, extras: _extras, answers: _answers,
    frequencyCode: _frequency, startTime, ...customerFields
  } = draft;
  return ok({
    ...customerFields,
    paymentStatus: "UNPAID",
    serviceId: priced.value.service._id,
    serviceNameAtBooking: priced.value.service.name,
    pricingModel: priced.value.service.pricingModel,
    hours: priced.value.service.pricingModel === "HOURLY" ? hours : null,
    bedrooms: priced.value.service.pricingModel === "BEDROOMS" ? bedrooms : null,
    frequencyCode: frequency?.code ?? draft.frequencyCode,
    frequencyNameAtBooking: frequency?.name ?? draft.frequencyCode,
    frequencyDiscountPercent: totals.discountPercent,
    startTime,
    endTime: visitEnd(startTime, jobMinutes(priced.value.service, {
      hours,
      bedrooms,
      extras: extraLines.map((line) => ({ durationMinutes: line.extra.durationMinutes, quantity: line.quantity })),
    })),
    extras: extraLines.map((line) => ({
      extraId: line.extra._id,
      titleAtBooking: line.extra.title,
      quantity: line.quantity,
      priceAtBooking: line.extra.price,
    })),
    answers: answers.value,
    ...totals,
    totalPaid: null,
    paidAt: null,
  });
}

/** What preparing a record can refuse: the draft's fields, then its price (the answers are fields too). */
export const PREPARE_RECORD_ERRORS = [VALIDATION_FAILED, ...PRICING_ERRORS] as const;
export type PrepareRecordError = ErrorOf<typeof PREPARE_RECORD_ERRORS>;

/** The booking's service was deleted from the catalogue since: nothing to re-price it from. */
const serviceDeletedText = (serviceName: string) =>
  `The service of this booking (${serviceName}) has been deleted, so its price can’t be worked out again. ` +
  "Restore the service to change the size, add-ons or frequency.";

export const SERVICE_DELETED = declareError("conflict", "SERVICE_DELETED", serviceDeletedText("Regular Clean"));

export const serviceDeleted = (serviceName: string): DomainError<"SERVICE_DELETED"> => ({
  ...SERVICE_DELETED,
  message: serviceDeletedText(serviceName),
});
