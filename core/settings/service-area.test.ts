import assert from "node:assert/strict";
const assertEquals = (actual: unknown, expected: unknown, message = "") => assert.deepEqual(actual, expected, message);
import { inServiceArea, normaliseServiceArea } from "./service-area.ts";

Deno.test("service area: an empty list serves everywhere", () => {
  assertEquals(inServiceArea("3121", { postcodes: [] }), true);
  assertEquals(inServiceArea("2000", { postcodes: [] }), true);
});

Deno.test("service area: single postcodes and inclusive ranges", () => {
  const area = { postcodes: ["3000-3207", "3750"] };
  for (const inside of ["3000", "3121", "3207", "3750", " 3121 "]) assertEquals(inServiceArea(inside, area), true, inside);
  for (const outside of ["2999", "3208", "3751", "2000", "", "31a1", "31210"]) assertEquals(inServiceArea(outside, area), false, outside);
});

Deno.test("service area: a saved list is trimmed, deduplicated and sorted", () => {
  assertEquals(normaliseServiceArea([" 3750", "3000-3207", "3750", ""]), ["3000-3207", "3750"]);
});
