import assert from "node:assert/strict";
import type { Result } from "../shared/result.ts";
import {
  clampDiscountPercent,
  QUESTION_OPTION_TEMPLATES,
  validateExtraInput,
  validateFrequencyInput,
  validateQuestionInput,
  validateServiceInput,
} from "./validation.ts";

type Case = {
  name: string;
  input: unknown;
  mode: "create" | "update";
  value?: unknown;
  fieldErrors?: Record<string, string[]>;
};

function expectCase(result: Result<unknown>, c: Case) {
  if (c.fieldErrors) {
    assert.ok(!result.ok, `expected errors, got ${JSON.stringify(result)}`);
    assert.equal(result.error.kind, "validation");
    assert.equal(result.error.code, "VALIDATION_FAILED");
    assert.deepEqual(result.error.fieldErrors, c.fieldErrors);
  } else {
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.value, c.value);
  }
}

const HOURLY_DEFAULTS = {
  pricingModel: "HOURLY",
  ratePerHour: 60,
  minHours: 2,
  maxHours: 20,
  stepHours: 0.5,
  bedroomPrices: [],
  basePrice: 0,
  durationMinutes: 120,
  description: "",
  checklist: [],
};

Deno.test("validateServiceInput", async (t) => {
  const cases: Case[] = [
    {
      name: "create with defaults",
      mode: "create",
      input: { name: " Standard clean ", slug: "standard-clean" },
      value: { name: "Standard clean", slug: "standard-clean", ...HOURLY_DEFAULTS },
    },
    {
      name: "create bedrooms, rows sorted, money rounded",
      mode: "create",
      input: {
        name: "End of lease",
        slug: "end-of-lease",
        pricingModel: "BEDROOMS",
        bedroomPrices: [
          { bedrooms: 3, price: 300, durationMinutes: 300 },
          { bedrooms: "1", price: "150.005", durationMinutes: "150" },
          { bedrooms: 0, price: 99 },
        ],
      },
      value: {
        name: "End of lease",
        slug: "end-of-lease",
        ...HOURLY_DEFAULTS,
        pricingModel: "BEDROOMS",
        bedroomPrices: [
          { bedrooms: 0, price: 99, durationMinutes: 120 },
          { bedrooms: 1, price: 150.01, durationMinutes: 150 },
          { bedrooms: 3, price: 300, durationMinutes: 300 },
        ],
      },
    },
    {
      name: "create fixed with description",
      mode: "create",
      input: {
        name: "Oven",
        slug: "oven-2",
        pricingModel: "FIXED",
        basePrice: 89.5,
        description: "  Sparkling  ",
      },
      value: {
        name: "Oven",
        slug: "oven-2",
        ...HOURLY_DEFAULTS,
        pricingModel: "FIXED",
        basePrice: 89.5,
        description: "Sparkling",
      },
    },
    {
      name: "create hourly with its own numbers",
      mode: "create",
      input: {
        name: "Deep",
        slug: "deep",
        ratePerHour: "75.5",
        minHours: 3,
        maxHours: 24,
        stepHours: 1,
      },
      value: {
        name: "Deep",
        slug: "deep",
        ...HOURLY_DEFAULTS,
        ratePerHour: 75.5,
        minHours: 3,
        maxHours: 24,
        stepHours: 1,
      },
    },
    {
      name: "create with min equal to max",
      mode: "create",
      input: { name: "A", slug: "a", minHours: 4, maxHours: 4 },
      value: { name: "A", slug: "a", ...HOURLY_DEFAULTS, minHours: 4, maxHours: 4 },
    },
    {
      name: "create without name or slug",
      mode: "create",
      input: {},
      fieldErrors: { name: ["Name is required"], slug: ["Slug is required"] },
    },
    {
      name: "create from junk",
      mode: "create",
      input: "service",
      fieldErrors: { name: ["Name is required"], slug: ["Slug is required"] },
    },
    {
      name: "slug with capitals and spaces",
      mode: "create",
      input: { name: "A", slug: "Deep Clean" },
      fieldErrors: { slug: ["Slug may use lowercase letters, numbers and hyphens only"] },
    },
    {
      name: "unknown pricing model",
      mode: "create",
      input: { name: "A", slug: "a", pricingModel: "DAILY" },
      fieldErrors: { pricingModel: ["Pricing model must be HOURLY, BEDROOMS or FIXED"] },
    },
    {
      name: "negative rate",
      mode: "create",
      input: { name: "A", slug: "a", ratePerHour: -1 },
      fieldErrors: { ratePerHour: ["Rate per hour must be 0 or more"] },
    },
    {
      name: "rate not a number",
      mode: "create",
      input: { name: "A", slug: "a", ratePerHour: "sixty" },
      fieldErrors: { ratePerHour: ["Rate per hour must be 0 or more"] },
    },
    {
      name: "min hours 0",
      mode: "create",
      input: { name: "A", slug: "a", minHours: 0 },
      fieldErrors: { minHours: ["Minimum hours must be more than 0 and no more than 24"] },
    },
    {
      name: "max hours 25",
      mode: "create",
      input: { name: "A", slug: "a", maxHours: 25 },
      fieldErrors: { maxHours: ["Maximum hours must be more than 0 and no more than 24"] },
    },
    {
      name: "min above max",
      mode: "create",
      input: { name: "A", slug: "a", minHours: 6, maxHours: 4 },
      fieldErrors: { maxHours: ["Maximum hours must be at least the minimum hours"] },
    },
    {
      name: "step 0",
      mode: "create",
      input: { name: "A", slug: "a", stepHours: 0 },
      fieldErrors: { stepHours: ["Step must be more than 0"] },
    },
    {
      name: "step of a day or more",
      mode: "create",
      input: { name: "A", slug: "a", stepHours: 9007199254740992 },
      fieldErrors: { stepHours: ["Step must be no more than 24"] },
    },
    // Issue 13: prices of 1e10 overflowed numeric(12,2) and answered 500.
    {
      name: "money over A$100,000",
      mode: "create",
      input: {
        name: "A", slug: "a", pricingModel: "BEDROOMS", ratePerHour: 1e10, basePrice: 100_000.01,
        bedroomPrices: [{ bedrooms: 1, price: "1e20" }],
      },
      fieldErrors: {
        ratePerHour: ["Rate per hour must be A$100,000 or less"],
        basePrice: ["Base price must be A$100,000 or less"],
        "bedroomPrices.0.price": ["Bedroom prices must be A$100,000 or less"],
      },
    },
    {
      name: "A$100,000 exactly",
      mode: "update",
      input: { ratePerHour: 100_000, basePrice: "100000" },
      value: { ratePerHour: 100_000, basePrice: 100_000 },
    },
    {
      name: "bedrooms past the integer column",
      mode: "update",
      input: { bedroomPrices: [{ bedrooms: 2 ** 31, price: 10 }, { bedrooms: 21, price: 10 }, { bedrooms: 20, price: 10 }] },
      fieldErrors: {
        "bedroomPrices.0.bedrooms": ["Bedrooms must be 20 or fewer"],
        "bedroomPrices.1.bedrooms": ["Bedrooms must be 20 or fewer"],
      },
    },
    {
      name: "bedrooms with no rows",
      mode: "create",
      input: { name: "A", slug: "a", pricingModel: "BEDROOMS" },
      fieldErrors: { bedroomPrices: ["Add at least one bedroom price"] },
    },
    {
      name: "bad bedroom rows",
      mode: "create",
      input: {
        name: "A",
        slug: "a",
        pricingModel: "BEDROOMS",
        bedroomPrices: [{ bedrooms: -1, price: -5 }, { bedrooms: 1.5, price: 10 }, "x"],
      },
      fieldErrors: {
        "bedroomPrices.0.bedrooms": ["Bedrooms must be a whole number of 0 (studio) or more"],
        "bedroomPrices.0.price": ["Bedroom prices must be 0 or more"],
        "bedroomPrices.1.bedrooms": ["Bedrooms must be a whole number of 0 (studio) or more"],
        "bedroomPrices.2.bedrooms": ["Bedrooms must be a whole number of 0 (studio) or more"],
        "bedroomPrices.2.price": ["Bedroom prices must be 0 or more"],
      },
    },
    {
      name: "repeated bedrooms",
      mode: "create",
      input: {
        name: "A",
        slug: "a",
        pricingModel: "BEDROOMS",
        bedroomPrices: [{ bedrooms: 2, price: 1 }, { bedrooms: 2, price: 2 }],
      },
      fieldErrors: { bedroomPrices: ["Each number of bedrooms can appear only once"] },
    },
    {
      name: "negative base price",
      mode: "create",
      input: { name: "A", slug: "a", pricingModel: "FIXED", basePrice: -0.01 },
      fieldErrors: { basePrice: ["Base price must be 0 or more"] },
    },
    {
      name: "name too long",
      mode: "create",
      input: { name: "n".repeat(121), slug: "a" },
      fieldErrors: { name: ["Name must be 120 characters or fewer"] },
    },
    { name: "update: empty patch", mode: "update", input: {}, value: {} },
    {
      name: "update: only the rate",
      mode: "update",
      input: { ratePerHour: 65 },
      value: { ratePerHour: 65 },
    },
    {
      name: "update: switch to fixed",
      mode: "update",
      input: { pricingModel: "fixed", basePrice: 120 },
      value: { pricingModel: "FIXED", basePrice: 120 },
    },
    {
      name: "update: blank name",
      mode: "update",
      input: { name: "  " },
      fieldErrors: { name: ["Name is required"] },
    },
    {
      name: "update: bad slug",
      mode: "update",
      input: { slug: "a_b" },
      fieldErrors: { slug: ["Slug may use lowercase letters, numbers and hyphens only"] },
    },
    {
      name: "update: max 30",
      mode: "update",
      input: { maxHours: 30 },
      fieldErrors: { maxHours: ["Maximum hours must be more than 0 and no more than 24"] },
    },
    {
      name: "update: min above max",
      mode: "update",
      input: { minHours: 5, maxHours: 3 },
      fieldErrors: { maxHours: ["Maximum hours must be at least the minimum hours"] },
    },
    {
      name: "update: bedrooms with empty rows",
      mode: "update",
      input: { pricingModel: "BEDROOMS", bedroomPrices: [] },
      fieldErrors: { bedroomPrices: ["Add at least one bedroom price"] },
    },
    {
      name: "update: bedroom rows not a list",
      mode: "update",
      input: { bedroomPrices: "3:100" },
      fieldErrors: { bedroomPrices: ["Add at least one bedroom price"] },
    },
    {
      name: "a visit length out of range, and a bedroom row's",
      mode: "create",
      input: {
        name: "A", slug: "a", pricingModel: "BEDROOMS", durationMinutes: 10,
        bedroomPrices: [{ bedrooms: 1, price: 100, durationMinutes: 1441 }],
      },
      fieldErrors: {
        durationMinutes: ["Visit length must be a whole number of minutes from 15 to 1440"],
        "bedroomPrices.0.durationMinutes": ["Visit length must be a whole number of minutes from 15 to 1440"],
      },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => expectCase(validateServiceInput(c.input, c.mode), c));
  }
});

