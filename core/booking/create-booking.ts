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
import type { BookingStore } from "./ports.ts";
import { bookingEndTime } from "./scheduling.ts";
import type { BookingDraftInput, BookingRecord, NewBookingRecord, RecordType } from "./types.ts";

// The capacity rule owns its refusal; the booking form and the availability check import it from here.
export { SLOT_UNAVAILABLE } from "./capacity.ts";

export interface CreateBookingDeps {
  catalog: CatalogReader;
  settings: Pick<SettingsStore, "getScheduling">;
  bookings: BookingStore;
  clock: Clock;
  /**
   * Prepares (reading settings, before the transaction opens) the function that writes a new
   * record's e-mails, which then run inside its transaction without further reads.
   */
  prepareEmails: () => Promise<(record: BookingRecord) => OutboxMessage[]>;
}

/**
 * Takes what bookingDraftSchema accepts (the API has parsed it with that schema already) and runs
 * validateDraft, the form's own function, with the live scheduling, the clock and the catalogue.
 */
export type CreateBooking = (input: BookingDraftInput, type: RecordType) => Promise<Result<BookingRecord>>;

export function makeCreateBooking(deps: CreateBookingDeps): CreateBooking {
  return async (input, type) => {
    const serviceId = typeof input.serviceId === "string" ? input.serviceId.trim() : "";
    const [scheduling, service] = await Promise.all([
      deps.settings.getScheduling(),
      serviceId ? deps.catalog.getService(serviceId) : null,
    ]);
    const validated = validateDraft(input, { now: deps.clock.now(), scheduling, pricingModel: service?.pricingModel });
    if (!validated.ok) return validated;
    const draft = validated.value;

    const [extras, frequencies, questions] = await Promise.all([
      service ? deps.catalog.listExtras(service._id) : [],
      deps.catalog.listFrequencies(),
      service ? deps.catalog.listQuestions(service._id) : [],
    ]);
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
      endTime: bookingEndTime(startTime, priced.value.service.pricingModel, hours),
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

    const emailsFor = await deps.prepareEmails();
    if (type === "QUOTE") {
      return ok(await deps.bookings.insertQuote({ ...details, type, status: "QUOTE_REQUESTED" }, emailsFor));
    }
    const claim = capacityClaim(details.startTime, scheduling);
    return await deps.bookings.reserve({ ...details, type, status: "PENDING" }, claim, emailsFor);
  };
}
