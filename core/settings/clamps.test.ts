import assert from "node:assert/strict";
import * as clamps from "./clamps.ts";
import { isRecord } from "../shared/input.ts";
import {
  BOOKING_FORM_CONTENT_DEFAULTS,
  type BookingFormContent,
  SCHEDULING_DEFAULTS,
  type SchedulingSettings,
} from "./types.ts";

// Each body is read by its schema first, as the route does (a body that is not an object is a 400 there).
const body = (input: unknown) => (isRecord(input) ? input : {});
const clampSchedulingSettings = (input: unknown, current?: SchedulingSettings) =>
  clamps.clampSchedulingSettings(clamps.schedulingChangesSchema.parse(body(input)), current);
const clampSlotBuffer = (value: unknown) => clampSchedulingSettings({ slotBufferMin: value }).slotBufferMin;
const normaliseBookingFormContent = (input: unknown, current?: BookingFormContent) =>
  clamps.normaliseBookingFormContent(clamps.contentChangesSchema.parse(body(input)), current);

Deno.test("clampSlotBuffer", async (t) => {
  const cases: [unknown, number][] = [
    [120, 120],
    [0, 0],
    [1440, 1440],
    [1441, 1440],
    [-5, 0],
    ["90", 90],
    [45.6, 46],
    ["abc", 120],
    [null, 120],
    [undefined, 120],
    [Number.NaN, 120],
    [true, 120],
  ];
  for (const [value, expected] of cases) {
    await t.step(String(value), () => assert.equal(clampSlotBuffer(value), expected));
  }
});

Deno.test("clampSchedulingSettings", async (t) => {
  const current: SchedulingSettings = {
    slotBufferMin: 60,
    maxConcurrentPerSlot: 3,
    enforceBuffer: false,
    leadDays: 2,
    horizonDays: 180,
    firstSlotHour: 9,
    lastSlotHour: 15,
    closedWeekdays: [0, 1],
    dayEndHour: 17,
    reminderHoursBefore: 48,
    freeChangeCutoffHours: 12,
    seriesHorizonWeeks: 12,
    availabilityMode: "TEAM",
    teamGapMin: 45,
  };
  const cases: {
    name: string;
    input: unknown;
    current?: SchedulingSettings;
    expected: SchedulingSettings;
  }[] = [
    { name: "nothing sent keeps current", input: {}, current, expected: current },
    { name: "junk input keeps current", input: "settings", current, expected: current },
    { name: "nothing sent, no current: defaults", input: {}, expected: SCHEDULING_DEFAULTS },
    {
      name: "the three screen fields",
      input: { slotBufferMin: 90, maxConcurrentPerSlot: 2, enforceBuffer: true },
      current,
      expected: { ...current, slotBufferMin: 90, maxConcurrentPerSlot: 2, enforceBuffer: true },
    },
    {
      name: "clamped to the limits",
      input: {
        slotBufferMin: 5000,
        maxConcurrentPerSlot: 0,
        leadDays: 90,
        firstSlotHour: -1,
        lastSlotHour: 30,
      },
      current,
      expected: {
        ...current,
        slotBufferMin: 1440,
        maxConcurrentPerSlot: 1,
        leadDays: 60,
        firstSlotHour: 0,
        lastSlotHour: 23,
      },
    },
    {
      name: "reminder and free-change hours (issue 15) are clamped, and fall back to 24",
      input: { reminderHoursBefore: 0, freeChangeCutoffHours: 500 },
      current,
      expected: { ...current, reminderHoursBefore: 1, freeChangeCutoffHours: 168 },
    },
    {
      name: "reminder and free-change hours: not numbers",
      input: { reminderHoursBefore: "soon", freeChangeCutoffHours: -2 },
      current,
      expected: { ...current, reminderHoursBefore: 48, freeChangeCutoffHours: 0 },
    },
    {
      name: "the series horizon (issue 17) is clamped to 1-26 weeks, rounded, and falls back to 8",
      input: { seriesHorizonWeeks: 0 },
      current,
      expected: { ...current, seriesHorizonWeeks: 1 },
    },
    { name: "series horizon above 26", input: { seriesHorizonWeeks: 52 }, current, expected: { ...current, seriesHorizonWeeks: 26 } },
    { name: "series horizon as text", input: { seriesHorizonWeeks: "9.6" }, current, expected: { ...current, seriesHorizonWeeks: 10 } },
    { name: "series horizon not a number", input: { seriesHorizonWeeks: "soon" }, current, expected: { ...current, seriesHorizonWeeks: 8 } },
    { name: "team mode (issue 28)", input: { availabilityMode: "SLOTS" }, current, expected: { ...current, availabilityMode: "SLOTS" } },
    { name: "team mode from the defaults", input: { availabilityMode: "TEAM" }, expected: { ...SCHEDULING_DEFAULTS, availabilityMode: "TEAM" } },
    { name: "an unknown mode keeps the current one", input: { availabilityMode: "team" }, current, expected: current },
    { name: "a mode that is no text keeps the current one", input: { availabilityMode: 1 }, current, expected: current },
    { name: "travel time between jobs: rounded to 5 minutes", input: { teamGapMin: 47 }, current, expected: { ...current, teamGapMin: 45 } },
    { name: "travel time as text", input: { teamGapMin: "12.5" }, current, expected: { ...current, teamGapMin: 15 } },
    { name: "travel time clamped to 0-240", input: { teamGapMin: 1000 }, current, expected: { ...current, teamGapMin: 240 } },
    { name: "negative travel time is 0", input: { teamGapMin: -20 }, current, expected: { ...current, teamGapMin: 0 } },
    { name: "travel time not a number falls back to 30", input: { teamGapMin: "soon" }, current, expected: { ...current, teamGapMin: 30 } },
    {
      name: "upper limits",
      input: { maxConcurrentPerSlot: 51, slotBufferMin: -1, leadDays: -3 },
      current,
      expected: { ...current, maxConcurrentPerSlot: 50, slotBufferMin: 0, leadDays: 0 },
    },
    {
      name: "not numbers fall back to the spec's defaults",
      input: {
        slotBufferMin: "lots",
        maxConcurrentPerSlot: null,
        leadDays: {},
        firstSlotHour: "x",
        lastSlotHour: [],
        enforceBuffer: "yes",
      },
      current,
      expected: {
        ...current,
        slotBufferMin: 120,
        maxConcurrentPerSlot: 1,
        leadDays: 4,
        firstSlotHour: 8,
        lastSlotHour: 16,
        enforceBuffer: false,
      },
    },
    {
      name: "non-boolean enforcement falls back to true without current",
      input: { enforceBuffer: 1 },
      expected: { ...SCHEDULING_DEFAULTS, enforceBuffer: true },
    },
    {
      name: "numeric strings and fractions",
      input: { maxConcurrentPerSlot: "2.4", leadDays: "7" },
      current,
      expected: { ...current, maxConcurrentPerSlot: 2, leadDays: 7 },
    },
    {
      name: "the booking horizon: clamped to 1-730, never shorter than the lead time",
      input: { horizonDays: 10_000 },
      current,
      expected: { ...current, horizonDays: 730 },
    },
    {
      name: "a horizon under the lead time is raised to it",
      input: { leadDays: 30, horizonDays: 7 },
      current,
      expected: { ...current, leadDays: 30, horizonDays: 30 },
    },
    {
      name: "a horizon that is no number falls back to 365",
      input: { horizonDays: "1e400" },
      current,
      expected: { ...current, horizonDays: 365 },
    },
    {
      name: "reversed hours are swapped",
      input: { firstSlotHour: 17, lastSlotHour: 8 },
      current,
      expected: { ...current, firstSlotHour: 8, lastSlotHour: 17 },
    },
    {
      name: "first hour after the current last",
      input: { firstSlotHour: 18 },
      current,
      expected: { ...current, firstSlotHour: 15, lastSlotHour: 18 },
    },
    {
      name: "closed days cleaned",
      input: { closedWeekdays: [6, 0, 0, 7, -1, 2.5, "3"] },
      current,
      expected: { ...current, closedWeekdays: [0, 3, 6] },
    },
    {
      name: "open every day",
      input: { closedWeekdays: [] },
      current,
      expected: { ...current, closedWeekdays: [] },
    },
    {
      name: "closed days not a list",
      input: { closedWeekdays: "Sunday" },
      current,
      expected: { ...current, closedWeekdays: [0] },
    },
  ];
  for (const c of cases) {
    await t.step(
      c.name,
      () => assert.deepEqual(clampSchedulingSettings(c.input, c.current), c.expected),
    );
  }
});