Deno.test("validateExtraInput", async (t) => {
  const base = { serviceId: "svc-1", title: "Oven", price: 35 };
  const created = {
    serviceId: "svc-1",
    title: "Oven",
    description: "",
    price: 35,
    hasQuantity: false,
    maxQuantity: 20,
    durationMinutes: 0,
    imageUrl: "",
    active: true,
  };
  const cases: Case[] = [
    { name: "create with defaults", mode: "create", input: base, value: created },
    {
      name: "create with everything",
      mode: "create",
      input: {
        ...base,
        title: " Windows ",
        price: "12.345",
        hasQuantity: true,
        imageUrl: " https://cdn.example.com/w.jpg ",
        description: " Inside ",
        order: 3,
      },
      value: {
        ...created,
        title: "Windows",
        price: 12.35,
        hasQuantity: true,
        imageUrl: "https://cdn.example.com/w.jpg",
        description: "Inside",
        order: 3,
      },
    },
    {
      name: "free extra",
      mode: "create",
      input: { ...base, price: 0 },
      value: { ...created, price: 0 },
    },
    {
      name: "create with nothing",
      mode: "create",
      input: {},
      fieldErrors: {
        serviceId: ["Please choose a service."],
        title: ["Title is required"],
        price: ["Price must be 0 or more"],
      },
    },
    {
      name: "negative price",
      mode: "create",
      input: { ...base, price: -1 },
      fieldErrors: { price: ["Price must be 0 or more"] },
    },
    {
      name: "http image",
      mode: "create",
      input: { ...base, imageUrl: "http://x.example/a.png" },
      fieldErrors: { imageUrl: ["Image URL must start with https://"] },
    },
    {
      name: "not a URL",
      mode: "create",
      input: { ...base, imageUrl: "https://" },
      fieldErrors: { imageUrl: ["Image URL must start with https://"] },
    },
    {
      name: "javascript URL",
      mode: "create",
      input: { ...base, imageUrl: "javascript:alert(1)" },
      fieldErrors: { imageUrl: ["Image URL must start with https://"] },
    },
    {
      name: "hasQuantity as text",
      mode: "create",
      input: { ...base, hasQuantity: "yes" },
      fieldErrors: { hasQuantity: ["Has quantity must be true or false"] },
    },
    {
      name: "order 0",
      mode: "create",
      input: { ...base, order: 0 },
      fieldErrors: { order: ["Order must be a whole number of 1 or more"] },
    },
    {
      name: "order 1.5",
      mode: "update",
      input: { order: 1.5 },
      fieldErrors: { order: ["Order must be a whole number of 1 or more"] },
    },
    {
      name: "order past the integer column",
      mode: "update",
      input: { order: 2 ** 31 },
      fieldErrors: { order: ["Order must be 1,000 or less"] },
    },
    // Issue 13: a price of 1e10 overflowed numeric(12,2) and answered 500.
    {
      name: "price 1e10",
      mode: "create",
      input: { ...base, price: 1e10 },
      fieldErrors: { price: ["Price must be A$100,000 or less"] },
    },
    {
      name: "a maximum quantity",
      mode: "create",
      input: { ...base, hasQuantity: true, maxQuantity: "8" },
      value: { ...created, hasQuantity: true, maxQuantity: 8 },
    },
    ...[0, 101, 1.5, 1e9, "lots", null].map((maxQuantity): Case => ({
      name: `maximum quantity ${maxQuantity}`,
      mode: "update",
      input: { maxQuantity },
      fieldErrors: { maxQuantity: ["Maximum quantity must be a whole number from 1 to 100"] },
    })),
    { name: "update: disable", mode: "update", input: { active: false }, value: { active: false } },
    {
      name: "update: active as text",
      mode: "update",
      input: { active: "no" },
      fieldErrors: { active: ["Active must be true or false"] },
    },
    {
      name: "update: clear the image",
      mode: "update",
      input: { imageUrl: "" },
      value: { imageUrl: "" },
    },
    {
      name: "update: blank title",
      mode: "update",
      input: { title: "" },
      fieldErrors: { title: ["Title is required"] },
    },
    {
      name: "update: price and order",
      mode: "update",
      input: { price: 10, order: 2 },
      value: { price: 10, order: 2 },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => expectCase(validateExtraInput(c.input, c.mode), c));
  }
});

