import assert from "node:assert/strict";
import {
  DEMO_BOOKING_FORM_CONTENT,
  DEMO_BUSINESS_PROFILE,
  DEMO_EXTRAS,
  DEMO_FREQUENCIES,
  DEMO_QUESTIONS,
  DEMO_SERVICE_CHECKLISTS,
  DEMO_SERVICES,
  demoClosedDates,
} from "./demo-data.ts";
import { serviceUpdateSchema } from "../../core/catalog/schemas.ts";
import { makeClosedDatesStore } from "./closed-dates-repository.ts";
import { seedDemoData } from "./seed.ts";
import { describeOnTargets, openTestDatabase } from "./test-db.ts";
import { BOOKING_FORM_CONTENT_DEFAULTS } from "../../core/settings/types.ts";
import { CATALOG_LIMITS } from "../../core/catalog/constants.ts";
import { DEMO_CLEANERS } from "./demo-data.ts";
import { CLEANER_PALETTE } from "../../core/cleaners/rules.ts";
import { normaliseAuPhone } from "../../core/shared/phone.ts";
import { EMAIL_PATTERN } from "../../core/shared/contact.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

Deno.test("demo data: 12 councils, each with more than five unique suburbs", () => {
  const { councils } = DEMO_BUSINESS_PROFILE;
  assert.equal(councils.length, 12);
  assert.equal(new Set(councils.map((c) => c.name)).size, 12);
  for (const c of councils) {
    assert.ok(c.suburbs.length > 5, `${c.name} has ${c.suburbs.length} suburbs`);
    assert.equal(new Set(c.suburbs).size, c.suburbs.length, `${c.name} repeats a suburb`);
  }
});

Deno.test("demo data: ids are unique v4 UUIDs across every collection", () => {
  const ids = [
    ...DEMO_SERVICES.map((s) => s._id),
    ...DEMO_EXTRAS.map((e) => e._id),
    ...DEMO_FREQUENCIES.map((f) => f._id),
    ...DEMO_QUESTIONS.map((q) => q._id),
  ];
  for (const id of ids) assert.match(id, UUID_V4);
  assert.equal(new Set(ids).size, ids.length);
});

Deno.test("demo data: every service has a checklist for its cleaners, 5 to 10 lines the staff form would accept (issue 31)", () => {
  assert.deepEqual(Object.keys(DEMO_SERVICE_CHECKLISTS).sort(), DEMO_SERVICES.map((s) => s._id).sort());
  for (const s of DEMO_SERVICES) {
    const checklist = DEMO_SERVICE_CHECKLISTS[s._id];
    assert.ok(checklist.length >= 5 && checklist.length <= 10, `${s.name}: ${checklist.length} lines`);
    assert.deepEqual(serviceUpdateSchema.parse({ checklist }).checklist, checklist, `${s.name}: as the staff form keeps it`);
    assert.equal(new Set(checklist).size, checklist.length, `${s.name} repeats a line`);
  }
});

Deno.test("demo data: service slugs are unique lowercase-hyphen", () => {
  const slugs = DEMO_SERVICES.map((s) => s.slug);
  assert.equal(new Set(slugs).size, slugs.length);
  for (const slug of slugs) assert.match(slug, /^[a-z0-9]+(-[a-z0-9]+)*$/);
});

Deno.test("demo data: services are consistent with their pricing model", () => {
  for (const s of DEMO_SERVICES) {
    assert.ok(s.description.length > 0, `${s.name} has no description`);
    assert.ok(s.minHours <= s.maxHours && s.stepHours > 0);
    if (s.pricingModel === "BEDROOMS") {
      assert.ok(s.bedroomPrices.length > 0, `${s.name} has no bedroom prices`);
      const counts = s.bedroomPrices.map((b) => b.bedrooms);
      assert.equal(new Set(counts).size, counts.length);
      for (let i = 1; i < s.bedroomPrices.length; i++) {
        assert.ok(s.bedroomPrices[i].price > s.bedroomPrices[i - 1].price);
      }
    } else {
      assert.deepEqual(s.bedroomPrices, []);
    }
    if (s.pricingModel === "FIXED") assert.ok(s.basePrice > 0);
    else assert.equal(s.basePrice, 0);
  }
});

Deno.test("demo data: every extra refers to a demo service and is ordered from 1", () => {
  const serviceIds = new Set(DEMO_SERVICES.map((s) => s._id));
  for (const e of DEMO_EXTRAS) {
    assert.ok(serviceIds.has(e.serviceId), `extra ${e.title} has unknown serviceId`);
    assert.equal(e.active, true);
    assert.equal(e.imageUrl, "");
    assert.ok(e.price > 0);
    assert.ok(Number.isInteger(e.maxQuantity) && e.maxQuantity >= 1 && e.maxQuantity <= CATALOG_LIMITS.maxQuantity);
    // A unit add-on offers a believable handful, not the catch-all default.
    if (e.hasQuantity) assert.ok(e.maxQuantity <= 30, `${e.title} allows ${e.maxQuantity}`);
  }
  for (const id of serviceIds) {
    const orders = DEMO_EXTRAS.filter((e) => e.serviceId === id).map((e) => e.order);
    assert.ok(orders.length >= 3, `service ${id} has ${orders.length} extras`);
    assert.deepEqual(orders, orders.map((_, i) => i + 1));
  }
});

