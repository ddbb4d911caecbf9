import assert from "node:assert/strict";
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
