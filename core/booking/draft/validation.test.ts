import assert from "node:assert/strict";
import type { PricingModel } from "../../catalog/types.ts";
import { SCHEDULING_DEFAULTS } from "../../settings/types.ts";
import {
  DRAFT_MESSAGES,
  FIRST_SECTION_ORDER,
  firstSectionWithError,
  sectionOfField,
  sectionValidity,
  validateDraft,
} from "./validation.ts";

/** What a customer may send: any shape at all. */
type BookingDraftInput = Record<string, unknown>;

// Sunday 22 November 2026, 12:00 in Melbourne; the earliest bookable date is Thursday the 26th.
const NOW = new Date("2026-11-22T01:00:00Z");
const ctx = { now: NOW, scheduling: SCHEDULING_DEFAULTS };

const VALID: BookingDraftInput = {
  firstName: "  Jo ",
  lastName: "Citizen",
  email: " jo@example.com ",
  phone: "+61 412 345 678",
  address: {
    unit: " 4 ",
    street: "1 Swanston St",
    suburb: "Melbourne",
    state: "VIC",
    postCode: "3000",
  },
  serviceId: "svc-1",
  servicePricingModel: "HOURLY",
  serviceName: "Standard clean",
  hours: 3,
  extras: [{ extraId: "oven", quantity: 2 }, { extraId: "fridge" }],
  startTimeISO: "2026-11-26T09:00:00+11:00",
  frequencyCode: "WEEKLY",
  answers: [{ questionId: "q1", value: "yes", label: "Pets?" }, {
    questionId: "q2",
    value: ["a", "b"],
  }],
  notes: "  Key under the mat.  ",
};

const patched = (patch: Record<string, unknown>): BookingDraftInput => ({ ...VALID, ...patch });
const withAddress = (patch: Record<string, unknown>): BookingDraftInput => ({
  ...VALID,
  address: { ...(VALID.address as object), ...patch },
});

Deno.test("validateDraft accepts a good draft and normalises it", () => {
  const result = validateDraft(VALID, ctx);
  assert.ok(result.ok, JSON.stringify(result));
  assert.deepEqual(result.value, {
    firstName: "Jo",
    lastName: "Citizen",
    email: "jo@example.com",
    phone: "0412345678",
    address: {
      unit: "4",
      street: "1 Swanston St",
      suburb: "Melbourne",
      state: "VIC",
      postCode: "3000",
    },
    serviceId: "svc-1",
    pricingModel: "HOURLY",
    hours: 3,
    bedrooms: null,
    extras: [{ extraId: "oven", quantity: 2 }, { extraId: "fridge", quantity: 1 }],
    startTime: new Date("2026-11-25T22:00:00Z"),
    frequencyCode: "WEEKLY",
    answers: [{ questionId: "q1", value: "yes", label: "Pets?" }, {
      questionId: "q2",
      value: ["a", "b"],
    }],
    notes: "Key under the mat.",
  });
});