Deno.test("demo data: ONE_TIME frequency exists with 0 % discount", () => {
  const oneTime = DEMO_FREQUENCIES.find((f) => f.code === "ONE_TIME");
  assert.ok(oneTime);
  assert.equal(oneTime.discountPercent, 0);
  const codes = DEMO_FREQUENCIES.map((f) => f.code);
  assert.equal(new Set(codes).size, codes.length);
  for (const f of DEMO_FREQUENCIES) {
    assert.ok(f.discountPercent >= 0 && f.discountPercent <= 100);
  }
});

Deno.test("demo data: questions have consistent scope and unique option values", () => {
  const serviceIds = new Set(DEMO_SERVICES.map((s) => s._id));
  for (const q of DEMO_QUESTIONS) {
    if (q.scope === "GLOBAL") assert.equal(q.serviceId, null);
    else assert.ok(q.serviceId !== null && serviceIds.has(q.serviceId), q.text);
    assert.ok(q.order >= 1);
    if (q.type === "TEXT") {
      assert.deepEqual(q.options, []);
    } else {
      assert.ok(q.options.length > 0, q.text);
      const values = q.options.map((o) => o.value);
      assert.equal(new Set(values).size, values.length, `${q.text} repeats an option value`);
      for (const o of q.options) assert.ok(o.label.trim() && o.value.trim());
    }
  }
});

Deno.test("demo data: booking-form content re-uses the defaults", () => {
  assert.deepEqual(DEMO_BOOKING_FORM_CONTENT, BOOKING_FORM_CONTENT_DEFAULTS);
});

Deno.test("demo data: four cleaners with v4 ids, Australian mobiles, e-mails and palette colours of their own", () => {
  assert.equal(DEMO_CLEANERS.length, 4);
  for (const c of DEMO_CLEANERS) {
    assert.match(c._id, UUID_V4);
    assert.equal(normaliseAuPhone(c.phone), c.phone, `${c.name}'s phone is stored as its digits`);
    assert.match(c.email, EMAIL_PATTERN);
    assert.ok(c.active && c.name.length <= 100);
    assert.ok((CLEANER_PALETTE as readonly string[]).includes(c.colour));
  }
  assert.equal(new Set(DEMO_CLEANERS.map((c) => c.colour)).size, 4);
  assert.equal(new Set(DEMO_CLEANERS.map((c) => c._id)).size, 4);
});

Deno.test("demo data: closed on the national public holidays of this year and the next (issue 28)", () => {
  // 27 Nov 2026, 11:00 am in Melbourne: 2026 and 2027.
  const dates = demoClosedDates(new Date("2026-11-27T00:00:00Z"));
  const byDate = new Map(dates.map((d) => [d.date, d.label]));
  assert.equal(byDate.get("2026-12-25"), "Christmas Day");
  assert.equal(byDate.get("2026-12-26"), "Boxing Day");
  assert.equal(byDate.get("2026-12-28"), "Boxing Day (substitute day)");
  assert.equal(byDate.get("2027-01-01"), "New Year's Day");
  assert.equal(byDate.get("2027-03-26"), "Good Friday");
  assert.equal(byDate.get("2027-03-29"), "Easter Monday");
  assert.equal(byDate.get("2027-04-25"), "Anzac Day");
  assert.equal(byDate.get("2027-12-25"), "Christmas Day");
  // The state's own holidays are the office's to add.
  assert.equal(byDate.get("2026-11-03"), undefined, "Melbourne Cup");
  assert.equal(byDate.get("2027-01-26"), undefined, "Australia Day is national but not one of the six");
  assert.ok(dates.every((d) => d.date >= "2026-01-01" && d.date <= "2027-12-31"));
  // 31 Dec 2026 at 2 pm UTC is already 1 Jan 2027 in Melbourne: its years are 2027 and 2028.
  assert.equal(demoClosedDates(new Date("2026-12-31T14:00:00Z"))[0].date, "2027-01-01");
});

describeOnTargets("demo seed: closed on the national holidays when the demo asks, never otherwise", async (t, db, target) => {
  await t.step("a plain seed (as the tests use) closes nothing", async () => {
    assert.equal(await seedDemoData(db.sql), true);
    assert.deepEqual(await makeClosedDatesStore(db.sql).list(), []);
  });
  await t.step("the demo server's seed of an empty database closes them, labels and all; once", async () => {
    const demo = await openTestDatabase(target);
    try {
      const today = new Date("2026-11-27T00:00:00Z");
      assert.equal(await seedDemoData(demo.sql, { closeNationalHolidaysFrom: today }), true);
      assert.deepEqual(await makeClosedDatesStore(demo.sql).list(), demoClosedDates(today));
      // A restart a year on finds the catalogue and leaves the office's closed dates as they are.
      assert.equal(await seedDemoData(demo.sql, { closeNationalHolidaysFrom: new Date("2027-11-27T00:00:00Z") }), false);
      assert.deepEqual(await makeClosedDatesStore(demo.sql).list(), demoClosedDates(today));
    } finally {
      await demo.close();
    }
  });
});
