/**
 * The office's booking form (issue 16): its state, the draft it sends, and the live price and
 * validation, both core's own (priceDraft and validateDraft, as the public form runs them), so the
 * screen, the public form and the server can never disagree.
 */
import type {
  ExtraDto,
  FrequencyDto,
  PricingModel,
  PublicSchedulingDto,
  QuestionDto,
  ServiceDto,
  Wire,
} from "@yarra/api/client/types.ts";
import { type BookingFormFields, draftFieldErrors, draftOfForm, livePriceOf } from "@yarra/core/booking/draft/form-to-draft.ts";
import { jobMinutes } from "@yarra/core/booking/pricing/job-length.ts";
import type { StaffCreateStatus } from "@yarra/core/booking/staff/booking-schemas.ts";
import { startRulesFor } from "@yarra/core/booking/draft/prepare-record.ts";
import type { PricedDraft } from "@yarra/core/booking/pricing/pricing.ts";
import type { BookingRecord } from "@yarra/core/booking/types.ts";
import type { Extra, Frequency, Question, Service } from "@yarra/core/catalog/types.ts";
import { isYmd, melbourneHourMinute, melbourneInstant, melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { emptyOfficeText, OFFICE_TEXT_KEYS, type OfficeText, officeTextGiven, officeTextOf } from "@yarra/core/booking/text-fields.ts";

export type BookingDto = Wire<BookingRecord>;

/** The fields both booking forms hold (answers: new bookings only), and the office's own. */
export interface StaffBookingForm extends BookingFormFields, OfficeText {
  /** Melbourne date, YYYY-MM-DD. */
  date: string;
  /** The start as the time input holds it ("09:00", "10:30"), or "" until one is chosen. */
  time: string;
  /** The office's tick for a start outside the working hours (issue 28); sent only when ticked. */
  allowOutsideHours: boolean;
  /** Whether the customer is e-mailed the booking (or, on an edit, what changed): sent beside the draft, never part of it. */
  notifyCustomer: boolean;
  /**
   * A new booking's status from the start (issue 34): PENDING, or CONFIRMED when the time was
   * agreed on the phone (the customer's one e-mail then says it is confirmed). Not an edit's: it
   * changes status with the status actions.
   */
  bookingStatus: BookingStatusChoice;
}

/** The statuses the office may make a booking in (POST /api/admin/bookings's status): core's list. */
export type BookingStatusChoice = StaffCreateStatus;

export const EMPTY_FORM: StaffBookingForm = {
  serviceId: "",
  hours: null,
  bedrooms: null,
  extras: [],
  frequencyCode: "ONE_TIME",
  date: "",
  time: "",
  allowOutsideHours: false,
  notifyCustomer: true,
  bookingStatus: "PENDING",
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  // The business serves Victoria; the validator still accepts every state.
  address: { unit: "", street: "", suburb: "", state: "VIC", postCode: "" },
  answers: {},
  notes: "",
  ...emptyOfficeText(),
};

/** The form of a stored booking or quote, for the edit screen. */
export function formOf(booking: BookingDto): StaffBookingForm {
  const start = new Date(booking.startTime);
  const { hour, minute } = melbourneHourMinute(start);
  return {
    serviceId: booking.serviceId ?? "",
    hours: booking.hours,
    bedrooms: booking.bedrooms,
    extras: booking.extras.map(({ extraId, quantity }) => ({ extraId, quantity })),
    frequencyCode: booking.frequencyCode,
    date: melbourneYmd(start),
    time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
    allowOutsideHours: false,
    notifyCustomer: true,
    bookingStatus: "PENDING",
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    address: {
      unit: booking.address.unit ?? "",
      street: booking.address.street,
      suburb: booking.address.suburb,
      state: booking.address.state,
      postCode: booking.address.postCode,
    },
    answers: {},
    notes: booking.notes,
    ...officeTextOf(booking),
  };
}

/** A new service: its size and add-ons start again. */
export const withService = (form: StaffBookingForm, serviceId: string): StaffBookingForm => ({
  ...form,
  serviceId,
  hours: null,
  bedrooms: null,
  extras: [],
  answers: {},
});

/** Ticks or unticks an add-on (1 of it when ticked). */
export function toggleExtra(form: StaffBookingForm, extraId: string, chosen: boolean): StaffBookingForm {
  const others = form.extras.filter((line) => line.extraId !== extraId);
  return { ...form, extras: chosen ? [...others, { extraId, quantity: 1 }] : others };
}

export function setExtraQuantity(form: StaffBookingForm, extraId: string, quantity: number): StaffBookingForm {
  return { ...form, extras: form.extras.map((line) => (line.extraId === extraId ? { ...line, quantity } : line)) };
}

/** The start as ISO (UTC) from the date and the time (HH:MM), or "" until both are chosen. */
export function startTimeIsoOf(form: Pick<StaffBookingForm, "date" | "time">): string {
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(form.time);
  if (!isYmd(form.date) || !clock) return "";
  return melbourneInstant(form.date, Number(clock[1]), Number(clock[2])).toISOString();
}

/** minHours to maxHours in stepHours steps, in hundredths so 0.5 steps are exact. */
export function hoursOptions(service: Pick<ServiceDto, "minHours" | "maxHours" | "stepHours">): number[] {
  const [min, max, step] = [service.minHours, service.maxHours, service.stepHours > 0 ? service.stepHours : 1]
    .map((n) => Math.round(n * 100));
  const options: number[] = [];
  if (!(min > 0) || !(max >= min)) return options;
  for (let h = min; h <= max && options.length < 200; h += step) options.push(h / 100);
  return options;
}

/**
 * The public draft the form stands for: core's mapping, which the public form shares, with the start
 * from the date and time inputs (POST /api/admin/bookings adds notifyCustomer to it).
 */
export function draftOf(form: StaffBookingForm, pricingModel: PricingModel | null, questions: QuestionDto[]) {
  return draftOfForm(form, { pricingModel, startTimeISO: startTimeIsoOf(form), questions });
}

/** POST /api/admin/bookings's body: the public draft, its status, whom to tell, and the tick for a start outside the hours. */
export function newBookingOf(form: StaffBookingForm, pricingModel: PricingModel | null, questions: QuestionDto[]) {
  return {
    ...draftOf(form, pricingModel, questions),
    // The office's own notes, when written (the public draft has no such field).
    ...officeTextGiven(Object.fromEntries(OFFICE_TEXT_KEYS.map((key) => [key, form[key].trim() || undefined]))),
    status: form.bookingStatus,
    notifyCustomer: form.notifyCustomer,
    ...(form.allowOutsideHours ? { allowOutsideHours: true } : {}),
  };
}

export interface PricingCatalogue {
  services: ServiceDto[];
  extras: ExtraDto[];
  frequencies: FrequencyDto[];
}

/** The catalogue as core's types read it: the public lists hold only live rows (deletedAt null). */
const asCore = (catalogue: PricingCatalogue) => ({
  services: catalogue.services as unknown as Service[],
  extras: catalogue.extras as unknown as Extra[],
  frequencies: catalogue.frequencies as Frequency[],
});

/** The price the public form would show for this choice, or null while it cannot be priced. */
export function livePrice(form: StaffBookingForm, catalogue: PricingCatalogue): PricedDraft | null {
  return livePriceOf(form, asCore(catalogue));
}

/** How long the chosen job takes (core's job length), or null without a service. */
export function jobLengthOf(form: StaffBookingForm, catalogue: PricingCatalogue): number | null {
  const service = catalogue.services.find((s) => s._id === form.serviceId);
  if (!service) return null;
  const extras = form.extras.flatMap((line) => {
    const extra = catalogue.extras.find((e) => e._id === line.extraId);
    return extra ? [{ durationMinutes: extra.durationMinutes, quantity: extra.hasQuantity ? line.quantity : 1 }] : [];
  });
  return jobMinutes(service as unknown as Service, { hours: form.hours, bedrooms: form.bedrooms, extras });
}

export interface FormChecks {
  now: Date;
  scheduling: PublicSchedulingDto;
  pricingModel: PricingModel | null;
  questions: QuestionDto[];
  /** Judge the start (a new booking, or an edit that moves it); the office's rules: no lead time. */
  judgeStart: boolean;
}

/** Core's messages for the draft and the answers, keyed by field path as the server keys them. */
export function validateForm(form: StaffBookingForm, checks: FormChecks): FieldErrors {
  return draftFieldErrors(draftOf(form, checks.pricingModel, checks.questions), checks.questions as Question[], {
    now: checks.now,
    scheduling: checks.judgeStart ? startRulesFor(checks.scheduling, "staff", form.allowOutsideHours) : undefined,
    pricingModel: checks.pricingModel,
  });
}

/** The fields PATCH /api/admin/bookings/{id} takes, as far as the form differs from the booking. */
export function changesOf(form: StaffBookingForm, initial: StaffBookingForm, pricingModel: PricingModel | null) {
  const now = draftOf(form, pricingModel, []);
  const was = draftOf(initial, pricingModel, []);
  const keys = [
    "startTimeISO", "hours", "bedrooms", "extras", "frequencyCode", "address", "firstName", "lastName", "email", "phone", "notes",
  ] as const;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  // The office's own text is not the draft's: compared as typed (the server trims it).
  const office = OFFICE_TEXT_KEYS.filter((key) => form[key].trim() !== initial[key].trim()).map((key) => [key, form[key]]);
  return Object.fromEntries([...keys.filter((key) => !same(now[key], was[key])).map((key) => [key, now[key]]), ...office]) as
    & Partial<typeof now>
    & Partial<OfficeText>;
}

export type BookingChanges = ReturnType<typeof changesOf>;

/** Whether the form changes what the price is worked out from. */
export const changesPrice = (changes: Record<string, unknown>) =>
  ["hours", "bedrooms", "extras", "frequencyCode"].some((key) => key in changes);
