import assert from "node:assert/strict";
import { formatAud, fromCents, roundHalfAwayFromZero, roundToCents, toCents } from "./money.ts";

Deno.test("roundHalfAwayFromZero", async (t) => {
  const cases: [number, number][] = [
    [0, 0],
    [0.4, 0],
    [0.5, 1],
    [1.5, 2],
    [2.5, 3],
    [-0.5, -1],
    [-2.5, -3],
    [-0.4, 0],
    [1.005 * 100, 101],
    [1.255 * 100, 126],
    [11387.5, 11388],
    [11387.49, 11387],
    [-1.005 * 100, -101],
    [123456789.5, 123456790],
  ];
  for (const [x, expected] of cases) {
    await t.step(`${x} -> ${expected}`, () => {
      const actual = roundHalfAwayFromZero(x);
      assert.equal(actual, expected);
      assert.ok(!Object.is(actual, -0), "never -0");
    });
  }
});

Deno.test("toCents / fromCents / roundToCents", async (t) => {
  const cases: { dollars: number; cents: number; rounded: number }[] = [
    { dollars: 0, cents: 0, rounded: 0 },
    { dollars: 1, cents: 100, rounded: 1 },
    { dollars: 1.005, cents: 101, rounded: 1.01 },
    { dollars: 0.1 + 0.2, cents: 30, rounded: 0.3 },
    { dollars: 113.875, cents: 11388, rounded: 113.88 },
    { dollars: 45.55, cents: 4555, rounded: 45.55 },
    { dollars: 19.999, cents: 2000, rounded: 20 },
    { dollars: -2.675, cents: -268, rounded: -2.68 },
    { dollars: 1234567.891, cents: 123456789, rounded: 1234567.89 },
  ];
  for (const c of cases) {
    await t.step(`${c.dollars}`, () => {
      assert.equal(toCents(c.dollars), c.cents);
      assert.equal(fromCents(c.cents), c.rounded);
      assert.equal(roundToCents(c.dollars), c.rounded);
    });
  }
});

Deno.test("formatAud", async (t) => {
  const cases: [number, string][] = [
    [0, "A$0.00"],
    [-0, "A$0.00"],
    [1, "A$1.00"],
    [1234.5, "A$1,234.50"],
    [1234567.891, "A$1,234,567.89"],
    [113.875, "A$113.88"],
    [0.005, "A$0.01"],
    [-5, "-A$5.00"],
    [-1234.5, "-A$1,234.50"],
    [-0.001, "A$0.00"],
  ];
  for (const [amount, expected] of cases) {
    await t.step(`${amount} -> ${expected}`, () => assert.equal(formatAud(amount), expected));
  }
});
