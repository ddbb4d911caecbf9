import assert from "node:assert/strict";
import fc from "fast-check";
import { isStorableText, unstorableTextPaths } from "./storable-text.ts";

Deno.test("storable text: NUL and lone surrogates are refused, real text of any script is not", () => {
  for (const ok of ["Ann", "", "Zoë 🧹 清洁 مرحبا", "tab\tnew\nline", "\uD83D\uDE00"]) assert.equal(isStorableText(ok), true, JSON.stringify(ok));
  for (const bad of ["Ann\u0000", "\u0000", "a\uD800", "\uDC00b", "\uDE00\uD83D"]) assert.equal(isStorableText(bad), false, JSON.stringify(bad));
});

Deno.test("storable text: every bad string in a body is named by its field path", () => {
  const body = {
    firstName: "Ann\u0000",
    address: { street: "1 Main St", suburb: "\uD800" },
    extras: [{ extraId: "x" }, { extraId: "y\u0000" }],
    hours: 2,
    notes: null,
  };
  assert.deepEqual(unstorableTextPaths(body), ["firstName", "address.suburb", "extras.1.extraId"]);
  assert.deepEqual(unstorableTextPaths({ ["k\u0000"]: 1 }), ["(key)"]);
  assert.deepEqual(unstorableTextPaths("\u0000"), ["body"]);
  assert.deepEqual(unstorableTextPaths({ ok: ["fine"] }), []);
});

Deno.test("storable text: a value nested 100,000 deep is walked without a stack overflow", () => {
  const depth = 100_000;
  let arrays: unknown = "bad\u0000";
  let objects: unknown = { note: "\uD800" };
  for (let i = 0; i < depth; i++) {
    arrays = [arrays];
    objects = { a: objects };
  }
  assert.deepEqual(unstorableTextPaths(arrays), [Array(depth).fill("0").join(".")]);
  assert.deepEqual(unstorableTextPaths(objects), [[...Array(depth).fill("a"), "note"].join(".")]);
  assert.deepEqual(unstorableTextPaths({ p: JSON.parse("[".repeat(depth) + "]".repeat(depth)) }), []);
});

/** The recursive walk this replaced (issue 29), as the reference for paths and their order. */
function recursivePaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === "string") {
    if (!isStorableText(value)) found.push(path.join(".") || "body");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => recursivePaths(item, [...path, String(index)], found));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) found.push([...path, "(key)"].join("."));
      else recursivePaths(item, [...path, key], found);
    }
  }
  return found;
}

Deno.test("storable text: the same paths, in the same order, as the recursive walk on any JSON value", () => {
  // Any UTF-16 code units, lone surrogates and NUL among them.
  const units = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 6 }).map((codes) => String.fromCharCode(...codes));
  const text = fc.oneof(units, fc.constantFrom("ok", "\u0000", "\uD800", "a\uDC00"));
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { maxDepth: 4, withCrossShrink: true },
      text,
      fc.integer(),
      fc.constant(null),
      fc.array(tie("node"), { maxLength: 4 }),
      fc.dictionary(text, tie("node"), { maxKeys: 4 }),
    ),
  })).node;
  fc.assert(fc.property(value, (body) => assert.deepEqual(unstorableTextPaths(body), recursivePaths(body))), { seed: 29, numRuns: 500 });
});
