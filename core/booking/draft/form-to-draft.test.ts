import assert from "node:assert/strict";
import type { Extra, Frequency, Question, Service } from "../../catalog/types.ts";
import { ANSWER_MESSAGES } from "./answers.ts";
import { DRAFT_MESSAGES } from "./validation.ts";
import {
  answersOf,
  type BookingFormFields,
  draftFieldErrors,
  draftOfForm,
  livePriceOf,
} from "./form-to-draft.ts";

const question = (patch: Partial<Question> & Pick<Question, "_id" | "type">): Question => ({
  scope: "GLOBAL",
  serviceId: null,
  text: `Text of ${patch._id}`,
  required: false,
  order: 1,
  helpText: "",
  placeholder: "",
  options: [],
  ...patch,
});

const ACCESS = question({
  _id: "access",
  type: "SINGLE",
  required: true,
  options: [{ label: "Someone will be home", value: "home" }, {
    label: "Lockbox",
    value: "lockbox",
  }],
});
const PETS = question({
  _id: "pets",
  type: "MULTI",
  options: [{ label: "Dog", value: "dog" }, { label: "Cat", value: "cat" }, {
    label: "Bird",
    value: "bird",
  }],
});
const PARKING = question({ _id: "parking", type: "TEXT" });
const QUESTIONS = [ACCESS, PETS, PARKING];

const FORM: BookingFormFields = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "  ada@example.com ",
  phone: "0412 345 678",
  address: { unit: "", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
  serviceId: "s-hourly",
  hours: 3,
  bedrooms: 2,
  extras: [{ extraId: "x-oven", quantity: 1 }, { extraId: "x-windows", quantity: 2 }],
  frequencyCode: "WEEKLY",
  answers: { access: "home" },
  notes: "Gate code 1234",
};

const START = "2030-03-05T22:00:00.000Z";

Deno.test("answersOf: the questions' order, options in their own order, blanks and unknown questions left out", () => {
  const answers = { parking: "  ", pets: ["cat", "dog"], access: "lockbox", gone: "x" };
  assert.deepEqual(answersOf({ answers }, QUESTIONS), [
    { questionId: "access", value: "lockbox", label: "Text of access" },
    { questionId: "pets", value: ["dog", "cat"], label: "Text of pets" },
  ]);
  assert.deepEqual(answersOf({ answers: { pets: [], parking: " Visitor bay 3 " } }, QUESTIONS), [
    { questionId: "parking", value: " Visitor bay 3 ", label: "Text of parking" },
  ]);
  assert.deepEqual(answersOf({ answers: {} }, QUESTIONS), []);
});

Deno.test("draftOfForm: the body both forms send", () => {
  assert.deepEqual(
    draftOfForm(FORM, { pricingModel: "HOURLY", startTimeISO: START, questions: QUESTIONS }),
    {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "0412 345 678",
      address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
      serviceId: "s-hourly",
      servicePricingModel: "HOURLY",
      hours: 3,
      bedrooms: null,
      extras: [{ extraId: "x-oven", quantity: 1 }, { extraId: "x-windows", quantity: 2 }],
      startTimeISO: START,
      frequencyCode: "WEEKLY",
      answers: [{ questionId: "access", value: "home", label: "Text of access" }],
      notes: "Gate code 1234",
    },
  );
});

