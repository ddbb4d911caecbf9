import assert from "node:assert/strict";
import type { Extra, Frequency, Service } from "../../catalog/types.ts";
import { type PriceableDraft, priceDraft, type PricingCatalog } from "./pricing.ts";
import type { Totals } from "../types.ts";

const service = (patch: Partial<Service> & Pick<Service, "_id" | "pricingModel">): Service => ({
  name: patch._id,
  slug: patch._id,
  ratePerHour: 60,
  minHours: 2,
  maxHours: 20,
  stepHours: 0.5,
  bedroomPrices: [],
  basePrice: 0,
  durationMinutes: 120,
  description: "",
  deletedAt: null,
  ...patch,
});

const extra = (patch: Partial<Extra> & Pick<Extra, "_id" | "serviceId" | "price">): Extra => ({
  title: patch._id,
  description: "",
  hasQuantity: false,
  maxQuantity: 20,
  durationMinutes: 0,
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
  repeatUnit: "NONE",
  repeatEvery: 0,
});

const catalog: PricingCatalog = {
  services: [
    service({ _id: "hourly", pricingModel: "HOURLY", ratePerHour: 60 }),
    service({
      _id: "odd-rate",
      pricingModel: "HOURLY",
      ratePerHour: 45.55,
      minHours: 1,
      maxHours: 8,
      stepHours: 0.5,
    }),
    service({
      _id: "whole-hours",
      pricingModel: "HOURLY",
      ratePerHour: 50,
      minHours: 3,
      maxHours: 6,
      stepHours: 1,
    }),
    service({
      _id: "bedrooms",
      pricingModel: "BEDROOMS",
      bedroomPrices: [{ bedrooms: 1, price: 120, durationMinutes: 120 }, { bedrooms: 2, price: 165.5, durationMinutes: 120 }, {
        bedrooms: 3,
        price: 210,
        durationMinutes: 180,
      }],
    }),
    service({ _id: "fixed", pricingModel: "FIXED", basePrice: 100.05 }),
    service({ _id: "fixed-odd", pricingModel: "FIXED", basePrice: 10.04 }),
    service({
      _id: "gone",
      pricingModel: "FIXED",
      basePrice: 99,
      deletedAt: new Date("2026-01-01T00:00:00Z"),
    }),
  ],
  extras: [
    extra({ _id: "oven", serviceId: "hourly", price: 35 }),
    extra({ _id: "windows", serviceId: "hourly", price: 12.35, hasQuantity: true, maxQuantity: 12 }),
    extra({ _id: "fridge", serviceId: "bedrooms", price: 29.99, hasQuantity: true }),
    extra({ _id: "balcony", serviceId: "fixed", price: 20 }),
    extra({ _id: "off", serviceId: "hourly", price: 10, active: false }),
    extra({
      _id: "deleted",
      serviceId: "hourly",
      price: 10,
      deletedAt: new Date("2026-01-01T00:00:00Z"),
    }),
  ],
  frequencies: [
    frequency("ONE_TIME", 0),
    frequency("WEEKLY", 15),
    frequency("FORTNIGHTLY", 10),
    frequency("MONTHLY", 12.5),
    frequency("HALF", 50),
  ],
};

const totals = (
  base: number,
  extras: number,
  first: number,
  recurring: number,
  discountPercent: number,
): Totals => ({
  baseAmount: base,
  extrasAmount: extras,
  firstServiceTotal: first,
  recurringTotal: recurring,
  discountPercent,
});

