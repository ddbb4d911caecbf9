/** Settings inputs are clamped, not rejected (admin-area.md sections 5 and 9). */
import { isRecord, readNumber, readText } from "../shared/input.ts";
import {
  BOOKING_FORM_CONTENT_DEFAULTS,
  type BookingFormContent,
  DEFAULT_COMMENT_LABEL,
  DEFAULT_COMMENT_PLACEHOLDER,
  SCHEDULING_DEFAULTS,
  type SchedulingSettings,
} from "./types.ts";

export const SCHEDULING_LIMITS = {
  slotBufferMin: { min: 0, max: 1440, fallback: 120 },
  maxConcurrentPerSlot: { min: 1, max: 50, fallback: 1 },
  leadDays: { min: 0, max: 60, fallback: 4 },
  firstSlotHour: { min: 0, max: 23, fallback: 8 },
  lastSlotHour: { min: 0, max: 23, fallback: 16 },
} as const;

export const CONTENT_LIMITS = { label: 100, placeholder: 200 } as const;

/** A whole number within [min, max]; `fallback` when the value is not a number at all. */
function clampInt(value: unknown, limits: { min: number; max: number; fallback: number }): number {
  const n = readNumber(value);
  if (n === null) return limits.fallback;
  return Math.min(limits.max, Math.max(limits.min, Math.round(n)));
}

export const clampSlotBuffer = (value: unknown): number =>
  clampInt(value, SCHEDULING_LIMITS.slotBufferMin);

function clampClosedWeekdays(value: unknown): number[] {
  if (!Array.isArray(value)) return [...SCHEDULING_DEFAULTS.closedWeekdays];
  const days = value.map(readNumber).filter((d): d is number =>
    d !== null && Number.isInteger(d) && d >= 0 && d <= 6
  );
  return [...new Set(days)].sort((a, b) => a - b);
}

/**
 * Fields left out keep `current`'s value; fields sent are clamped to their limits, and values
 * that are not numbers (or booleans) fall back to the spec's defaults.
 */
export function clampSchedulingSettings(
  input: unknown,
  current: SchedulingSettings = SCHEDULING_DEFAULTS,
): SchedulingSettings {
  const raw = isRecord(input) ? input : {};
  const pick = <K extends keyof SchedulingSettings>(
    key: K,
    clamp: (value: unknown) => SchedulingSettings[K],
  ) => raw[key] === undefined ? current[key] : clamp(raw[key]);
  const L = SCHEDULING_LIMITS;
  let firstSlotHour = pick("firstSlotHour", (v) => clampInt(v, L.firstSlotHour));
  let lastSlotHour = pick("lastSlotHour", (v) => clampInt(v, L.lastSlotHour));
  // Reversed hours are read as the range the admin meant.
  if (firstSlotHour > lastSlotHour) [firstSlotHour, lastSlotHour] = [lastSlotHour, firstSlotHour];
  return {
    slotBufferMin: pick("slotBufferMin", clampSlotBuffer),
    maxConcurrentPerSlot: pick("maxConcurrentPerSlot", (v) => clampInt(v, L.maxConcurrentPerSlot)),
    enforceBuffer: pick(
      "enforceBuffer",
      (v) => (typeof v === "boolean" ? v : current.enforceBuffer),
    ),
    leadDays: pick("leadDays", (v) => clampInt(v, L.leadDays)),
    firstSlotHour,
    lastSlotHour,
    closedWeekdays: pick("closedWeekdays", clampClosedWeekdays),
  };
}

/**
 * Trims the comment label and placeholder, falling back to the defaults when blank; fields left
 * out keep `current`. cancellationPolicyHtml passes through for the caller's sanitiser.
 */
export function normaliseBookingFormContent(
  input: unknown,
  current: BookingFormContent = BOOKING_FORM_CONTENT_DEFAULTS,
): BookingFormContent {
  const raw = isRecord(input) ? input : {};
  const textOr = (value: unknown, currentValue: string, fallback: string, max: number): string => {
    if (value === undefined || (value !== null && typeof value !== "string")) return currentValue;
    return (readText(value) || fallback).slice(0, max);
  };
  return {
    generalCommentEnabled: typeof raw.generalCommentEnabled === "boolean"
      ? raw.generalCommentEnabled
      : current.generalCommentEnabled,
    generalCommentLabel: textOr(
      raw.generalCommentLabel,
      current.generalCommentLabel,
      DEFAULT_COMMENT_LABEL,
      CONTENT_LIMITS.label,
    ),
    generalCommentPlaceholder: textOr(
      raw.generalCommentPlaceholder,
      current.generalCommentPlaceholder,
      DEFAULT_COMMENT_PLACEHOLDER,
      CONTENT_LIMITS.placeholder,
    ),
    cancellationPolicyHtml: typeof raw.cancellationPolicyHtml === "string"
      ? raw.cancellationPolicyHtml
      : current.cancellationPolicyHtml,
  };
}