Deno.test("validateDraft: accepted variations", async (t) => {
  const cases: {
    name: string;
    input: BookingDraftInput;
    model?: PricingModel | null;
    check: Record<string, unknown>;
  }[] = [
    { name: "hours as a numeric string", input: patched({ hours: "2.5" }), check: { hours: 2.5 } },
    { name: "a plus-addressed e-mail", input: patched({ email: "jo+clean@example.com.au" }), check: { email: "jo+clean@example.com.au" } },
    { name: "an e-mail in other scripts", input: patched({ email: "zoë@exämple.de" }), check: { email: "zoë@exämple.de" } },
    {
      name: "bedrooms model",
      input: patched({ servicePricingModel: "BEDROOMS", hours: 3, bedrooms: "2" }),
      check: { pricingModel: "BEDROOMS", bedrooms: 2, hours: null },
    },
    {
      name: "a studio is 0 bedrooms",
      input: patched({ servicePricingModel: "BEDROOMS", hours: undefined, bedrooms: 0 }),
      check: { pricingModel: "BEDROOMS", bedrooms: 0, hours: null },
    },
    {
      name: "fixed needs neither",
      input: patched({ servicePricingModel: "FIXED", hours: undefined }),
      check: { pricingModel: "FIXED", hours: null, bedrooms: null },
    },
    {
      name: "the catalogue's model wins over the form's",
      input: patched({ servicePricingModel: "HOURLY", hours: undefined, bedrooms: 3 }),
      model: "BEDROOMS",
      check: { pricingModel: "BEDROOMS", bedrooms: 3, hours: null },
    },
    {
      name: "unknown model with bedrooms",
      input: patched({ servicePricingModel: "WEIRD", hours: null, bedrooms: 2 }),
      check: { pricingModel: "BEDROOMS", bedrooms: 2 },
    },
    {
      name: "unknown model with hours",
      input: patched({ servicePricingModel: undefined, hours: 4 }),
      check: { pricingModel: "HOURLY", hours: 4 },
    },
    {
      name: "Z time",
      input: patched({ startTimeISO: "2026-11-25T22:00:00.000Z" }),
      check: { startTime: new Date("2026-11-25T22:00:00Z") },
    },
    {
      name: "lower-case state",
      input: withAddress({ state: "nsw" }),
      check: {
        address: {
          street: "1 Swanston St",
          suburb: "Melbourne",
          state: "NSW",
          postCode: "3000",
          unit: "4",
        },
      },
    },
    {
      name: "no unit",
      input: withAddress({ unit: "  " }),
      check: {
        address: { street: "1 Swanston St", suburb: "Melbourne", state: "VIC", postCode: "3000" },
      },
    },
    {
      name: "no extras, answers or notes",
      input: patched({ extras: undefined, answers: null, notes: 42 }),
      check: { extras: [], answers: [], notes: "" },
    },
    {
      name: "landline",
      input: patched({ phone: "(03) 9123 4567" }),
      check: { phone: "0391234567" },
    },
    {
      name: "notes of exactly 2000",
      input: patched({ notes: "n".repeat(2000) }),
      check: { notes: "n".repeat(2000) },
    },
    {
      name: "extra quantity as a string",
      input: patched({ extras: [{ extraId: "oven", quantity: "3" }] }),
      check: { extras: [{ extraId: "oven", quantity: 3 }] },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const result = validateDraft(c.input, { ...ctx, pricingModel: c.model });
      assert.ok(result.ok, JSON.stringify(result));
      for (const [key, value] of Object.entries(c.check)) {
        assert.deepEqual((result.value as unknown as Record<string, unknown>)[key], value, key);
      }
    });
  }
});

const M = DRAFT_MESSAGES;