Deno.test("validateFrequencyInput", async (t) => {
  const cases: Case[] = [
    {
      name: "create",
      mode: "create",
      input: { name: "Weekly", code: "WEEKLY", discountPercent: 15 },
      value: { name: "Weekly", code: "WEEKLY", discountPercent: 15, repeatUnit: "WEEK", repeatEvery: 1 },
    },
    {
      name: "code upper-cased, discount defaults to 0",
      mode: "create",
      input: { name: " One time ", code: " one_time " },
      value: { name: "One time", code: "ONE_TIME", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0 },
    },
    {
      name: "discount 12.5 as text",
      mode: "create",
      input: { name: "M", code: "M", discountPercent: "12.5" },
      value: { name: "M", code: "M", discountPercent: 12.5, repeatUnit: "NONE", repeatEvery: 0 },
    },
    {
      name: "discount 100",
      mode: "create",
      input: { name: "Free", code: "FREE", discountPercent: 100 },
      value: { name: "Free", code: "FREE", discountPercent: 100, repeatUnit: "NONE", repeatEvery: 0 },
    },
    {
      name: "without a repeat, the usual codes repeat as their names say (issue 17)",
      mode: "create",
      input: { name: "Fortnightly", code: "fortnightly" },
      value: { name: "Fortnightly", code: "FORTNIGHTLY", discountPercent: 0, repeatUnit: "WEEK", repeatEvery: 2 },
    },
    {
      name: "monthly by its code",
      mode: "create",
      input: { name: "Monthly", code: "MONTHLY", discountPercent: 5 },
      value: { name: "Monthly", code: "MONTHLY", discountPercent: 5, repeatUnit: "MONTH", repeatEvery: 1 },
    },
    {
      name: "a repeat sent wins over the code's, in any letter case, the interval as text",
      mode: "create",
      input: { name: "Every 3 weeks", code: "WEEKLY", repeatUnit: "week", repeatEvery: "3" },
      value: { name: "Every 3 weeks", code: "WEEKLY", discountPercent: 0, repeatUnit: "WEEK", repeatEvery: 3 },
    },
    {
      name: "NONE makes the interval 0",
      mode: "create",
      input: { name: "Once", code: "WEEKLY", repeatUnit: "NONE", repeatEvery: 4 },
      value: { name: "Once", code: "WEEKLY", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0 },
    },
    {
      name: "a unit without an interval",
      mode: "create",
      input: { name: "Q", code: "QUARTERLY", repeatUnit: "MONTH" },
      fieldErrors: { repeatEvery: ["Repeat every must be a whole number from 1 to 52"] },
    },
    {
      name: "an interval of 0, 53 or 1.5 with a unit",
      mode: "create",
      input: { name: "Q", code: "Q", repeatUnit: "WEEK", repeatEvery: 0 },
      fieldErrors: { repeatEvery: ["Repeat every must be a whole number from 1 to 52"] },
    },
    {
      name: "an interval of 53",
      mode: "create",
      input: { name: "Q", code: "Q", repeatUnit: "WEEK", repeatEvery: 53 },
      fieldErrors: { repeatEvery: ["Repeat every must be a whole number from 1 to 52"] },
    },
    {
      name: "an interval of 1.5",
      mode: "update",
      input: { repeatEvery: 1.5 },
      fieldErrors: { repeatEvery: ["Repeat every must be a whole number from 1 to 52"] },
    },
    {
      name: "an unknown unit",
      mode: "create",
      input: { name: "Q", code: "Q", repeatUnit: "DAY", repeatEvery: 3 },
      fieldErrors: { repeatUnit: ["Repeat must be NONE, WEEK or MONTH"] },
    },
    {
      name: "an interval without a unit names nothing",
      mode: "create",
      input: { name: "Q", code: "Q", repeatEvery: 3 },
      fieldErrors: { repeatUnit: ["Repeat must be NONE, WEEK or MONTH"] },
    },
    {
      name: "nothing",
      mode: "create",
      input: {},
      fieldErrors: { name: ["Name is required"], code: ["Code is required"] },
    },
    {
      name: "code with a hyphen",
      mode: "create",
      input: { name: "W", code: "every-week" },
      fieldErrors: { code: ["Code may use letters, numbers and underscores only"] },
    },
    {
      name: "discount 101",
      mode: "create",
      input: { name: "W", code: "W", discountPercent: 101 },
      fieldErrors: { discountPercent: ["Discount must be between 0 and 100"] },
    },
    {
      name: "discount -1",
      mode: "create",
      input: { name: "W", code: "W", discountPercent: -1 },
      fieldErrors: { discountPercent: ["Discount must be between 0 and 100"] },
    },
    {
      name: "discount text",
      mode: "update",
      input: { discountPercent: "ten" },
      fieldErrors: { discountPercent: ["Discount must be between 0 and 100"] },
    },
    {
      name: "update discount only",
      mode: "update",
      input: { discountPercent: 10 },
      value: { discountPercent: 10 },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => expectCase(validateFrequencyInput(c.input, c.mode), c));
  }
});