Deno.test("normaliseBookingFormContent", async (t) => {
  const current: BookingFormContent = {
    generalCommentEnabled: false,
    generalCommentLabel: "Notes for the team",
    generalCommentPlaceholder: "Gate code, pets…",
    cancellationPolicyHtml: "<p>Old policy</p>",
  };
  const cases: {
    name: string;
    input: unknown;
    current?: BookingFormContent;
    expected: BookingFormContent;
  }[] = [
    { name: "nothing sent keeps current", input: {}, current, expected: current },
    { name: "junk keeps current", input: null, current, expected: current },
    { name: "no current: defaults", input: {}, expected: BOOKING_FORM_CONTENT_DEFAULTS },
    {
      name: "trimmed",
      input: {
        generalCommentEnabled: true,
        generalCommentLabel: "  Anything else?  ",
        generalCommentPlaceholder: " Tell us ",
      },
      current,
      expected: {
        ...current,
        generalCommentEnabled: true,
        generalCommentLabel: "Anything else?",
        generalCommentPlaceholder: "Tell us",
      },
    },
    {
      name: "blank label and placeholder fall back to the defaults",
      input: { generalCommentLabel: "   ", generalCommentPlaceholder: "" },
      current,
      expected: {
        ...current,
        generalCommentLabel: "General comments",
        generalCommentPlaceholder: "Any special instructions?",
      },
    },
    {
      name: "null label falls back to the default",
      input: { generalCommentLabel: null },
      current,
      expected: { ...current, generalCommentLabel: "General comments" },
    },
    {
      name: "wrong types keep current",
      input: {
        generalCommentEnabled: "yes",
        generalCommentLabel: 5,
        cancellationPolicyHtml: ["<p>x</p>"],
      },
      current,
      expected: current,
    },
    {
      name: "over-long label is cut",
      input: { generalCommentLabel: "l".repeat(150) },
      current,
      expected: { ...current, generalCommentLabel: "l".repeat(100) },
    },
    {
      name: "policy passes through untouched for the sanitiser",
      input: { cancellationPolicyHtml: "<ul><li>New</li></ul><script>x</script>" },
      current,
      expected: { ...current, cancellationPolicyHtml: "<ul><li>New</li></ul><script>x</script>" },
    },
  ];
  for (const c of cases) {
    await t.step(
      c.name,
      () => assert.deepEqual(normaliseBookingFormContent(c.input, c.current), c.expected),
    );
  }
});
