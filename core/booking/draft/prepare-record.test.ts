import assert from "node:assert/strict";
import type { Extra, Frequency, Question, Service } from "../../catalog/types.ts";
import { SCHEDULING_DEFAULTS } from "../../settings/types.ts";
import { OUTSIDE_SERVICE_AREA_MESSAGE } from "../../settings/service-area.ts";
import { melbourneInstant } from "../../shared/melbourne-time.ts";
import { ANSWER_MESSAGES } from "./answers.ts";
import {
  type DraftCatalogue,
  draftRulesOf,
  type DraftReads,
  extraMinutes,
  prepareRecord,
  readDraftCatalogue,
  startRulesFor,
} from "./prepare-record.ts";
import { priceDraft } from "../pricing/pricing.ts";
import {
  closedDateMessage,
  earliestDateMessage,
  START_TIME_PAST_MESSAGE,
  staffClosedDayMessage,
  staffDayEndMessage,
  staffStartMessage,
} from "../capacity/scheduling.ts";
import type { BookingDraftInput, RecordType } from "../types.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne: the public form's earliest day is Thursday 26 Nov. */
const NOW = new Date("2026-11-22T00:00:00Z");

const service: Service = {
  _id: "hourly",
  name: "Hourly Cleaning",
  slug: "hourly",
  pricingModel: "HOURLY",
  ratePerHour: 60,
  minHours: 2,
  maxHours: 8,
  stepHours: 0.5,
  bedroomPrices: [],
  basePrice: 0,
  durationMinutes: 120,
  description: "",
  deletedAt: null,
};
const oven: Extra = {
  _id: "oven", serviceId: "hourly", title: "Inside oven", description: "", price: 35, hasQuantity: true, maxQuantity: 4,
  durationMinutes: 30, imageUrl: "", active: true, order: 1, deletedAt: null,
};
const weekly: Frequency = { _id: "weekly", name: "Weekly", code: "WEEKLY", discountPercent: 10, repeatUnit: "WEEK", repeatEvery: 1 };
const oneTime: Frequency = { _id: "once", name: "One time", code: "ONE_TIME", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0 };
const pets: Question = {
  _id: "pets", scope: "GLOBAL", serviceId: null, text: "Any pets?", type: "SINGLE", required: true, order: 1, helpText: "",
  placeholder: "", options: [{ label: "No pets", value: "none" }, { label: "Dog", value: "dog" }],
};
const catalogue: DraftCatalogue = { service, extras: [oven], frequencies: [weekly, oneTime], questions: [pets] };

const reads: DraftReads = {
  catalogue,
  scheduling: SCHEDULING_DEFAULTS,
  serviceArea: { postcodes: ["3065"] },
  closedDates: new Map([["2026-12-25", "Christmas Day"]]),
};

const draft = (overrides: Partial<Record<keyof BookingDraftInput, unknown>> = {}) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "0412 345 678",
  address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
  serviceId: "hourly",
  servicePricingModel: "HOURLY",
  hours: 3,
  extras: [{ extraId: "oven", quantity: 2 }],
  startTimeISO: "2026-11-27T09:00:00+11:00",
  frequencyCode: "WEEKLY",
  answers: [{ questionId: "pets", value: "dog" }],
  notes: " Side gate ",
  ...overrides,
}) as BookingDraftInput;

const prepare = (input: BookingDraftInput, maker: "customer" | "staff", type: RecordType = "BOOKING") =>
  prepareRecord(input, type, catalogue, draftRulesOf(reads, NOW, type, maker));

Deno.test("startRulesFor: the office's earliest day is today, its starts every quarter hour; the customer's rules as set", async (t) => {
  const cases: { name: string; rules: ReturnType<typeof startRulesFor>; expected: unknown }[] = [
    { name: "customer", rules: startRulesFor(SCHEDULING_DEFAULTS, "customer"), expected: SCHEDULING_DEFAULTS },
    { name: "customer asking for outside hours gets nothing", rules: startRulesFor(SCHEDULING_DEFAULTS, "customer", true), expected: SCHEDULING_DEFAULTS },
    { name: "staff", rules: startRulesFor(SCHEDULING_DEFAULTS, "staff"), expected: { ...SCHEDULING_DEFAULTS, leadDays: 0, startStepMinutes: 15 } },
    {
      name: "staff outside hours",
      rules: startRulesFor(SCHEDULING_DEFAULTS, "staff", true),
      expected: { ...SCHEDULING_DEFAULTS, leadDays: 0, startStepMinutes: 15, allowOutsideHours: true },
    },
  ];
  for (const c of cases) await t.step(c.name, () => assert.deepEqual(c.rules, c.expected));
});