Deno.test("clampDiscountPercent", async (t) => {
  const cases: [unknown, number][] = [
    [10, 10],
    [12.5, 12.5],
    ["15", 15],
    [-5, 0],
    [150, 100],
    ["abc", 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    ["", 0],
  ];
  for (const [value, expected] of cases) {
    await t.step(String(value), () => assert.equal(clampDiscountPercent(value), expected));
  }
});

Deno.test("validateQuestionInput", async (t) => {
  const yesNo = [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }];
  const globalText = {
    scope: "GLOBAL",
    serviceId: null,
    text: "Parking?",
    type: "TEXT",
    required: false,
    order: 1,
    helpText: "",
    placeholder: "",
    options: [],
  };
  const cases: Case[] = [
    {
      name: "TEXT with defaults",
      mode: "create",
      input: { text: " Parking? ", type: "TEXT" },
      value: globalText,
    },
    {
      name: "TEXT drops options; GLOBAL drops service",
      mode: "create",
      input: {
        text: "Parking?",
        type: "TEXT",
        serviceId: "svc-1",
        options: yesNo,
        helpText: "  Street or drive ",
        placeholder: " e.g. driveway ",
      },
      value: { ...globalText, helpText: "Street or drive", placeholder: "e.g. driveway" },
    },
    {
      name: "SINGLE for a service, options trimmed",
      mode: "create",
      input: {
        scope: "SERVICE",
        serviceId: "svc-1",
        text: "Pets?",
        type: "SINGLE",
        required: true,
        order: 2,
        options: [{ label: " Yes ", value: " yes " }, { label: "No", value: "no" }],
      },
      value: {
        ...globalText,
        scope: "SERVICE",
        serviceId: "svc-1",
        text: "Pets?",
        type: "SINGLE",
        required: true,
        order: 2,
        options: yesNo,
      },
    },
    {
      name: "MULTI",
      mode: "create",
      input: { text: "Rooms", type: "MULTI", options: yesNo },
      value: { ...globalText, text: "Rooms", type: "MULTI", options: yesNo },
    },
    {
      name: "text missing",
      mode: "create",
      input: { type: "TEXT" },
      fieldErrors: { text: ["Question text is required"] },
    },
    {
      name: "type missing",
      mode: "create",
      input: { text: "Q" },
      fieldErrors: { type: ["Type must be SINGLE, MULTI or TEXT"] },
    },
    {
      name: "scope unknown",
      mode: "create",
      input: { text: "Q", type: "TEXT", scope: "LOCAL" },
      fieldErrors: { scope: ["Scope must be GLOBAL or SERVICE"] },
    },
    {
      name: "SERVICE without service",
      mode: "create",
      input: { text: "Q", type: "TEXT", scope: "SERVICE" },
      fieldErrors: { serviceId: ["Select a service"] },
    },
    {
      name: "SINGLE without options",
      mode: "create",
      input: { text: "Q", type: "SINGLE" },
      fieldErrors: { options: ["At least one option is required"] },
    },
    {
      name: "MULTI with empty options",
      mode: "create",
      input: { text: "Q", type: "MULTI", options: [] },
      fieldErrors: { options: ["At least one option is required"] },
    },
    {
      name: "empty label",
      mode: "create",
      input: { text: "Q", type: "SINGLE", options: [{ label: " ", value: "a" }] },
      fieldErrors: { options: ["Option label/value cannot be empty"] },
    },
    {
      name: "empty value",
      mode: "create",
      input: { text: "Q", type: "SINGLE", options: [{ label: "A" }] },
      fieldErrors: { options: ["Option label/value cannot be empty"] },
    },
    {
      name: "values repeat after trimming",
      mode: "create",
      input: {
        text: "Q",
        type: "MULTI",
        options: [{ label: "A", value: "a" }, { label: "B", value: " a " }],
      },
      fieldErrors: { options: ["Option values must be unique"] },
    },
    {
      name: "empty and repeated",
      mode: "create",
      input: {
        text: "Q",
        type: "MULTI",
        options: [{ label: "", value: "a" }, { label: "B", value: "a" }],
      },
      fieldErrors: {
        options: ["Option label/value cannot be empty", "Option values must be unique"],
      },
    },
    {
      name: "order 0",
      mode: "create",
      input: { text: "Q", type: "TEXT", order: 0 },
      fieldErrors: { order: ["Order must be a whole number of 1 or more"] },
    },
    {
      name: "required as text",
      mode: "create",
      input: { text: "Q", type: "TEXT", required: "yes" },
      fieldErrors: { required: ["Required must be true or false"] },
    },
    {
      name: "all the spec's messages at once",
      mode: "create",
      input: { scope: "SERVICE", type: "SINGLE" },
      fieldErrors: {
        text: ["Question text is required"],
        serviceId: ["Select a service"],
        options: ["At least one option is required"],
      },
    },
    {
      name: "update: make required",
      mode: "update",
      input: { required: true },
      value: { required: true },
    },
    { name: "update: move order", mode: "update", input: { order: 4 }, value: { order: 4 } },
    {
      name: "update: to GLOBAL clears the service",
      mode: "update",
      input: { scope: "GLOBAL" },
      value: { scope: "GLOBAL", serviceId: null },
    },
    {
      name: "update: to SERVICE needs one",
      mode: "update",
      input: { scope: "SERVICE" },
      fieldErrors: { serviceId: ["Select a service"] },
    },
    {
      name: "update: to TEXT clears options",
      mode: "update",
      input: { type: "TEXT" },
      value: { type: "TEXT", options: [] },
    },
    {
      name: "update: to SINGLE keeps stored options",
      mode: "update",
      input: { type: "SINGLE" },
      value: { type: "SINGLE" },
    },
    {
      name: "update: SINGLE with no options",
      mode: "update",
      input: { type: "SINGLE", options: [] },
      fieldErrors: { options: ["At least one option is required"] },
    },
    {
      name: "update: options only",
      mode: "update",
      input: { options: yesNo },
      value: { options: yesNo },
    },
    {
      name: "update: bad options only",
      mode: "update",
      input: { options: [{ label: "A", value: "" }] },
      fieldErrors: { options: ["Option label/value cannot be empty"] },
    },
    {
      name: "update: blank text",
      mode: "update",
      input: { text: "" },
      fieldErrors: { text: ["Question text is required"] },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => expectCase(validateQuestionInput(c.input, c.mode), c));
  }
});

Deno.test("QUESTION_OPTION_TEMPLATES", () => {
  assert.deepEqual(
    QUESTION_OPTION_TEMPLATES.map((t) => [t.name, t.options.map((o) => `${o.label}=${o.value}`)]),
    [
      ["Yes/No", ["Yes=yes", "No=no"]],
      ["Access", ["Someone will be home=someone_home", "Lockbox=lockbox"]],
      ["Pets", ["No pets=no_pets", "Dog=dog", "Cat=cat"]],
    ],
  );
  // Every template must itself pass the question rules.
  for (const template of QUESTION_OPTION_TEMPLATES) {
    assert.ok(
      validateQuestionInput({ text: "Q", type: "SINGLE", options: template.options }, "create").ok,
    );
  }
});