const REJECTIONS: {
  name: string;
  input: BookingDraftInput;
  model?: PricingModel | null;
  now?: Date;
  fieldErrors: Record<string, string[]>;
}[] = [
  {
    name: "first name missing",
    input: patched({ firstName: undefined }),
    fieldErrors: { firstName: [M.firstName] },
  },
  {
    name: "first name of 1 char after trim",
    input: patched({ firstName: "  J  " }),
    fieldErrors: { firstName: [M.firstName] },
  },
  {
    name: "first name too long",
    input: patched({ firstName: "J".repeat(101) }),
    fieldErrors: { firstName: [M.firstNameTooLong] },
  },
  {
    name: "last name blank",
    input: patched({ lastName: "   " }),
    fieldErrors: { lastName: [M.lastName] },
  },
  {
    name: "last name a number",
    input: patched({ lastName: 12 }),
    fieldErrors: { lastName: [M.lastName] },
  },
  {
    name: "last name too long",
    input: patched({ lastName: "C".repeat(101) }),
    fieldErrors: { lastName: [M.lastNameTooLong] },
  },
  {
    name: "email without @",
    input: patched({ email: "jo.example.com" }),
    fieldErrors: { email: [M.email] },
  },
  {
    name: "email without a dot",
    input: patched({ email: "jo@example" }),
    fieldErrors: { email: [M.email] },
  },
  {
    name: "email with a space",
    input: patched({ email: "jo bloggs@example.com" }),
    fieldErrors: { email: [M.email] },
  },
  // Issue 13: display-name and list forms passed, and could carry a second address into a header.
  ...[
    "attacker<victim@evil.example>",
    "Ann <ann@example.com>",
    "a@b.co, c@d.co",
    "a@b.co;c@d.co",
    "\"ann\"@example.com",
    "ann@example.com>",
    "(ann)ann@example.com",
    "ann:x@example.com",
    "ann\\x@example.com",
    "ann@[192.0.2.1]",
  ].map((email) => ({ name: `email ${email}`, input: patched({ email }), fieldErrors: { email: [M.email] } })),
  {
    name: "email too long",
    input: patched({ email: `${"a".repeat(250)}@example.com` }),
    fieldErrors: { email: [M.email] },
  },
  {
    name: "phone invalid",
    input: patched({ phone: "0512 345 678" }),
    fieldErrors: { phone: [M.phone] },
  },
  {
    name: "phone without +",
    input: patched({ phone: "61412345678" }),
    fieldErrors: { phone: [M.phone] },
  },
  {
    name: "phone padded with junk",
    input: patched({ phone: `0412345678${"x".repeat(40)}` }),
    fieldErrors: { phone: [M.phone] },
  },
  {
    name: "street missing",
    input: withAddress({ street: "" }),
    fieldErrors: { "address.street": [M.street] },
  },
  {
    name: "street too long",
    input: withAddress({ street: "s".repeat(201) }),
    fieldErrors: { "address.street": [M.streetTooLong] },
  },
  {
    name: "unit too long",
    input: withAddress({ unit: "u".repeat(21) }),
    fieldErrors: { "address.unit": [M.unitTooLong] },
  },
  {
    name: "suburb missing",
    input: withAddress({ suburb: null }),
    fieldErrors: { "address.suburb": [M.suburb] },
  },
  {
    name: "suburb too long",
    input: withAddress({ suburb: "s".repeat(101) }),
    fieldErrors: { "address.suburb": [M.suburbTooLong] },
  },
  {
    name: "state missing",
    input: withAddress({ state: "" }),
    fieldErrors: { "address.state": [M.stateRequired] },
  },
  {
    name: "state invalid",
    input: withAddress({ state: "Victoria" }),
    fieldErrors: { "address.state": [M.stateInvalid] },
  },
  {
    name: "postcode of 3 digits",
    input: withAddress({ postCode: "300" }),
    fieldErrors: { "address.postCode": [M.postCode] },
  },
  {
    name: "postcode with letters",
    input: withAddress({ postCode: "30O0" }),
    fieldErrors: { "address.postCode": [M.postCode] },
  },
  {
    name: "postcode of 5 digits",
    input: withAddress({ postCode: "30000" }),
    fieldErrors: { "address.postCode": [M.postCode] },
  },
  {
    name: "no address at all",
    input: patched({ address: null }),
    fieldErrors: {
      "address.street": [M.street],
      "address.suburb": [M.suburb],
      "address.state": [M.stateRequired],
      "address.postCode": [M.postCode],
    },
  },
  {
    name: "address is an array",
    input: patched({ address: ["1 Swanston St"] }),
    fieldErrors: {
      "address.street": [M.street],
      "address.suburb": [M.suburb],
      "address.state": [M.stateRequired],
      "address.postCode": [M.postCode],
    },
  },
  {
    name: "service missing",
    input: patched({ serviceId: "" }),
    fieldErrors: { serviceId: [M.serviceId] },
  },
  {
    name: "hourly without hours",
    input: patched({ hours: undefined }),
    fieldErrors: { hours: [M.hours] },
  },
  { name: "hourly with 0 hours", input: patched({ hours: 0 }), fieldErrors: { hours: [M.hours] } },
  {
    name: "hourly with text hours",
    input: patched({ hours: "three" }),
    fieldErrors: { hours: [M.hours] },
  },
  {
    name: "bedrooms model without bedrooms",
    input: patched({ servicePricingModel: "BEDROOMS" }),
    fieldErrors: { bedrooms: [M.bedrooms] },
  },
  {
    name: "bedrooms of 1.5",
    input: patched({ servicePricingModel: "BEDROOMS", bedrooms: 1.5 }),
    fieldErrors: { bedrooms: [M.bedrooms] },
  },
  {
    name: "catalogue says BEDROOMS though the form said HOURLY",
    input: patched({}),
    model: "BEDROOMS",
    fieldErrors: { bedrooms: [M.bedrooms] },
  },
  {
    name: "unknown model with neither",
    input: patched({ servicePricingModel: "SOMETHING", hours: undefined }),
    fieldErrors: { hours: [M.hoursOrBedrooms] },
  },
  {
    name: "extras not a list",
    input: patched({ extras: "oven" }),
    fieldErrors: { extras: [M.extras] },
  },
  {
    name: "extra without an id",
    input: patched({ extras: [{ quantity: 1 }] }),
    fieldErrors: { extras: [M.extras] },
  },
  {
    name: "extra quantity not a number",
    input: patched({ extras: [{ extraId: "oven", quantity: "lots" }] }),
    fieldErrors: { extras: [M.extras] },
  },
  {
    name: "extra quantity 0",
    input: patched({ extras: [{ extraId: "oven", quantity: 0 }] }),
    fieldErrors: { "extras.0.quantity": [M.extraQuantity] },
  },
  {
    name: "second extra quantity 2.5",
    input: patched({ extras: [{ extraId: "oven", quantity: 1 }, { extraId: "w", quantity: 2.5 }] }),
    fieldErrors: { "extras.1.quantity": [M.extraQuantity] },
  },
  {
    name: "too many extras",
    input: patched({ extras: Array.from({ length: 51 }, (_, i) => ({ extraId: `e${i}` })) }),
    fieldErrors: { extras: [M.extras] },
  },
  {
    name: "start time missing",
    input: patched({ startTimeISO: undefined }),
    fieldErrors: { startTimeISO: [M.startTimeRequired] },
  },
  {
    name: "start time blank",
    input: patched({ startTimeISO: "  " }),
    fieldErrors: { startTimeISO: [M.startTimeRequired] },
  },
  {
    name: "start time a number",
    input: patched({ startTimeISO: 1795730400000 }),
    fieldErrors: { startTimeISO: [M.startTimeRequired] },
  },
  {
    name: "start time unparseable",
    input: patched({ startTimeISO: "next Thursday" }),
    fieldErrors: { startTimeISO: [M.startTimeInvalid] },
  },
  {
    name: "start time without an offset",
    input: patched({ startTimeISO: "2026-11-26T09:00:00" }),
    fieldErrors: { startTimeISO: [M.startTimeInvalid] },
  },
  {
    name: "start time on 30 February",
    input: patched({ startTimeISO: "2026-02-30T09:00:00Z" }),
    fieldErrors: { startTimeISO: [M.startTimeInvalid] },
  },
  {
    name: "start time yesterday",
    input: patched({ startTimeISO: "2026-11-21T09:00:00+11:00" }),
    fieldErrors: { startTimeISO: [M.startTimePast] },
  },
  {
    name: "start time 2 minutes ago",
    input: patched({ startTimeISO: "2026-11-22T00:58:00Z" }),
    fieldErrors: { startTimeISO: [M.startTimePast] },
  },
  {
    name: "start time off the hour",
    input: patched({ startTimeISO: "2026-11-26T09:30:00+11:00" }),
    fieldErrors: {
      startTimeISO: ["Please choose a start time on the hour between 8:00 and 16:00."],
    },
  },
  {
    name: "start time after the last slot",
    input: patched({ startTimeISO: "2026-11-26T17:00:00+11:00" }),
    fieldErrors: {
      startTimeISO: ["Please choose a start time on the hour between 8:00 and 16:00."],
    },
  },
  {
    name: "start time on a Sunday",
    input: patched({ startTimeISO: "2026-11-29T09:00:00+11:00" }),
    fieldErrors: { startTimeISO: ["We’re closed on Sundays. Please choose another day."] },
  },
  {
    name: "start time in 2099, past the booking horizon",
    input: patched({ startTimeISO: "2099-01-01T09:00:00+11:00" }),
    fieldErrors: { startTimeISO: ["We take bookings up to 365 days ahead. Please choose an earlier date."] },
  },
  {
    name: "start time before the lead time",
    input: patched({ startTimeISO: "2026-11-24T09:00:00+11:00" }),
    fieldErrors: { startTimeISO: ["The earliest date we can book is Thursday 26 November 2026."] },
  },
  {
    name: "frequency missing",
    input: patched({ frequencyCode: undefined }),
    fieldErrors: { frequencyCode: [M.frequencyCode] },
  },
  {
    name: "frequency blank",
    input: patched({ frequencyCode: "   " }),
    fieldErrors: { frequencyCode: [M.frequencyCode] },
  },
  {
    name: "frequency an object",
    input: patched({ frequencyCode: { code: "WEEKLY" } }),
    fieldErrors: { frequencyCode: [M.frequencyCode] },
  },
  {
    name: "answers not a list",
    input: patched({ answers: { q1: "yes" } }),
    fieldErrors: { answers: [M.answers] },
  },
  {
    name: "answer value a number",
    input: patched({ answers: [{ questionId: "q1", value: 3 }] }),
    fieldErrors: { answers: [M.answers] },
  },
  {
    name: "answer list with a number",
    input: patched({ answers: [{ questionId: "q1", value: ["a", 1] }] }),
    fieldErrors: { answers: [M.answers] },
  },
  {
    name: "answer without a question",
    input: patched({ answers: [{ value: "yes" }] }),
    fieldErrors: { answers: [M.answers] },
  },
  {
    name: "answer label not text",
    input: patched({ answers: [{ questionId: "q1", value: "yes", label: 5 }] }),
    fieldErrors: { answers: [M.answers] },
  },
  {
    name: "notes too long",
    input: patched({ notes: "n".repeat(2001) }),
    fieldErrors: { notes: [M.notesTooLong] },
  },
];