Deno.test("prepareRecord: priced by core and timed by the job length, the answers snapshotted, the customer's fields as read", () => {
  const prepared = prepare(draft(), "customer");
  assert.ok(prepared.ok);
  const record = prepared.value;
  const priced = priceDraft({ serviceId: "hourly", hours: 3, extras: [{ extraId: "oven", quantity: 2 }], frequencyCode: "WEEKLY" }, {
    services: [service],
    extras: [oven],
    frequencies: [weekly, oneTime],
  });
  assert.ok(priced.ok);
  for (const [total, value] of Object.entries(priced.value.totals)) assert.equal(record[total as keyof typeof record], value, total);
  assert.equal(record.baseAmount, 180);
  assert.equal(record.extrasAmount, 70);
  assert.equal(record.startTime.toISOString(), "2026-11-26T22:00:00.000Z");
  // 3 hours and two ovens of 30 minutes.
  assert.equal(record.endTime.getTime() - record.startTime.getTime(), 240 * 60_000);
  assert.deepEqual(record.extras, [{ extraId: "oven", titleAtBooking: "Inside oven", quantity: 2, priceAtBooking: 35 }]);
  assert.deepEqual(record.answers, [{ questionId: "pets", label: "Any pets?", value: "dog", displayValue: "Dog" }]);
  assert.equal(record.frequencyNameAtBooking, "Weekly");
  assert.equal(record.phone, "0412345678");
  assert.equal(record.notes, "Side gate");
  assert.equal(record.paymentStatus, "UNPAID");
});

Deno.test("prepareRecord: the customer waits out the lead time, the office need not; neither books the past", () => {
  const tuesday = draft({ startTimeISO: "2026-11-24T09:00:00+11:00" });
  const customer = prepare(tuesday, "customer");
  assert.ok(!customer.ok);
  assert.deepEqual(customer.error.fieldErrors, { startTimeISO: [earliestDateMessage("2026-11-26")] });
  assert.ok(prepare(tuesday, "staff").ok);
  // Tomorrow morning (today is a Sunday, when the business is closed).
  assert.ok(prepare(draft({ startTimeISO: "2026-11-23T08:00:00+11:00" }), "staff").ok);
  for (const maker of ["customer", "staff"] as const) {
    const past = prepare(draft({ startTimeISO: "2026-11-21T09:00:00+11:00" }), maker);
    assert.ok(!past.ok);
    assert.deepEqual(past.error.fieldErrors, { startTimeISO: [START_TIME_PAST_MESSAGE] });
  }
});

Deno.test("prepareRecord: the office keeps the working hours (unless it ticks outside hours), the closed dates and the service area", () => {
  const cases: [string, Partial<Record<keyof BookingDraftInput, unknown>>, Record<string, string[]>][] = [
    ["a closed weekday", { startTimeISO: "2026-11-29T09:00:00+11:00" }, { startTimeISO: [staffClosedDayMessage(SCHEDULING_DEFAULTS)] }],
    ["a closed date", { startTimeISO: "2026-12-25T09:00:00+11:00" }, { startTimeISO: [closedDateMessage("2026-12-25", "Christmas Day")] }],
    ["past the working day", { startTimeISO: "2026-11-24T16:00:00+11:00" }, { startTimeISO: [staffDayEndMessage(240, SCHEDULING_DEFAULTS)] }],
    ["after the last start", { startTimeISO: "2026-11-24T18:00:00+11:00" }, { startTimeISO: [staffStartMessage(SCHEDULING_DEFAULTS, 15)] }],
    ["off the quarter hour", { startTimeISO: "2026-11-24T10:07:00+11:00" }, { startTimeISO: [staffStartMessage(SCHEDULING_DEFAULTS, 15)] }],
    ["outside the service area", { address: { street: "1 Far Rd", suburb: "Bendigo", state: "VIC", postCode: "3550" } }, {
      "address.postCode": [OUTSIDE_SERVICE_AREA_MESSAGE],
    }],
    ["a required question unanswered", { answers: [] }, { "answers.pets": [ANSWER_MESSAGES.required] }],
  ];
  for (const [name, overrides, fieldErrors] of cases) {
    const prepared = prepare(draft(overrides), "staff");
    assert.ok(!prepared.ok, name);
    assert.deepEqual(prepared.error.fieldErrors, fieldErrors, name);
  }
});

