import assert from "node:assert/strict";
import { victorianPublicHolidays } from "./victorian-public-holidays.ts";

Deno.test("Victoria's public holidays from date-holidays", async (t) => {
  const holidays = victorianPublicHolidays("2026-11-22", "2028-11-22");

  await t.step("public holidays only, Melbourne dates, the package's English names", () => {
    const byDate = new Map(holidays.map((h) => [h.date, h.label]));
    assert.equal(byDate.get("2026-12-25"), "Christmas Day");
    assert.equal(byDate.get("2026-12-26"), "Boxing Day");
    assert.equal(byDate.get("2026-12-28"), "Boxing Day (substitute day)");
    assert.equal(byDate.get("2027-11-02"), "Melbourne Cup");
    assert.equal(byDate.get("2028-11-07"), "Melbourne Cup");
    assert.equal(byDate.get("2027-09-24"), "AFL Grand Final Friday");
    assert.equal(byDate.get("2027-03-26"), "Good Friday");
    // School holidays and observances (Mother's Day) are not public holidays.
    assert.equal(byDate.get("2027-05-09"), undefined);
    assert.ok(!holidays.some((h) => /term|mother|father/i.test(h.label)), JSON.stringify(holidays));
  });

  await t.step("within the range, inclusive, in date order, one entry per date", () => {
    const dates = holidays.map((h) => h.date);
    assert.equal(dates[0], "2026-12-25", "Melbourne Cup 2026 (3 Nov) is before the range");
    assert.equal(dates.at(-1), "2028-11-07");
    assert.deepEqual(dates, [...dates].sort());
    assert.equal(new Set(dates).size, dates.length);
    assert.deepEqual(victorianPublicHolidays("2027-11-02", "2027-11-02"), [{ date: "2027-11-02", label: "Melbourne Cup" }]);
    assert.deepEqual(victorianPublicHolidays("2027-11-03", "2027-12-24"), []);
  });

  await t.step("two holidays on one date share it", () => {
    // 2011: Easter Monday fell on Anzac Day (25 April).
    const [anzac] = victorianPublicHolidays("2011-04-25", "2011-04-25");
    assert.equal(anzac.date, "2011-04-25");
    assert.match(anzac.label, /Anzac Day/);
    assert.match(anzac.label, /Easter Monday/);
  });
});
