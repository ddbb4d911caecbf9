import { START_TIME_PAST_MESSAGE } from "@yarra/core/booking/capacity/scheduling.ts";
import { describe, expect, it } from "vitest";
import {
  changesOf,
  changesPrice,
  draftOf,
  EMPTY_FORM,
  formOf,
  hoursOptions,
  jobLengthOf,
  livePrice,
  startTimeIsoOf,
  toggleExtra,
  validateForm,
  withService,
} from "./staff-booking-form.ts";
import { aStoredBooking, FREQUENCIES, FRIDGE, HOURLY, OVEN, PETS, SCHEDULING } from "./test-fixtures.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne. */
const NOW = new Date("2026-11-22T00:00:00.000Z");
const catalogue = { services: [HOURLY], extras: [FRIDGE, OVEN], frequencies: FREQUENCIES };

describe("the office's booking form", () => {
  it("reads a stored booking back as the form, the start in Melbourne time", () => {
    const form = formOf(aStoredBooking());
    expect(form).toMatchObject({ serviceId: "s1", hours: 3, date: "2026-11-24", time: "09:00", allowOutsideHours: false, extras: [{ extraId: "e1", quantity: 2 }] });
    expect(form.address).toEqual({ unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" });
    expect(startTimeIsoOf(form)).toBe("2026-11-23T22:00:00.000Z");
    expect(startTimeIsoOf({ date: "2026-11-24", time: "" })).toBe("");
    expect(startTimeIsoOf({ date: "2026-11-24", time: "10:30" })).toBe("2026-11-23T23:30:00.000Z");
    expect(startTimeIsoOf({ date: "2026-11-24", time: "25:00" })).toBe("");
  });

  it("prices and times a choice with core, and starts again on another service", () => {
    const form = { ...withService(EMPTY_FORM, "s1"), hours: 3, frequencyCode: "WEEKLY", extras: [{ extraId: "e1", quantity: 2 }] };
    expect(livePrice(form, catalogue)?.totals).toEqual({
      baseAmount: 165, extrasAmount: 70, firstServiceTotal: 235, recurringTotal: 211.5, discountPercent: 10,
    });
    expect(jobLengthOf(toggleExtra(form, "e2", true), catalogue)).toBe(180 + 60 + 15);
    expect(livePrice({ ...form, hours: 99 }, catalogue)).toBeNull();
    expect(withService(form, "s2")).toMatchObject({ serviceId: "s2", hours: null, extras: [] });
  });

  it("sends the public draft: a blank unit left out, size by the model, answers in option order", () => {
    const multi = { ...PETS, _id: "q2", type: "MULTI" as const, required: false, options: [{ label: "Dog", value: "dog" }, { label: "Cat", value: "cat" }] };
    const form = { ...EMPTY_FORM, serviceId: "s1", hours: 3, bedrooms: 2, answers: { q1: "dog", q2: ["cat", "dog"] } };
    const draft = draftOf(form, "HOURLY", [PETS, multi]);
    expect(draft.address).toEqual({ street: "", suburb: "", state: "VIC", postCode: "" });
    expect([draft.hours, draft.bedrooms]).toEqual([3, null]);
    expect(draft.answers).toEqual([
      { questionId: "q1", value: "dog", label: "Any pets?" },
      { questionId: "q2", value: ["dog", "cat"], label: "Any pets?" },
    ]);
  });

  it("judges the start by the office's rules only when asked: inside the lead time yes, the past no", () => {
    const form = { ...formOf(aStoredBooking()), date: "2026-11-21" };
    const checks = { now: NOW, scheduling: SCHEDULING, pricingModel: "HOURLY" as const, questions: [], judgeStart: true };
    expect(validateForm(form, checks)).toEqual({ startTimeISO: [START_TIME_PAST_MESSAGE] });
    expect(validateForm(formOf(aStoredBooking()), checks)).toEqual({});
    expect(validateForm(form, { ...checks, judgeStart: false })).toEqual({});
    expect(Object.keys(validateForm(formOf(aStoredBooking()), { ...checks, questions: [PETS] }))).toEqual(["answers.q1"]);
  });

  it("judges the office's start: any quarter hour, and outside the working hours only when ticked (issue 28)", () => {
    const checks = { now: NOW, scheduling: SCHEDULING, pricingModel: "HOURLY" as const, questions: [], judgeStart: true };
    const offHours = "Please choose a start time on the quarter hour between 8:00 and 16:00, or tick “Outside working hours”.";
    const at = (date: string, time: string, allowOutsideHours = false) => ({ ...formOf(aStoredBooking()), hours: 2, extras: [], date, time, allowOutsideHours });
    const cases: [string, ReturnType<typeof at>, Record<string, string[]>][] = [
      ["10:30", at("2026-11-25", "10:30"), {}],
      ["10:07", at("2026-11-25", "10:07"), { startTimeISO: [offHours] }],
      ["18:00 unticked", at("2026-11-25", "18:00"), { startTimeISO: [offHours] }],
      ["18:00 ticked", at("2026-11-25", "18:00", true), {}],
      ["Sunday ticked", at("2026-11-29", "09:00", true), {}],
    ];
    for (const [name, form, errors] of cases) expect(validateForm(form, checks), name).toEqual(errors);
  });

  it("sends only what differs from the booking, and knows when that changes the price", () => {
    const initial = formOf(aStoredBooking());
    expect(changesOf(initial, initial, "HOURLY")).toEqual({});
    const moved = changesOf({ ...initial, time: "11:00", allowOutsideHours: true, notes: "Gate code 1234" }, initial, "HOURLY");
    expect(moved).toEqual({ startTimeISO: "2026-11-24T00:00:00.000Z", notes: "Gate code 1234" });
    expect(changesPrice(moved)).toBe(false);
    const bigger = changesOf({ ...initial, hours: 4 }, initial, "HOURLY");
    expect(bigger).toEqual({ hours: 4 });
    expect(changesPrice(bigger)).toBe(true);
  });

  it("offers the service's hours in its steps", () => {
    expect(hoursOptions({ minHours: 2, maxHours: 3.5, stepHours: 0.5 })).toEqual([2, 2.5, 3, 3.5]);
  });
});
