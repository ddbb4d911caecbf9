/**
 * Settings inputs are clamped, not rejected (admin-area.md sections 5 and 9): each field's schema
 * reads what was sent as its clamped value, undefined meaning "keep the current one".
 */
import { z } from "zod";
import { readNumber } from "../shared/input.ts";
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
  horizonDays: { min: 1, max: 730, fallback: 365 },
  firstSlotHour: { min: 0, max: 23, fallback: 8 },
  lastSlotHour: { min: 0, max: 23, fallback: 16 },
  dayEndHour: { min: 1, max: 24, fallback: 18 },
  reminderHoursBefore: { min: 1, max: 168, fallback: 48 },
  freeChangeCutoffHours: { min: 0, max: 168, fallback: 24 },
  seriesHorizonWeeks: { min: 1, max: 26, fallback: 8 },
  /** Team mode's travel time between a cleaner's jobs, in 5-minute steps. */
  teamGapMin: { min: 0, max: 240, fallback: 30, step: 5 },
} as const;

/** How a start is offered (issue 28): by places per start, or by cleaners' working hours. */
export const AVAILABILITY_MODES = ["SLOTS", "TEAM"] as const;

export const CONTENT_LIMITS = { label: 100, placeholder: 200 } as const;

type Limits = { min: number; max: number; fallback: number; step?: number };

/** A whole number (a multiple of `step`, when given) within [min, max]; `fallback` when the value is not a number at all. */
function clampInt(value: unknown, limits: Limits): number {
  const n = readNumber(value);
  if (n === null) return limits.fallback;
  const step = limits.step ?? 1;
  return Math.min(limits.max, Math.max(limits.min, Math.round(n / step) * step));
}

/** Any JSON value, read by `read`; a field left out stays undefined. */
const lenient = <T>(read: (value: unknown) => T | undefined, meta: Record<string, unknown>) =>
  z.unknown().transform(read).optional().meta(meta);

const clamped = (limits: Limits, description = "") =>
  lenient((v) => clampInt(v, limits), {
    type: "integer",
    minimum: limits.min,
    maximum: limits.max,
    ...(limits.step ? { multipleOf: limits.step } : {}),
    description: `${description}Clamped to ${limits.min}-${limits.max}${limits.step ? ` and rounded to a multiple of ${limits.step}` : ""}; ${limits.fallback} when not a number`,
  });

const isWeekday = (day: number | null): day is number => day !== null && Number.isInteger(day) && day >= 0 && day <= 6;

/** Weekdays sorted and once each; not a list reads as the default (Sundays closed). */
const closedWeekdays = (value: unknown): number[] =>
  Array.isArray(value)
    ? [...new Set(value.map(readNumber).filter(isWeekday))].sort((a, b) => a - b)
    : [...SCHEDULING_DEFAULTS.closedWeekdays];

const L = SCHEDULING_LIMITS;

export const schedulingChangesSchema = z.object({
  slotBufferMin: clamped(L.slotBufferMin, "Minutes either side of a start. "),
  maxConcurrentPerSlot: clamped(L.maxConcurrentPerSlot),
  enforceBuffer: lenient((v) => (typeof v === "boolean" ? v : undefined), { type: "boolean" }),
  leadDays: clamped(L.leadDays, "The earliest bookable date is this many days after today (Melbourne). "),
  horizonDays: clamped(L.horizonDays, "The latest bookable date is this many days after today (Melbourne); at least leadDays. "),
  firstSlotHour: clamped(L.firstSlotHour),
  lastSlotHour: clamped(L.lastSlotHour),
  dayEndHour: clamped(L.dayEndHour, "Close of the working day (Melbourne): every job must end by this hour. "),
  reminderHoursBefore: clamped(L.reminderHoursBefore, "Hours before a job its reminder e-mail goes to the customer. "),
  freeChangeCutoffHours: clamped(
    L.freeChangeCutoffHours,
    "Up to this many hours before the start the customer may move or cancel free of charge on the manage-my-booking page. ",
  ),
  seriesHorizonWeeks: clamped(L.seriesHorizonWeeks, "How many weeks ahead the visits of a series of regular cleans are booked. "),
  availabilityMode: lenient(
    (v) => (AVAILABILITY_MODES as readonly unknown[]).includes(v) ? v as SchedulingSettings["availabilityMode"] : undefined,
    {
      type: "string",
      enum: [...AVAILABILITY_MODES],
      description: "SLOTS: maxConcurrentPerSlot places a start; TEAM: a start is offered only when a cleaner is working and free for the whole visit. Any other value keeps the current mode",
    },
  ),
  teamGapMin: clamped(L.teamGapMin, "Team mode: minutes a cleaner needs between two jobs (travel). "),
  closedWeekdays: lenient(closedWeekdays, {
    type: "array",
    items: { type: "integer", minimum: 0, maximum: 6 },
    description: "0 = Sunday ... 6 = Saturday; other values are dropped",
  }),
}).meta({
  id: "SchedulingSettingsInput",
  description: "Fields left out keep their value; numbers are clamped to their limits, non-numbers fall back to the defaults.",
});

export type SchedulingChanges = z.output<typeof schedulingChangesSchema>;

/** The fields that were sent; the rest keep `current`'s value. */
const merged = <T extends object>(current: T, changes: Partial<T>): T => ({
  ...current,
  ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
});

/**
 * The settings after `changes`; reversed hours are read as the range the admin meant, and a
 * horizon shorter than the lead time is raised to it (else no day could be booked).
 */
export function clampSchedulingSettings(
  changes: SchedulingChanges,
  current: SchedulingSettings = SCHEDULING_DEFAULTS,
): SchedulingSettings {
  const next = merged(current, changes);
  if (next.firstSlotHour > next.lastSlotHour) [next.firstSlotHour, next.lastSlotHour] = [next.lastSlotHour, next.firstSlotHour];
  next.horizonDays = Math.max(next.horizonDays, next.leadDays);
  // A day that closes before its first start could take no job at all.
  next.dayEndHour = Math.max(next.dayEndHour, next.firstSlotHour + 1);
  return next;
}

/** Trimmed and cut to `max`; blank (or null) falls back to the default; not text keeps the current value. */
const label = (fallback: string, max: number) =>
  lenient((v) => (v === null || typeof v === "string" ? (v?.trim() || fallback).slice(0, max) : undefined), {
    type: "string",
    maxLength: max,
    description: `Blank falls back to "${fallback}"`,
  });

export const contentChangesSchema = z.object({
  generalCommentEnabled: lenient((v) => (typeof v === "boolean" ? v : undefined), { type: "boolean" }),
  generalCommentLabel: label(DEFAULT_COMMENT_LABEL, CONTENT_LIMITS.label),
  generalCommentPlaceholder: label(DEFAULT_COMMENT_PLACEHOLDER, CONTENT_LIMITS.placeholder),
  cancellationPolicyHtml: lenient((v) => (typeof v === "string" ? v : undefined), {
    type: "string",
    description: "Sanitised on save: p, br, strong, b, em, i, u, ul, ol, li, a (http, https, mailto, tel links; target _blank), " +
      "h3, h4, blockquote, span; no scripts, event handlers or styles.",
  }),
}).meta({ id: "BookingFormContentInput", description: "Fields left out (or of the wrong type) keep their value." });

export type ContentChanges = z.output<typeof contentChangesSchema>;

/** The content after `changes`; cancellationPolicyHtml passes through for the caller's sanitiser. */
export const normaliseBookingFormContent = (
  changes: ContentChanges,
  current: BookingFormContent = BOOKING_FORM_CONTENT_DEFAULTS,
): BookingFormContent => merged(current, changes);