Deno.test("draftOfForm: the size follows the model, a filled unit is sent, the form's lines are copied", async (t) => {
  const cases: {
    model: "HOURLY" | "BEDROOMS" | "FIXED" | null;
    size: [number | null, number | null];
  }[] = [
    { model: "HOURLY", size: [3, null] },
    { model: "BEDROOMS", size: [null, 2] },
    { model: "FIXED", size: [null, null] },
    { model: null, size: [null, null] },
  ];
  for (const { model, size } of cases) {
    await t.step(`${model}`, () => {
      const draft = draftOfForm(FORM, { pricingModel: model, startTimeISO: "", questions: [] });
      assert.deepEqual([draft.hours, draft.bedrooms], size);
      assert.equal(draft.servicePricingModel, model);
    });
  }
  const titled = {
    ...FORM,
    address: { ...FORM.address, unit: "4" },
    extras: [{ extraId: "x-oven", quantity: 1, title: "Inside oven" }],
  };
  const draft = draftOfForm(titled, { pricingModel: "HOURLY", startTimeISO: "", questions: [] });
  assert.deepEqual(draft.address, {
    street: "12 Smith St",
    suburb: "Fitzroy",
    state: "VIC",
    postCode: "3065",
    unit: "4",
  });
  // What a form keeps beside an add-on (the public form's title) travels with it; the form's own line is not shared.
  assert.deepEqual(draft.extras, [{ extraId: "x-oven", quantity: 1, title: "Inside oven" }]);
  assert.notEqual(draft.extras[0], titled.extras[0]);
  assert.deepEqual(draft.answers, []);
});

Deno.test("draftFieldErrors: core's draft messages and the answers' messages, keyed as the server keys them", () => {
  const ctx = { now: new Date("2030-03-01T00:00:00.000Z"), pricingModel: "HOURLY" as const };
  const good = draftOfForm(FORM, {
    pricingModel: "HOURLY",
    startTimeISO: START,
    questions: QUESTIONS,
  });
  assert.deepEqual(draftFieldErrors(good, QUESTIONS, ctx), {});

  const blank = { ...FORM, firstName: "", hours: null, answers: {} };
  const errors = draftFieldErrors(
    draftOfForm(blank, { pricingModel: "HOURLY", startTimeISO: START, questions: QUESTIONS }),
    QUESTIONS,
    ctx,
  );
  assert.deepEqual(errors, {
    firstName: [DRAFT_MESSAGES.firstName],
    hours: [DRAFT_MESSAGES.hours],
    "answers.access": [ANSWER_MESSAGES.required],
  });
});

const HOURLY: Service = {
  _id: "s-hourly",
  name: "Hourly Cleaning",
  slug: "hourly-cleaning",
  pricingModel: "HOURLY",
  ratePerHour: 55,
  minHours: 2,
  maxHours: 8,
  stepHours: 0.5,
  bedroomPrices: [],
  basePrice: 0,
  durationMinutes: 120,
  description: "",
  deletedAt: null,
};

const extra = (patch: Partial<Extra> & Pick<Extra, "_id" | "price">): Extra => ({
  serviceId: "s-hourly",
  title: patch._id,
  description: "",
  hasQuantity: false,
  maxQuantity: 20,
  durationMinutes: 30,
  imageUrl: "",
  active: true,
  order: 1,
  deletedAt: null,
  ...patch,
});

const frequency = (code: string, discountPercent: number): Frequency => ({
  _id: code,
  name: code,
  code,
  discountPercent,
  repeatUnit: code === "WEEKLY" ? "WEEK" : "NONE",
  repeatEvery: code === "WEEKLY" ? 1 : 0,
});

const CATALOG = {
  services: [HOURLY],
  extras: [
    extra({ _id: "x-oven", price: 65 }),
    extra({ _id: "x-windows", price: 10, hasQuantity: true }),
  ],
  frequencies: [frequency("ONE_TIME", 0), frequency("WEEKLY", 15)],
};

Deno.test("livePriceOf: core's price of the choice, with add-on quantities and the frequency's discount", () => {
  const priced = livePriceOf(FORM, CATALOG);
  // 3 h × 55 + oven 65 + 2 × windows 10; weekly takes 15% off the visits after the first.
  assert.deepEqual(priced?.totals, {
    baseAmount: 165,
    extrasAmount: 85,
    firstServiceTotal: 250,
    recurringTotal: 212.5,
    discountPercent: 15,
  });
  assert.deepEqual(priced?.extraLines.map((line) => [line.extra._id, line.quantity]), [[
    "x-oven",
    1,
  ], ["x-windows", 2]]);
  assert.equal(livePriceOf({ ...FORM, serviceId: "" }, CATALOG), null);
  assert.equal(livePriceOf({ ...FORM, hours: 99 }, CATALOG), null);
});
