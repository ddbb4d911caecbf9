import assert from "node:assert/strict";
import { z } from "zod";
import { isOneLine, isRecord, ONE_LINE_MESSAGE, oneLine, readNumber, readText } from "./input.ts";

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

Deno.test("isOneLine: every kind of line break counts", async (t) => {
  const cases: [string, boolean][] = [
    ["Ada Lovelace", true],
    ["", true],
    ["tab\tinside", true],
    ["O’Brien-Smith, Jr.", true],
    ["a\nb", false],
    ["a\rb", false],
    ["a\r\nb", false],
    ["a\vb", false],
    ["a\fb", false],
    ["a\u0085b", false],
    ["a\u2028b", false],
    ["a\u2029b", false],
    ["\n", false],
  ];
  for (const [text, expected] of cases) {
    await t.step(JSON.stringify(text), () => assert.equal(isOneLine(text), expected));
  }
});

Deno.test("oneLine: refuses breaks inside, after trim the ends' are gone", async (t) => {
  const name = oneLine(z.string().trim().min(1, "Required"));
  const custom = oneLine(z.string(), "One line, please");
  const cases: [z.ZodType, unknown, { ok: true; value: string } | { ok: false; messages: string[] }][] = [
    [name, "Ada", { ok: true, value: "Ada" }],
    [name, "  Ada\r\n", { ok: true, value: "Ada" }],
    [name, "Ada\nLovelace", { ok: false, messages: [ONE_LINE_MESSAGE] }],
    [name, "Ada\u2028Lovelace", { ok: false, messages: [ONE_LINE_MESSAGE] }],
    [name, "\n", { ok: false, messages: ["Required"] }],
    [custom, "a\rb", { ok: false, messages: ["One line, please"] }],
  ];
  for (const [schema, input, expected] of cases) {
    await t.step(JSON.stringify(input), () => {
      const parsed = schema.safeParse(input);
      assert.deepEqual(
        parsed.success ? { ok: true, value: parsed.data } : { ok: false, messages: parsed.error.issues.map((i) => i.message) },
        expected,
      );
    });
  }
});
