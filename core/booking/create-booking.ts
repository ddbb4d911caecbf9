/**
 * Creating a booking or a quote from a customer's draft: validate, price from the catalogue,
 * check the answers, then (bookings only) take a place under the capacity rule, all in one
 * transaction with the e-mails, so nothing partial is ever stored.
 */
import type { CatalogReader } from "../catalog/ports.ts";
import type { SettingsStore } from "../settings/ports.ts";
import type { Clock } from "../shared/ports.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import {
  type DomainError,
  err,
  type FieldErrors,
  hasFieldErrors,
  mergeFieldErrors,
  ok,
  type Result,
  validationError,
} from "../shared/result.ts";
import { validateAnswers } from "./answers.ts";
import { capacityWindow, isSlotBlocked } from "./capacity.ts";
import { validateDraft } from "./draft-validation.ts";
import { priceDraft } from "./pricing.ts";
import type { BookingTransactor } from "./ports.ts";
import { bookingEndTime } from "./scheduling.ts";
import type { BookingDraftInput, BookingRecord, NewBookingRecord, RecordType } from "./types.ts";

export const SLOT_UNAVAILABLE = {
  kind: "conflict",
  code: "SLOT_UNAVAILABLE",
  message: "That time isn’t available. Please choose another.",
} as const satisfies DomainError;

export interface CreateBookingDeps {
  catalog: CatalogReader;
  settings: Pick<SettingsStore, "getScheduling">;
  transactor: BookingTransactor;
  clock: Clock;
  /**
   * Prepares (reading settings, before the transaction opens) the function that writes a new
   * record's e-mails, which then run inside its transaction without further reads.
   */
  prepareEmails: () => Promise<(record: BookingRecord) => OutboxMessage[]>;
}

/**
 * `shapeErrors` are what the API's request schema found wrong with the body's structure: they
 * are reported with core's messages, and stop the request even where core's rules would pass.
 */
export type CreateBooking = (
  input: BookingDraftInput,
  type: RecordType,
  shapeErrors?: FieldErrors,
) => Promise<Result<BookingRecord>>;

export function makeCreateBooking(deps: CreateBookingDeps): CreateBooking {
  return async (input, type, shapeErrors = {}) => {
    const now = deps.clock.now();
    const scheduling = await deps.settings.getScheduling();
    const service = typeof input.serviceId === "string" && input.serviceId.trim()
      ? await deps.catalog.getService(input.serviceId.trim())
      : null;

    const validated = validateDraft(input, { now, scheduling, pricingModel: service?.pricingModel });
    if (!validated.ok || hasFieldErrors(shapeErrors)) {
      return err(validationError(mergeFieldErrors(validated.ok ? {} : validated.error.fieldErrors ?? {}, shapeErrors)));
    }
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
    const record: NewBookingRecord = {
      type,
      status: type === "QUOTE" ? "QUOTE_REQUESTED" : "PENDING",
      paymentStatus: "UNPAID",
      firstName: draft.firstName,
      lastName: draft.lastName,
      email: draft.email,
      phone: draft.phone,
      address: draft.address,
      serviceId: priced.value.service._id,
      serviceNameAtBooking: priced.value.service.name,
      pricingModel: priced.value.service.pricingModel,
      hours: priced.value.service.pricingModel === "HOURLY" ? draft.hours : null,
      bedrooms: priced.value.service.pricingModel === "BEDROOMS" ? draft.bedrooms : null,
      frequencyCode: frequency?.code ?? draft.frequencyCode,
      frequencyNameAtBooking: frequency?.name ?? draft.frequencyCode,
      frequencyDiscountPercent: totals.discountPercent,
      startTime: draft.startTime,
      endTime: bookingEndTime(draft.startTime, priced.value.service.pricingModel, draft.hours),
      extras: extraLines.map((line) => ({
        extraId: line.extra._id,
        titleAtBooking: line.extra.title,
        quantity: line.quantity,
        priceAtBooking: line.extra.price,
      })),
      answers: answers.value,
      notes: draft.notes,
      ...totals,
      totalPaid: null,
      paidAt: null,
    };

    const emailsFor = await deps.prepareEmails();
    return await deps.transactor.run(async (tx) => {
      if (type === "BOOKING") {
        // Lock, then read: the decision and the insert are atomic across processes.
        await tx.lockCapacity();
        const window = capacityWindow(record.startTime, scheduling);
        const starts = await tx.capacityStartsBetween(window.from, window.to);
        if (isSlotBlocked(record.startTime, starts, scheduling)) return err(SLOT_UNAVAILABLE);
      }
      const stored = await tx.insertBooking(record);
      for (const message of emailsFor(stored)) await tx.enqueueEmail(message);
      return ok(stored);
    });
  };
}