Deno.test("validateDraft: each rule's message under its field path", async (t) => {
  for (const c of REJECTIONS) {
    await t.step(c.name, () => {
      const result = validateDraft(c.input, { ...ctx, now: c.now ?? NOW, pricingModel: c.model });
      assert.ok(!result.ok);
      assert.equal(result.error.kind, "validation");
      assert.equal(result.error.code, "VALIDATION_FAILED");
      assert.equal(result.error.message, "Please fix the highlighted fields, then try again.");
      assert.deepEqual(result.error.fieldErrors, c.fieldErrors);
    });
  }
});

Deno.test("the tests produce every message of public-site.md section 5's booking table, verbatim", () => {
  const table = [
    "Please enter your first name.",
    "Please enter your last name.",
    "Please enter a valid email address.",
    "Please enter a valid Australian phone number (e.g. 0412 345 678).",
    "Please enter your street address.",
    "Please enter your suburb.",
    "Please choose your state.",
    "Please choose a valid state.",
    "Please enter a 4-digit postcode.",
    "Please choose a service.",
    "Please choose the hours for this service.",
    "Please choose the number of bedrooms.",
    "Please choose the hours or bedrooms for this service.",
    "Please select a date and start time.",
    "That date and time doesn’t look right.",
    "Please choose a time from today onward.",
    "Please choose how often you’d like the service.",
  ];
  const produced = new Set<string>();
  for (const c of REJECTIONS) {
    const result = validateDraft(c.input, { ...ctx, pricingModel: c.model });
    if (!result.ok) {
      for (const messages of Object.values(result.error.fieldErrors ?? {})) {
        messages.forEach((m) => produced.add(m));
      }
    }
  }
  for (const message of table) assert.ok(produced.has(message), `not produced: ${message}`);
  assert.equal(DRAFT_MESSAGES.banner, "Please fix the highlighted fields, then try again.");
});

