import assert from "node:assert/strict";
import { nationalPublicHolidays } from "./national-public-holidays.ts";

Deno.test("the national public holidays, as Victoria keeps them", async (t) => {
  await t.step("2026 and 2027: the six and their substitute days, nothing else", () => {
    assert.deepEqual(nationalPublicHolidays("2026-01-01", "2027-12-31"), [
      { date: "2026-01-01", label: "New Year's Day" },
      { date: "2026-04-03", label: "Good Friday" },
      { date: "2026-04-06", label: "Easter Monday" },
      { date: "2026-04-25", label: "Anzac Day" },
      { date: "2026-12-25", label: "Christmas Day" },
      { date: "2026-12-26", label: "Boxing Day" },
      { date: "2026-12-28", label: "Boxing Day (substitute day)" },
      { date: "2027-01-01", label: "New Year's Day" },
      { date: "2027-03-26", label: "Good Friday" },
      { date: "2027-03-29", label: "Easter Monday" },
      { date: "2027-04-25", label: "Anzac Day" },
      { date: "2027-12-25", label: "Christmas Day" },
      { date: "2027-12-26", label: "Boxing Day" },
      { date: "2027-12-27", label: "Christmas Day (substitute day)" },
      { date: "2027-12-28", label: "Boxing Day (substitute day)" },
    ]);
  });

  await t.step("two on one date share it", () => {
    // 2011: Easter Monday fell on Anzac Day.
    assert.deepEqual(nationalPublicHolidays("2011-04-25", "2011-04-25"), [{ date: "2011-04-25", label: "Anzac Day / Easter Monday" }]);
  });
});