Deno.test("priceDraft: totals", async (t) => {
  const cases: {
    name: string;
    draft: PriceableDraft;
    totals: Totals;
    lines?: [string, number, number][];
  }[] = [
    {
      name: "hourly 3 h × 60",
      draft: { serviceId: "hourly", hours: 3 },
      totals: totals(180, 0, 180, 180, 0),
    },
    {
      name: "hourly min 2 h",
      draft: { serviceId: "hourly", hours: 2 },
      totals: totals(120, 0, 120, 120, 0),
    },
    {
      name: "hourly max 20 h",
      draft: { serviceId: "hourly", hours: 20 },
      totals: totals(1200, 0, 1200, 1200, 0),
    },
    {
      name: "hourly half step",
      draft: { serviceId: "hourly", hours: 2.5 },
      totals: totals(150, 0, 150, 150, 0),
    },
    {
      name: "2.5 h × 45.55 = 113.875 rounds up",
      draft: { serviceId: "odd-rate", hours: 2.5 },
      totals: totals(113.88, 0, 113.88, 113.88, 0),
    },
    {
      name: "1.5 h × 45.55 = 68.325 rounds up",
      draft: { serviceId: "odd-rate", hours: 1.5 },
      totals: totals(68.33, 0, 68.33, 68.33, 0),
    },
    {
      name: "whole-hour steps",
      draft: { serviceId: "whole-hours", hours: 4 },
      totals: totals(200, 0, 200, 200, 0),
    },
    {
      name: "bedrooms 2",
      draft: { serviceId: "bedrooms", bedrooms: 2 },
      totals: totals(165.5, 0, 165.5, 165.5, 0),
    },
    { name: "fixed", draft: { serviceId: "fixed" }, totals: totals(100.05, 0, 100.05, 100.05, 0) },
    {
      name: "fixed ignores hours and bedrooms",
      draft: { serviceId: "fixed", hours: 99, bedrooms: 99 },
      totals: totals(100.05, 0, 100.05, 100.05, 0),
    },
    {
      name: "bedrooms ignores hours",
      draft: { serviceId: "bedrooms", bedrooms: 1, hours: 0.1 },
      totals: totals(120, 0, 120, 120, 0),
    },
    {
      name: "extra without quantity counts once",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "oven", quantity: 3 }] },
      totals: totals(120, 35, 155, 155, 0),
      lines: [["oven", 1, 35]],
    },
    {
      name: "extra with quantity",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "windows", quantity: 3 }] },
      totals: totals(120, 37.05, 157.05, 157.05, 0),
      lines: [["windows", 3, 37.05]],
    },
    {
      name: "both kinds of extras",
      draft: {
        serviceId: "hourly",
        hours: 2,
        extras: [{ extraId: "windows", quantity: 2 }, { extraId: "oven", quantity: 1 }],
      },
      totals: totals(120, 59.7, 179.7, 179.7, 0),
      lines: [["windows", 2, 24.7], ["oven", 1, 35]],
    },
    {
      name: "float-prone extra price × quantity",
      draft: { serviceId: "bedrooms", bedrooms: 3, extras: [{ extraId: "fridge", quantity: 3 }] },
      totals: totals(210, 89.97, 299.97, 299.97, 0),
    },
    {
      name: "ONE_TIME 0%",
      draft: { serviceId: "hourly", hours: 3, frequencyCode: "ONE_TIME" },
      totals: totals(180, 0, 180, 180, 0),
    },
    {
      name: "fortnightly 10%",
      draft: { serviceId: "hourly", hours: 3, frequencyCode: "FORTNIGHTLY" },
      totals: totals(180, 0, 180, 162, 10),
    },
    {
      name: "weekly 15% on 100.05 = 85.0425",
      draft: { serviceId: "fixed", frequencyCode: "WEEKLY" },
      totals: totals(100.05, 0, 100.05, 85.04, 15),
    },
    {
      name: "monthly 12.5% on 10.04 = 8.785 rounds up",
      draft: { serviceId: "fixed-odd", frequencyCode: "MONTHLY" },
      totals: totals(10.04, 0, 10.04, 8.79, 12.5),
    },
    {
      name: "50% on 100.05 = 50.025 rounds up",
      draft: { serviceId: "fixed", frequencyCode: "HALF" },
      totals: totals(100.05, 0, 100.05, 50.03, 50),
    },
    {
      name: "discount applies to base plus extras",
      draft: {
        serviceId: "fixed",
        extras: [{ extraId: "balcony", quantity: 1 }],
        frequencyCode: "WEEKLY",
      },
      totals: totals(100.05, 20, 120.05, 102.04, 15),
    },
    {
      name: "blank frequency code means no discount",
      draft: { serviceId: "hourly", hours: 3, frequencyCode: "  " },
      totals: totals(180, 0, 180, 180, 0),
    },
    {
      name: "null frequency code means no discount",
      draft: { serviceId: "hourly", hours: 3, frequencyCode: null },
      totals: totals(180, 0, 180, 180, 0),
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const result = priceDraft(c.draft, catalog);
      assert.ok(result.ok, JSON.stringify(result));
      assert.deepEqual(result.value.totals, c.totals);
      assert.equal(result.value.service._id, c.draft.serviceId);
      if (c.lines) {
        assert.deepEqual(
          result.value.extraLines.map((l) => [l.extra._id, l.quantity, l.lineTotal]),
          c.lines,
        );
      }
    });
  }
});

