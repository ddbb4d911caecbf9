/**
 * Creating a booking or a quote from a customer's draft: validate, price from the catalogue,
 * check the answers, then (bookings only) take a place under the capacity rule, all in one
 * transaction with the e-mails, so nothing partial is ever stored.
 */
import type { CatalogReader } from "../catalog/ports.ts";
import type { SettingsStore } from "../settings/ports.ts";
import type { Clock } from "../shared/ports.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { ok, type Result } from "../shared/result.ts";
import { validateAnswers } from "./answers.ts";
import { capacityClaim } from "./capacity.ts";
import { validateDraft } from "./draft-validation.ts";
import { priceDraft } from "./pricing.ts";
import type { BookingStore, CustomerLinks } from "./ports.ts";
import { newManageToken } from "./manage-token.ts";
import { jobMinutes } from "./job-length.ts";
import { closedDateLabels, closedDateLookupDay, visitEnd } from "./scheduling.ts";
import { inServiceArea } from "../settings/service-area.ts";
import type { ClosedDatesStore } from "../settings/ports.ts";
import { parseIsoInstant } from "../shared/iso-instant.ts";
import type { Extra, Service } from "../catalog/types.ts";
import type { BookingDraftInput, BookingRecord, NewBookingRecord, RecordType } from "./types.ts";

// The capacity rule owns its refusal; the booking form and the availability check import it from here.
export { SLOT_UNAVAILABLE } from "./capacity.ts";

export interface CreateBookingDeps {
  catalog: CatalogReader;
  settings: Pick<SettingsStore, "getScheduling" | "getServiceArea">;
  closedDates: Pick<ClosedDatesStore, "list">;
  bookings: BookingStore;
  clock: Clock;
  /**
   * Prepares (reading settings, before the transaction opens) the function that writes a new
   * record's e-mails, which then run inside its transaction without further reads. The customer's
   * e-mails link to the manage-my-booking page with `links.manageToken`.
   */
  prepareEmails: () => Promise<(record: BookingRecord, links: CustomerLinks) => OutboxMessage[]>;
}

/**
 * Takes what bookingDraftSchema accepts (the API has parsed it with that schema already) and runs
 * validateDraft, the form's own function, with the live scheduling, the clock and the catalogue.
 */
export type CreateBooking = (input: BookingDraftInput, type: RecordType) => Promise<Result<BookingRecord>>;

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

export function makeCreateBooking(deps: CreateBookingDeps): CreateBooking {
  return async (input, type) => {
    const serviceId = typeof input.serviceId === "string" ? input.serviceId.trim() : "";
    const now = deps.clock.now();
    const start = typeof input.startTimeISO === "string" ? parseIsoInstant(input.startTimeISO) : null;
    const startYmd = start && closedDateLookupDay(start);
    const [scheduling, service, serviceArea, closedDates] = await Promise.all([
      deps.settings.getScheduling(),
      serviceId ? deps.catalog.getService(serviceId) : null,
      deps.settings.getServiceArea(),
      startYmd ? deps.closedDates.list({ from: startYmd, to: startYmd }) : [],
    ]);
    const [extras, frequencies, questions] = await Promise.all([
      service ? deps.catalog.listExtras(service._id) : [],
      deps.catalog.listFrequencies(),
      service ? deps.catalog.listQuestions(service._id) : [],
    ]);
    const closed = closedDateLabels(closedDates);
    const validated = validateDraft(input, {
      now,
      scheduling,
      pricingModel: service?.pricingModel,
      // A quote holds no place, so no length either: a visit too long for one day is what quotes are for.
      visit: (size) => ({
        closedDates: closed,
        // A size the service does not sell is the pricing's field error; its length judges nothing.
        lengthMinutes: type === "QUOTE" || !sizeSold(service, size)
          ? 0
          : jobMinutes(service, { ...size, extras: extraMinutes(size.extras, extras) }),
      }),
      servesPostcode: type === "BOOKING" ? (postCode) => inServiceArea(postCode, serviceArea) : undefined,
    });
    if (!validated.ok) return validated;
    const draft = validated.value;
    const priced = priceDraft(draft, { services: service ? [service] : [], extras, frequencies });
    if (!priced.ok) return priced;
    const answers = validateAnswers(draft.answers, questions);
    if (!answers.ok) return answers;

    const { totals, extraLines, frequency } = priced.value;
    // What the catalogue decides is snapshotted below; the customer's own fields (name, contacts,
    // address, notes) are kept as the schema read them, so a new one needs no line here.
    const {
      serviceId: _serviceId, pricingModel: _model, hours, bedrooms, extras: _extras, answers: _answers,
      frequencyCode: _frequency, startTime, ...customerFields
    } = draft;
    const details: Omit<NewBookingRecord, "type" | "status"> = {
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
    };

    const [emails, manage] = await Promise.all([deps.prepareEmails(), newManageToken()]);
    // The store keeps the token's hash; only the customer's e-mail carries the token itself.
    const emailsFor = (record: BookingRecord) => emails(record, { manageToken: manage.token });
    const access = { manageTokenHash: manage.hash };
    if (type === "QUOTE") {
      return ok(await deps.bookings.insertQuote({ ...details, type, status: "QUOTE_REQUESTED" }, emailsFor, access));
    }
    const claim = capacityClaim({ start: details.startTime, end: details.endTime }, scheduling);
    return await deps.bookings.reserve({ ...details, type, status: "PENDING" }, claim, emailsFor, access);
  };
}
