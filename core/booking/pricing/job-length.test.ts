import assert from "node:assert/strict";
import { jobMinutes, type LengthOfService } from "./job-length.ts";

const hourly: LengthOfService = { pricingModel: "HOURLY", durationMinutes: 120, bedroomPrices: [], minHours: 2 };
const bedrooms: LengthOfService = {
  pricingModel: "BEDROOMS",
  durationMinutes: 120,
  minHours: 2,
  bedroomPrices: [
    { bedrooms: 1, price: 249, durationMinutes: 180 },
    { bedrooms: 3, price: 369, durationMinutes: 300 },
  ],
};
const fixed: LengthOfService = { pricingModel: "FIXED", durationMinutes: 135, bedroomPrices: [], minHours: 2 };

Deno.test("jobMinutes", async (t) => {
  const cases: { name: string; service: LengthOfService | null; size: Parameters<typeof jobMinutes>[1]; minutes: number }[] = [
    { name: "no service: the 2 hours decisions.md assumes", service: null, size: {}, minutes: 120 },
    { name: "hourly: the hours booked", service: hourly, size: { hours: 3.5 }, minutes: 210 },
    { name: "hourly without hours: its minimum", service: hourly, size: {}, minutes: 120 },
    { name: "hourly with 0 hours: its minimum", service: hourly, size: { hours: 0 }, minutes: 120 },
    { name: "bedrooms: the count's length", service: bedrooms, size: { bedrooms: 3 }, minutes: 300 },
    { name: "bedrooms without a count: the smallest row", service: bedrooms, size: {}, minutes: 180 },
    { name: "bedrooms with a count it does not sell: the smallest row", service: bedrooms, size: { bedrooms: 9 }, minutes: 180 },
    { name: "bedrooms without rows: the service's length", service: { ...bedrooms, bedroomPrices: [] }, size: { bedrooms: 2 }, minutes: 120 },
    { name: "fixed: its set length", service: fixed, size: { hours: 8 }, minutes: 135 },
    {
      name: "a 3-bedroom spring clean with three steam carpets",
      service: bedrooms,
      size: { bedrooms: 3, extras: [{ durationMinutes: 25, quantity: 3 }] },
      minutes: 375,
    },
    {
      name: "add-ons of no minutes or no quantity add nothing",
      service: fixed,
      size: { extras: [{ durationMinutes: 0, quantity: 4 }, { durationMinutes: 30, quantity: 0 }] },
      minutes: 135,
    },
  ];
  for (const c of cases) await t.step(c.name, () => assert.equal(jobMinutes(c.service, c.size), c.minutes));
});