Deno.test("priceDraft: errors", async (t) => {
  const cases: {
    name: string;
    draft: PriceableDraft;
    code: string;
    fieldErrors: Record<string, string[]>;
  }[] = [
    {
      name: "unknown service",
      draft: { serviceId: "nope" },
      code: "UNKNOWN_SERVICE",
      fieldErrors: { serviceId: ["Please choose a service."] },
    },
    {
      name: "deleted service",
      draft: { serviceId: "gone" },
      code: "UNKNOWN_SERVICE",
      fieldErrors: { serviceId: ["Please choose a service."] },
    },
    {
      name: "unknown service and unknown frequency",
      draft: { serviceId: "nope", frequencyCode: "DAILY" },
      code: "UNKNOWN_SERVICE",
      fieldErrors: {
        serviceId: ["Please choose a service."],
        frequencyCode: ["Please choose how often you’d like the service."],
      },
    },
    {
      name: "hourly without hours",
      draft: { serviceId: "hourly" },
      code: "HOURS_REQUIRED",
      fieldErrors: { hours: ["Please choose the hours for this service."] },
    },
    {
      name: "hours below min",
      draft: { serviceId: "hourly", hours: 1.5 },
      code: "HOURS_OUT_OF_RANGE",
      fieldErrors: { hours: ["Please choose between 2 and 20 hours."] },
    },
    {
      name: "hours above max",
      draft: { serviceId: "hourly", hours: 20.5 },
      code: "HOURS_OUT_OF_RANGE",
      fieldErrors: { hours: ["Please choose between 2 and 20 hours."] },
    },
    {
      name: "hours off the step",
      draft: { serviceId: "hourly", hours: 2.25 },
      code: "HOURS_OUT_OF_RANGE",
      fieldErrors: { hours: ["Please choose between 2 and 20 hours."] },
    },
    {
      name: "hours off a whole step",
      draft: { serviceId: "whole-hours", hours: 3.5 },
      code: "HOURS_OUT_OF_RANGE",
      fieldErrors: { hours: ["Please choose between 3 and 6 hours."] },
    },
    {
      name: "hours with more than 2 decimals",
      draft: { serviceId: "hourly", hours: 2.5001 },
      code: "HOURS_OUT_OF_RANGE",
      fieldErrors: { hours: ["Please choose between 2 and 20 hours."] },
    },
    {
      name: "hours NaN",
      draft: { serviceId: "hourly", hours: Number.NaN },
      code: "HOURS_OUT_OF_RANGE",
      fieldErrors: { hours: ["Please choose between 2 and 20 hours."] },
    },
    {
      name: "bedrooms missing",
      draft: { serviceId: "bedrooms" },
      code: "BEDROOMS_REQUIRED",
      fieldErrors: { bedrooms: ["Please choose the number of bedrooms."] },
    },
    {
      name: "bedrooms not offered",
      draft: { serviceId: "bedrooms", bedrooms: 4 },
      code: "UNKNOWN_BEDROOMS",
      fieldErrors: { bedrooms: ["That number of bedrooms isn’t offered for this service."] },
    },
    {
      name: "extra of another service",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "fridge", quantity: 1 }] },
      code: "UNKNOWN_EXTRA",
      fieldErrors: { "extras.0.extraId": ["That add-on isn’t available for this service."] },
    },
    {
      name: "inactive extra",
      draft: {
        serviceId: "hourly",
        hours: 2,
        extras: [{ extraId: "oven", quantity: 1 }, { extraId: "off", quantity: 1 }],
      },
      code: "UNKNOWN_EXTRA",
      fieldErrors: { "extras.1.extraId": ["That add-on isn’t available for this service."] },
    },
    {
      name: "deleted extra",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "deleted", quantity: 1 }] },
      code: "UNKNOWN_EXTRA",
      fieldErrors: { "extras.0.extraId": ["That add-on isn’t available for this service."] },
    },
    {
      name: "quantity 0",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "windows", quantity: 0 }] },
      code: "INVALID_EXTRA_QUANTITY",
      fieldErrors: { "extras.0.quantity": ["Quantity must be at least 1."] },
    },
    // Issue 13: 100,000,000 of a A$15 add-on priced a A$1.5 billion booking.
    {
      name: "quantity over the extra's maximum",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "oven", quantity: 1 }, { extraId: "windows", quantity: 13 }] },
      code: "INVALID_EXTRA_QUANTITY",
      fieldErrors: { "extras.1.quantity": ["Please choose at most 12 of this add-on."] },
    },
    {
      name: "quantity 1e8",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "windows", quantity: 1e8 }] },
      code: "INVALID_EXTRA_QUANTITY",
      fieldErrors: { "extras.0.quantity": ["Please choose at most 12 of this add-on."] },
    },
    {
      name: "quantity 1e9",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "windows", quantity: 1e9 }] },
      code: "INVALID_EXTRA_QUANTITY",
      fieldErrors: { "extras.0.quantity": ["Please choose at most 12 of this add-on."] },
    },
    {
      name: "quantity 1.5",
      draft: { serviceId: "hourly", hours: 2, extras: [{ extraId: "windows", quantity: 1.5 }] },
      code: "INVALID_EXTRA_QUANTITY",
      fieldErrors: { "extras.0.quantity": ["Quantity must be at least 1."] },
    },
    {
      name: "the same extra twice",
      draft: {
        serviceId: "hourly",
        hours: 2,
        extras: [{ extraId: "windows", quantity: 1 }, { extraId: "windows", quantity: 2 }],
      },
      code: "DUPLICATE_EXTRA",
      fieldErrors: { extras: ["Each add-on can be chosen once."] },
    },
    {
      name: "unknown frequency",
      draft: { serviceId: "hourly", hours: 2, frequencyCode: "DAILY" },
      code: "UNKNOWN_FREQUENCY",
      fieldErrors: { frequencyCode: ["Please choose how often you’d like the service."] },
    },
    {
      name: "several at once",
      draft: {
        serviceId: "hourly",
        hours: 1,
        extras: [{ extraId: "x", quantity: 1 }],
        frequencyCode: "DAILY",
      },
      code: "HOURS_OUT_OF_RANGE",
      fieldErrors: {
        hours: ["Please choose between 2 and 20 hours."],
        "extras.0.extraId": ["That add-on isn’t available for this service."],
        frequencyCode: ["Please choose how often you’d like the service."],
      },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const result = priceDraft(c.draft, catalog);
      assert.ok(!result.ok);
      assert.equal(result.error.kind, "validation");
      assert.equal(result.error.code, c.code);
      assert.deepEqual(result.error.fieldErrors, c.fieldErrors);
      assert.equal(result.error.message, Object.values(c.fieldErrors)[0][0]);
    });
  }
});