Deno.test("validateDraft never throws, whatever it is given", async (t) => {
  const junk: unknown[] = [
    {},
    null,
    undefined,
    42,
    "draft",
    [],
    [VALID],
    {
      firstName: ["Jo"],
      address: 5,
      extras: [null, 3, "x"],
      answers: [null],
      hours: {},
      bedrooms: [],
    },
    { address: { street: {}, suburb: [], state: 7, postCode: 3000 }, startTimeISO: {}, notes: [] },
    Object.create(null),
  ];
  for (const input of junk) {
    await t.step(JSON.stringify(input) ?? String(input), () => {
      const result = validateDraft(input as BookingDraftInput, ctx);
      assert.ok(!result.ok);
      assert.equal(result.error.kind, "validation");
      assert.ok(Object.keys(result.error.fieldErrors ?? {}).length > 0);
    });
  }
  await t.step("an empty object gets every required message", () => {
    const result = validateDraft({}, ctx);
    assert.ok(!result.ok);
    assert.deepEqual(result.error.fieldErrors, {
      firstName: [M.firstName],
      lastName: [M.lastName],
      email: [M.email],
      phone: [M.phone],
      "address.street": [M.street],
      "address.suburb": [M.suburb],
      "address.state": [M.stateRequired],
      "address.postCode": [M.postCode],
      serviceId: [M.serviceId],
      hours: [M.hoursOrBedrooms],
      startTimeISO: [M.startTimeRequired],
      frequencyCode: [M.frequencyCode],
    });
  });
});

