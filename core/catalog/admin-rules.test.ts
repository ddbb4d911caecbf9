import assert from "node:assert/strict";
import {
  frequencyInUse,
  isDefaultFrequency,
  mergeExtraUpdate,
  mergeFrequencyUpdate,
  mergeQuestionUpdate,
  mergeServiceUpdate,
  validateExtraOrders,
} from "./admin-rules.ts";
import { reorderExtrasSchema } from "./schemas.ts";
import type { Extra, Frequency, Question, StaffService } from "./types.ts";
import { validateExtraInput, validateFrequencyInput, validateQuestionInput, validateServiceInput } from "./validation.ts";
import { parseInput } from "../shared/parse-input.ts";
import { ok, type Result } from "../shared/result.ts";

/** What a PUT does with a body: its route parses it with the update schema, then the use case merges the patch. */
const put = <P, T>(validate: (body: unknown, mode: "update") => Result<P>, merge: (patch: P) => Result<T>) =>
(body: unknown): Result<T> => {
  const patch = validate(body, "update");
  return patch.ok ? merge(patch.value) : patch;
};

const service: StaffService = {
  _id: "s1",
  name: "Regular Clean",
  slug: "regular-clean",
  pricingModel: "BEDROOMS",
  ratePerHour: 60,
  minHours: 2,
  maxHours: 8,
  stepHours: 0.5,
  bedroomPrices: [{ bedrooms: 1, price: 149, durationMinutes: 120 }],
  basePrice: 0,
  durationMinutes: 120,
  description: "",
  checklist: ["Benches"],
  deletedAt: null,
};

const extra: Extra = {
  _id: "e1",
  serviceId: "s1",
  title: "Oven",
  description: "",
  price: 65,
  hasQuantity: false,
  maxQuantity: 20,
  durationMinutes: 0,
  imageUrl: "",
  active: true,
  order: 3,
  deletedAt: null,
};

const question: Question = {
  _id: "q1",
  scope: "SERVICE",
  serviceId: "s1",
  text: "Pets?",
  type: "SINGLE",
  required: false,
  order: 2,
  helpText: "",
  placeholder: "",
  options: [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }],
};

const putService = put(validateServiceInput, (patch) => mergeServiceUpdate(service, patch));
const putExtra = put(validateExtraInput, (patch) => mergeExtraUpdate(extra, patch));
const putQuestion = (stored: Question) => put(validateQuestionInput, (patch) => mergeQuestionUpdate(stored, patch));

const fieldErrorsOf = (result: { ok: boolean; error?: { fieldErrors?: unknown } }) =>
  result.ok ? undefined : result.error?.fieldErrors;

Deno.test("mergeServiceUpdate: a patch over the stored service, re-checked whole", () => {
  const cases: { name: string; body: unknown; value?: Partial<StaffService>; fieldErrors?: unknown }[] = [
    { name: "empty patch keeps everything", body: {}, value: {} },
    { name: "one field", body: { name: " Deluxe " }, value: { name: "Deluxe" } },
    {
      name: "bedroom prices are replaced, sorted",
      body: { bedroomPrices: [{ bedrooms: 3, price: 219, durationMinutes: 120 }, { bedrooms: 0, price: 129, durationMinutes: 120 }] },
      value: { bedroomPrices: [{ bedrooms: 0, price: 129, durationMinutes: 120 }, { bedrooms: 3, price: 219, durationMinutes: 120 }] },
    },
    {
      name: "a rule across fields uses the stored value",
      body: { minHours: 9 },
      fieldErrors: { maxHours: ["Maximum hours must be at least the minimum hours"] },
    },
    {
      name: "BEDROOMS needs rows after the merge",
      body: { bedroomPrices: null },
      fieldErrors: { bedroomPrices: ["Add at least one bedroom price"] },
    },
    { name: "switching model keeps the rows", body: { pricingModel: "FIXED", basePrice: 300 }, value: { pricingModel: "FIXED", basePrice: 300 } },
    { name: "patch errors stop before the merge", body: { slug: "" }, fieldErrors: { slug: ["Slug is required"] } },
    // Issue 31: the cleaners' checklist, one line an item.
    { name: "the checklist is replaced; lines trimmed, blank ones dropped", body: { checklist: ["  Oven ", "", "  ", "Floors"] }, value: { checklist: ["Oven", "Floors"] } },
    { name: "an empty checklist clears it", body: { checklist: [] }, value: { checklist: [] } },
    { name: "at most 30 lines", body: { checklist: Array.from({ length: 31 }, (_, i) => `Line ${i}`) }, fieldErrors: { checklist: ["A checklist can have at most 30 lines"] } },
    { name: "30 lines are fine", body: { checklist: Array.from({ length: 30 }, (_, i) => `Line ${i}`) }, value: { checklist: Array.from({ length: 30 }, (_, i) => `Line ${i}`) } },
    { name: "a line over 120 characters", body: { checklist: ["ok", "x".repeat(121)] }, fieldErrors: { "checklist.1": ["Each checklist line must be 120 characters or fewer"] } },
    { name: "a line of 120 characters is fine", body: { checklist: ["x".repeat(120)] }, value: { checklist: ["x".repeat(120)] } },
    { name: "one line each", body: { checklist: ["Oven\nFloors"] }, fieldErrors: { "checklist.0": ["Please keep this on one line."] } },
    { name: "not a list", body: { checklist: "Oven" }, fieldErrors: { checklist: ["Checklist must be a list of lines"] } },
    { name: "a line that is no text", body: { checklist: [5] }, fieldErrors: { "checklist.0": ["Invalid input: expected string"] } },
  ];
  for (const c of cases) {
    const result = putService(c.body);
    if (c.fieldErrors) assert.deepEqual(fieldErrorsOf(result), c.fieldErrors, c.name);
    else {
      const { _id: _, deletedAt: _d, ...stored } = service;
      assert.deepEqual(result, ok({ ...stored, ...c.value }), c.name);
    }
  }
});

