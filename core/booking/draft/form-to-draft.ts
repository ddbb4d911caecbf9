/**
 * How a booking form becomes the draft bookingDraftSchema reads: the one mapping that the public
 * booking form and the office's booking form share, so the same choices always send the same
 * body, get the same messages and show the same live price. Each form adds only what is its own:
 * the public form its service name and comment switch; the office's form its start from a time
 * input, the outside-hours tick and the changes an edit sends.
 */
import type { Answer, PricingModel, Question } from "../../catalog/types.ts";
import type { FieldErrors } from "../../shared/result.ts";
import { validateAnswers } from "./answers.ts";
import { type DraftValidationContext, validateDraft } from "./validation.ts";
import { type PricedDraft, priceDraft, type PricingCatalog } from "../pricing/pricing.ts";

/** An add-on the form has chosen, with how many. */
export interface FormExtraLine {
  extraId: string;
  quantity: number;
}

/** The address as the form's inputs hold it ('' when not filled in). */
export interface FormAddress {
  unit: string;
  street: string;
  suburb: string;
  state: string;
  postCode: string;
}

/** By question id: a string for TEXT and SINGLE questions, option values for MULTI. */
export type FormAnswers = Record<string, string | string[]>;

/** What both booking forms hold of a booking, as their inputs hold it. */
export interface BookingFormFields<Line extends FormExtraLine = FormExtraLine> {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: FormAddress;
  serviceId: string;
  hours: number | null;
  bedrooms: number | null;
  /** Chosen add-ons in the order they were chosen; a form may keep more beside them (the public form's titles). */
  extras: Line[];
  frequencyCode: string;
  answers: FormAnswers;
  notes: string;
}

/** A question as far as its answer's shape goes. */
export interface AnswerableQuestion {
  _id: string;
  text: string;
  options: readonly { value: string }[];
}

/** Answers as the API takes them, in the questions' order; unanswered questions are left out. */
export function answersOf(
  form: { answers: FormAnswers },
  questions: readonly AnswerableQuestion[],
): Answer[] {
  return questions.flatMap((question): Answer[] => {
    const value = form.answers[question._id];
    if (value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === "")) {
      return [];
    }
    // Option order, not click order, so the stored answer reads like the question.
    const ordered = Array.isArray(value)
      ? question.options.map((o) => o.value).filter((v) => value.includes(v))
      : value;
    return [{ questionId: question._id, value: ordered, label: question.text }];
  });
}

/** What the form knows beside its fields when it builds the draft. */
export interface DraftChoices {
  /** The chosen service's model: it decides whether the hours or the bedrooms are sent. */
  pricingModel: PricingModel | null;
  /** The start as ISO (UTC), or '' until the form has one. */
  startTimeISO: string;
  /** The questions that apply: their answers are sent in their order. */
  questions: readonly AnswerableQuestion[];
}

/** The draft the form stands for (the body of POST /api/bookings, /api/quotes and /api/admin/bookings). */
export function draftOfForm<Line extends FormExtraLine>(
  form: BookingFormFields<Line>,
  choices: DraftChoices,
) {
  // A blank unit is left out: the body says only what was filled in.
  const { unit, ...address } = form.address;
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email.trim(),
    phone: form.phone,
    address: unit.trim() === "" ? address : { ...address, unit },
    serviceId: form.serviceId,
    servicePricingModel: choices.pricingModel,
    hours: choices.pricingModel === "HOURLY" ? form.hours : null,
    bedrooms: choices.pricingModel === "BEDROOMS" ? form.bedrooms : null,
    extras: form.extras.map((line) => ({ ...line })),
    startTimeISO: choices.startTimeISO,
    frequencyCode: form.frequencyCode,
    answers: answersOf(form, choices.questions),
    notes: form.notes,
  };
}

export type FormDraft<Line extends FormExtraLine = FormExtraLine> = ReturnType<
  typeof draftOfForm<Line>
>;

/**
 * Core's messages for a form's draft and its answers, keyed by field path as the server keys them,
 * so the form shows what the server would answer.
 */
export function draftFieldErrors(
  draft: FormDraft,
  questions: Question[],
  ctx: DraftValidationContext,
): FieldErrors {
  const errors: FieldErrors = {};
  const drafted = validateDraft(draft, ctx);
  if (!drafted.ok) Object.assign(errors, drafted.error.fieldErrors);
  const answered = validateAnswers(draft.answers, questions);
  if (!answered.ok) Object.assign(errors, answered.error.fieldErrors);
  return errors;
}

/** The price of the form's choice of service, size, add-ons and frequency, or null while it cannot be priced. */
export function livePriceOf(
  form: Pick<BookingFormFields, "serviceId" | "hours" | "bedrooms" | "extras" | "frequencyCode">,
  catalog: PricingCatalog,
): PricedDraft | null {
  if (!form.serviceId) return null;
  const priced = priceDraft(
    {
      serviceId: form.serviceId,
      hours: form.hours,
      bedrooms: form.bedrooms,
      extras: form.extras.map(({ extraId, quantity }) => ({ extraId, quantity })),
      frequencyCode: form.frequencyCode,
    },
    catalog,
  );
  return priced.ok ? priced.value : null;
}