Deno.test("sectionValidity", async (t) => {
  const all = { details: true, address: true, service: true, schedule: true, frequency: true };
  const cases: {
    name: string;
    input: BookingDraftInput;
    model?: PricingModel | null;
    expected: typeof all;
  }[] = [
    { name: "a good draft", input: VALID, expected: all },
    {
      name: "empty",
      input: {},
      expected: {
        details: false,
        address: false,
        service: false,
        schedule: false,
        frequency: false,
      },
    },
    // Looser than validateDraft: a one-letter name still ticks the section.
    { name: "one-letter names", input: patched({ firstName: "J", lastName: "C" }), expected: all },
    { name: "bad email", input: patched({ email: "jo@" }), expected: { ...all, details: false } },
    { name: "bad phone", input: patched({ phone: "123" }), expected: { ...all, details: false } },
    {
      name: "blank first name",
      input: patched({ firstName: " " }),
      expected: { ...all, details: false },
    },
    // Looser: any state text ticks the address section.
    { name: "unknown state", input: withAddress({ state: "XYZ" }), expected: all },
    {
      name: "no postcode",
      input: withAddress({ postCode: "" }),
      expected: { ...all, address: false },
    },
    {
      name: "hourly without hours",
      input: patched({ hours: null }),
      expected: { ...all, service: false },
    },
    {
      name: "bedrooms model with hours only",
      input: patched({ servicePricingModel: "BEDROOMS" }),
      expected: { ...all, service: false },
    },
    {
      name: "fixed needs nothing more",
      input: patched({ servicePricingModel: "FIXED", hours: null }),
      expected: all,
    },
    {
      name: "model from the catalogue",
      input: patched({ bedrooms: 2, hours: null }),
      model: "BEDROOMS",
      expected: all,
    },
    {
      name: "unknown model with bedrooms",
      input: patched({ servicePricingModel: null, hours: null, bedrooms: 1 }),
      expected: all,
    },
    { name: "no service", input: patched({ serviceId: "" }), expected: { ...all, service: false } },
    // Looser: any start text ticks the schedule; validateDraft judges it.
    { name: "any start text", input: patched({ startTimeISO: "soon" }), expected: all },
    {
      name: "no frequency",
      input: patched({ frequencyCode: "" }),
      expected: { ...all, frequency: false },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => assert.deepEqual(sectionValidity(c.input, c.model), c.expected));
  }
});

Deno.test("sections of fields, and the first one with an error", async (t) => {
  assert.deepEqual(FIRST_SECTION_ORDER, ["details", "address", "service", "schedule", "frequency"]);
  const sections: [string, string | null][] = [
    ["firstName", "details"],
    ["phone", "details"],
    ["address.postCode", "address"],
    ["address.unit", "address"],
    ["serviceId", "service"],
    ["hours", "service"],
    ["bedrooms", "service"],
    ["extras.2.quantity", "service"],
    ["startTimeISO", "schedule"],
    ["frequencyCode", "frequency"],
    ["answers", null],
    ["notes", null],
  ];
  for (const [path, section] of sections) {
    await t.step(path, () => assert.equal(sectionOfField(path), section));
  }
  const firsts: [Record<string, string[]>, string | null][] = [
    [{ frequencyCode: ["x"], "address.state": ["x"], hours: ["x"] }, "address"],
    [{ startTimeISO: ["x"], email: ["x"] }, "details"],
    [{ frequencyCode: ["x"] }, "frequency"],
    [{ notes: ["x"] }, null],
    [{}, null],
  ];
  for (const [errors, section] of firsts) {
    await t.step(
      `first of ${Object.keys(errors).join(",") || "none"}`,
      () => assert.equal(firstSectionWithError(errors), section),
    );
  }
});

Deno.test("each validateDraft call is judged in its own context only (one schema serves every call)", () => {
  const outside = { ...ctx, servesPostcode: () => false };
  const later = { ...ctx, now: new Date("2026-11-30T01:00:00Z") };
  const verdicts = [ctx, outside, ctx, later, ctx].map((context) => {
    const result = validateDraft(VALID, context);
    return result.ok ? "ok" : Object.keys(result.error.fieldErrors ?? {}).join(",");
  });
  assert.deepEqual(verdicts, ["ok", "address.postCode", "ok", "startTimeISO", "ok"]);
  // A context's callback that itself validates a draft gets its own verdict, and the outer call keeps its context.
  const nested = validateDraft(VALID, { ...ctx, servesPostcode: () => !validateDraft(VALID, later).ok });
  assert.ok(nested.ok, JSON.stringify(nested));
  assert.deepEqual(Object.keys((validateDraft(VALID, outside) as { error: { fieldErrors: object } }).error.fieldErrors), ["address.postCode"]);
});
