import assert from "node:assert/strict";
import { isRecord, readNumber, readText } from "./input.ts";

Deno.test("readNumber", async (t) => {
  const cases: [unknown, number | null][] = [
    [3, 3],
    [2.5, 2.5],
    [-1, -1],
    [" 4.25 ", 4.25],
    ["1e2", 100],
    ["", null],
    ["  ", null],
    ["abc", null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [undefined, null],
    [true, null],
    [[3], null],
    [{}, null],
  ];
  for (const [value, expected] of cases) {
    await t.step(String(JSON.stringify(value)), () => assert.equal(readNumber(value), expected));
  }
});

Deno.test("readText and isRecord", async (t) => {
  const texts: [unknown, string][] = [[" a ", "a"], ["", ""], [5, ""], [null, ""], [["a"], ""], [{
    a: 1,
  }, ""]];
  for (const [value, expected] of texts) {
    await t.step(`text ${JSON.stringify(value)}`, () => assert.equal(readText(value), expected));
  }
  const records: [unknown, boolean][] = [[{}, true], [{ a: 1 }, true], [[], false], [null, false], [
    "x",
    false,
  ], [1, false]];
  for (const [value, expected] of records) {
    await t.step(`record ${JSON.stringify(value)}`, () => assert.equal(isRecord(value), expected));
  }
});