Deno.test("mergeServiceUpdate: shape errors stop the update; core's message wins per field", () => {
  const result = putService({ name: 5, description: 7 });
  assert.deepEqual(fieldErrorsOf(result), {
    name: ["Name is required"],
    description: ["Invalid input: expected string"],
  });
});

Deno.test("mergeExtraUpdate: moving to another service without an order drops it (store puts it last)", () => {
  const moved = putExtra({ serviceId: "s2" });
  assert.ok(moved.ok);
  assert.equal(moved.value.serviceId, "s2");
  assert.equal(moved.value.order, undefined);
  const movedWithOrder = putExtra({ serviceId: "s2", order: 1 });
  assert.ok(movedWithOrder.ok && movedWithOrder.value.order === 1);
  const disabled = putExtra({ active: false });
  assert.ok(disabled.ok);
  const { _id: _, deletedAt: _d, ...stored } = extra;
  assert.deepEqual(disabled.value, { ...stored, active: false });
  assert.deepEqual(fieldErrorsOf(putExtra({ imageUrl: "ftp://x" })), {
    imageUrl: ["Image URL must start with https://"],
  });
});

Deno.test("mergeFrequencyUpdate and the default frequency", () => {
  const weekly: Frequency = { _id: "f1", name: "Weekly", code: "WEEKLY", discountPercent: 15, repeatUnit: "WEEK", repeatEvery: 1 };
  const putWeekly = put(validateFrequencyInput, (patch) => mergeFrequencyUpdate(weekly, patch));
  assert.deepEqual(putWeekly({ discountPercent: "12.345" }), ok({
    name: "Weekly",
    code: "WEEKLY",
    discountPercent: 12.35,
    repeatUnit: "WEEK",
    repeatEvery: 1,
  }));
  // The repeat is judged as merged: a unit alone keeps the stored interval; NONE makes it 0.
  assert.deepEqual(putWeekly({ repeatUnit: "MONTH" }), ok({ name: "Weekly", code: "WEEKLY", discountPercent: 15, repeatUnit: "MONTH", repeatEvery: 1 }));
  assert.deepEqual(putWeekly({ repeatUnit: "NONE" }), ok({ name: "Weekly", code: "WEEKLY", discountPercent: 15, repeatUnit: "NONE", repeatEvery: 0 }));
  assert.deepEqual(fieldErrorsOf(putWeekly({ repeatEvery: 0 })), { repeatEvery: ["Repeat every must be a whole number from 1 to 52"] });
  const once: Frequency = { ...weekly, code: "ONE_TIME", repeatUnit: "NONE", repeatEvery: 0 };
  assert.deepEqual(
    fieldErrorsOf(put(validateFrequencyInput, (patch) => mergeFrequencyUpdate(once, patch))({ repeatUnit: "WEEK" })),
    { repeatEvery: ["Repeat every must be a whole number from 1 to 52"] },
  );
  assert.deepEqual(fieldErrorsOf(putWeekly({ discountPercent: 101 })), {
    discountPercent: ["Discount must be between 0 and 100"],
  });
  assert.equal(isDefaultFrequency({ code: "ONE_TIME" }), true);
  assert.equal(isDefaultFrequency(weekly), false);
});

Deno.test("mergeQuestionUpdate: scope, type and options after the merge", () => {
  const cases: { name: string; body: unknown; value?: Partial<Question>; fieldErrors?: unknown }[] = [
    { name: "make required", body: { required: true }, value: { required: true } },
    { name: "to GLOBAL clears the service", body: { scope: "GLOBAL" }, value: { scope: "GLOBAL", serviceId: null } },
    { name: "to TEXT drops the options", body: { type: "TEXT" }, value: { type: "TEXT", options: [] } },
    { name: "a choice type keeps stored options", body: { type: "MULTI" }, value: { type: "MULTI" } },
    {
      name: "options are replaced, trimmed",
      body: { options: [{ label: " A ", value: " a " }] },
      value: { options: [{ label: "A", value: "a" }] },
    },
    { name: "SERVICE needs a service", body: { scope: "SERVICE", serviceId: " " }, fieldErrors: { serviceId: ["Select a service"] } },
    { name: "blank text", body: { text: "  " }, fieldErrors: { text: ["Question text is required"] } },
    { name: "order from 1", body: { order: 0 }, fieldErrors: { order: ["Order must be a whole number of 1 or more"] } },
  ];
  for (const c of cases) {
    const result = putQuestion(question)(c.body);
    if (c.fieldErrors) assert.deepEqual(fieldErrorsOf(result), c.fieldErrors, c.name);
    else {
      const { _id: _, ...stored } = question;
      assert.deepEqual(result, ok({ ...stored, ...c.value }), c.name);
    }
  }
  const text = { ...question, type: "TEXT" as const, options: [] };
  assert.deepEqual(fieldErrorsOf(putQuestion(text)({ type: "SINGLE" })), {
    options: ["At least one option is required"],
  });
});

