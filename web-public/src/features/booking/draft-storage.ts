/**
 * The booking form's draft kept in sessionStorage until it is submitted (issue 14), so Back and
 * reload do not lose what the customer typed. Only this tab sees it; it goes with the tab, and
 * after a successful booking or quote nothing is kept.
 */
import type { PricingModel } from "@yarra/api/client/types.ts";
import { type BookingForm, type ChosenExtra, EMPTY_FORM } from "./booking-draft.ts";

export const DRAFT_STORAGE_KEY = "yarra:booking-draft";

export interface StoredDraft {
  form: BookingForm;
  /** The `?service=` slug already applied to this draft, so a reload does not apply it again. */
  preselected?: string;
}

const PRICING_MODELS: readonly PricingModel[] = ["HOURLY", "BEDROOMS", "FIXED"];

/** sessionStorage, or null where there is none (the prerender) or it is blocked. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

const text = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);
const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function extrasOf(value: unknown): ChosenExtra[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.extraId === "string" && Number.isInteger(item.quantity) && Number(item.quantity) >= 1
      ? [{ extraId: item.extraId, title: text(item.title), quantity: Number(item.quantity) }]
      : []
  );
}

function answersOf(value: unknown): BookingForm["answers"] {
  if (!isRecord(value)) return {};
  const answers: BookingForm["answers"] = {};
  for (const [id, answer] of Object.entries(value)) {
    if (typeof answer === "string") answers[id] = answer;
    else if (Array.isArray(answer)) answers[id] = answer.filter((v): v is string => typeof v === "string");
  }
  return answers;
}

/** Whatever was stored, made into a form: a field of the wrong kind falls back to the empty form's. */
export function formFromStored(value: unknown): BookingForm | null {
  if (!isRecord(value)) return null;
  const address = isRecord(value.address) ? value.address : {};
  const model = PRICING_MODELS.find((m) => m === value.servicePricingModel) ?? null;
  return {
    firstName: text(value.firstName),
    lastName: text(value.lastName),
    email: text(value.email),
    phone: text(value.phone),
    address: {
      unit: text(address.unit),
      street: text(address.street),
      suburb: text(address.suburb),
      state: text(address.state, EMPTY_FORM.address.state),
      postCode: text(address.postCode),
    },
    serviceId: text(value.serviceId),
    servicePricingModel: model,
    serviceName: text(value.serviceName),
    hours: numberOrNull(value.hours),
    bedrooms: numberOrNull(value.bedrooms),
    extras: extrasOf(value.extras),
    date: text(value.date),
    startTimeISO: text(value.startTimeISO),
    frequencyCode: text(value.frequencyCode, EMPTY_FORM.frequencyCode) || EMPTY_FORM.frequencyCode,
    answers: answersOf(value.answers),
    notes: text(value.notes),
  };
}

export function readStoredDraft(): StoredDraft | null {
  const raw = storage()?.getItem(DRAFT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return null;
    const form = formFromStored(parsed.form);
    if (!form) return null;
    return typeof parsed.preselected === "string" ? { form, preselected: parsed.preselected } : { form };
  } catch {
    return null;
  }
}

export function storeDraft(draft: StoredDraft): void {
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the form works on, it just won't survive a reload.
  }
}

export function clearStoredDraft(): void {
  try {
    storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear where storage is blocked.
  }
}