Deno.test("prepareRecord: the office books quarter hours, and outside the working hours when it says so; the customer never", async (t) => {
  const outside = (input: BookingDraftInput, maker: "customer" | "staff") =>
    prepareRecord(input, "BOOKING", catalogue, draftRulesOf(reads, NOW, "BOOKING", maker, true));
  const cases: { name: string; startTimeISO: string; staff: boolean; staffOutside: boolean }[] = [
    { name: "Friday 10:30", startTimeISO: "2026-11-27T10:30:00+11:00", staff: true, staffOutside: true },
    { name: "Friday 18:00", startTimeISO: "2026-11-27T18:00:00+11:00", staff: false, staffOutside: true },
    { name: "Sunday 9:00", startTimeISO: "2026-11-29T09:00:00+11:00", staff: false, staffOutside: true },
    { name: "Christmas Day 9:00", startTimeISO: "2026-12-25T09:00:00+11:00", staff: false, staffOutside: false },
    { name: "Friday 10:07", startTimeISO: "2026-11-27T10:07:00+11:00", staff: false, staffOutside: false },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const input = draft({ startTimeISO: c.startTimeISO });
      assert.equal(prepare(input, "staff").ok, c.staff);
      assert.equal(outside(input, "staff").ok, c.staffOutside);
      // The customer's answer is the public message whatever the flag says.
      const customer = outside(input, "customer");
      assert.ok(!customer.ok);
      const messages = customer.error.fieldErrors?.startTimeISO ?? [];
      assert.equal(messages.length, 1);
      assert.ok(!messages[0].includes("Outside working hours"), messages[0]);
    });
  }
});

Deno.test("prepareRecord: a quote holds no place, so neither its length nor the service area judges it", () => {
  const long = draft({ hours: 8, startTimeISO: "2026-11-27T16:00:00+11:00", address: { street: "1 Far Rd", suburb: "Bendigo", state: "VIC", postCode: "3550" } });
  assert.ok(!prepare(long, "customer").ok);
  const quote = prepare(long, "customer", "QUOTE");
  assert.ok(quote.ok);
  assert.equal(quote.value.endTime.getTime() - quote.value.startTime.getTime(), (8 * 60 + 60) * 60_000);
});

Deno.test("prepareRecord: without start rules the start is not judged (an edit that keeps the time)", () => {
  const past = draft({ startTimeISO: "2026-11-21T09:00:00+11:00" });
  const prepared = prepareRecord(past, "BOOKING", catalogue, { now: NOW, closedDates: new Map() });
  assert.ok(prepared.ok);
});

Deno.test("extraMinutes: known add-ons only, by the unit up to the maximum", () => {
  assert.deepEqual(extraMinutes([{ extraId: "oven", quantity: 9 }, { extraId: "gone", quantity: 1 }], [oven]), [
    { durationMinutes: 30, quantity: 4 },
  ]);
});

Deno.test("readDraftCatalogue: the service's add-ons and questions, the start day's closed dates", async () => {
  const asked: string[] = [];
  const read = await readDraftCatalogue({
    catalog: {
      listServices: () => Promise.resolve([service]),
      getService: (id) => Promise.resolve(id === "hourly" ? service : null),
      listExtras: (id) => Promise.resolve(id === "hourly" ? [oven] : []),
      listFrequencies: () => Promise.resolve([weekly]),
      listQuestions: () => Promise.resolve([pets]),
    },
    settings: { getScheduling: () => Promise.resolve(SCHEDULING_DEFAULTS), getServiceArea: () => Promise.resolve({ postcodes: [] }) },
    closedDates: {
      list: (range) => {
        asked.push(`${range?.from}..${range?.to}`);
        return Promise.resolve([{ date: "2026-12-25", label: "Christmas Day" }]);
      },
    },
  }, { serviceId: " hourly ", startTimeISO: melbourneInstant("2026-12-25", 9).toISOString() });
  assert.deepEqual(read.catalogue, { service, extras: [oven], frequencies: [weekly], questions: [pets] });
  assert.deepEqual(asked, ["2026-12-25..2026-12-25"]);
  assert.equal(read.closedDates.get("2026-12-25"), "Christmas Day");
  const unknown = await readDraftCatalogue({
    catalog: {
      listServices: () => Promise.resolve([]),
      getService: () => Promise.resolve(null),
      listExtras: () => Promise.reject(new Error("no service, no add-ons")),
      listFrequencies: () => Promise.resolve([]),
      listQuestions: () => Promise.reject(new Error("no service, no questions")),
    },
    settings: { getScheduling: () => Promise.resolve(SCHEDULING_DEFAULTS), getServiceArea: () => Promise.resolve({ postcodes: [] }) },
    closedDates: { list: () => Promise.reject(new Error("no start, no closed dates")) },
  }, { serviceId: "", startTimeISO: "not a time" });
  assert.deepEqual(unknown.catalogue, { service: null, extras: [], frequencies: [], questions: [] });
});