Deno.test("validateExtraOrders: all of this service's extras, once each, at distinct positions from 1", () => {
  const extras = [{ _id: "a" }, { _id: "b" }, { _id: "c" }];
  // The route parses the body with its schema; the use case then checks the extras are the service's.
  const reorder = (orders: unknown) => {
    const body = parseInput(reorderExtrasSchema, { orders });
    return body.ok ? validateExtraOrders(body.value.orders, extras) : body;
  };
  const cases: { name: string; input: unknown; value?: unknown; fieldErrors?: unknown }[] = [
    {
      name: "a full list",
      input: [{ extraId: "c", order: 1 }, { extraId: "a", order: 2 }, { extraId: "b", order: "3" }],
      value: [{ extraId: "c", order: 1 }, { extraId: "a", order: 2 }, { extraId: "b", order: 3 }],
    },
    { name: "a part of the list", input: [{ extraId: "b", order: 5 }], value: [{ extraId: "b", order: 5 }] },
    { name: "missing", input: undefined, fieldErrors: { orders: ["Send at least one extra with its order"] } },
    { name: "empty", input: [], fieldErrors: { orders: ["Send at least one extra with its order"] } },
    { name: "not a list", input: { a: 1 }, fieldErrors: { orders: ["Send at least one extra with its order"] } },
    {
      name: "another service's extra",
      input: [{ extraId: "a", order: 1 }, { extraId: "zzz", order: 2 }],
      fieldErrors: { "orders.1.extraId": ["This extra does not belong to the service"] },
    },
    {
      name: "repeats and bad positions",
      input: [{ extraId: "a", order: 1 }, { extraId: "a", order: 2 }, { extraId: "b", order: 2 }, { extraId: "c", order: 1.5 }, "x"],
      fieldErrors: {
        "orders.1.extraId": ["Each extra can appear only once"],
        "orders.2.order": ["Each position can be used only once"],
        "orders.3.order": ["Order must be a whole number of 1 or more"],
        "orders.4.extraId": ["This extra does not belong to the service"],
        "orders.4.order": ["Order must be a whole number of 1 or more"],
      },
    },
  ];
  for (const c of cases) {
    const result = reorder(c.input);
    if (c.fieldErrors) assert.deepEqual(fieldErrorsOf(result), c.fieldErrors, c.name);
    else assert.deepEqual(result, ok(c.value), c.name);
  }
});

Deno.test("frequencyInUse: refused while a series or a coming booking uses it, with the counts (issue 28)", () => {
  const cases: [{ series: number; bookings: number }, string | null][] = [
    [{ series: 0, bookings: 0 }, null],
    [{ series: 1, bookings: 0 }, "This frequency is used by 1 regular clean, so it can’t be deleted."],
    [{ series: 0, bookings: 1 }, "This frequency is used by 1 coming booking, so it can’t be deleted."],
    [{ series: 2, bookings: 5 }, "This frequency is used by 2 regular cleans and 5 coming bookings, so it can’t be deleted."],
  ];
  for (const [use, opening] of cases) {
    const refusal = frequencyInUse(use);
    if (opening === null) {
      assert.equal(refusal, null);
      continue;
    }
    assert.ok(refusal, JSON.stringify(use));
    assert.equal(refusal.kind, "conflict");
    assert.equal(refusal.code, "FREQUENCY_IN_USE");
    assert.deepEqual(refusal.details, use);
    assert.equal(refusal.message, `${opening} Retire it instead: it leaves the booking form and they keep it.`);
  }
});

Deno.test("mergeFrequencyUpdate: retiring and bringing back (active)", () => {
  const weekly: Frequency = { _id: "f1", name: "Weekly", code: "WEEKLY", discountPercent: 15, repeatUnit: "WEEK", repeatEvery: 1, active: true };
  const putWeekly = put(validateFrequencyInput, (patch) => mergeFrequencyUpdate(weekly, patch));
  const retired = putWeekly({ active: false });
  assert.ok(retired.ok);
  assert.equal(retired.value.active, false);
  assert.equal(retired.value.discountPercent, 15);
  assert.equal(mergeFrequencyUpdate({ ...weekly, active: false }, { active: true }).ok, true);
  const notBoolean = validateFrequencyInput({ active: "no" }, "update");
  assert.ok(!notBoolean.ok);
  assert.deepEqual(notBoolean.error.fieldErrors, { active: ["Active must be true or false"] });
});
