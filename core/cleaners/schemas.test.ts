import assert from "node:assert/strict";
import { parseInput } from "../shared/parse-input.ts";
import { assignmentInputSchema, CLEANER_MESSAGES as M, cleanerInputSchema, cleanerPatchSchema, cleanersQuerySchema } from "./schemas.ts";

const fieldErrors = (result: ReturnType<typeof parseInput>) => (result.ok ? {} : result.error.fieldErrors);

Deno.test("cleanerInputSchema: trims, keeps phone digits, lower-cases the colour, defaults blanks", () => {
  assert.deepEqual(
    parseInput(cleanerInputSchema, { name: "  Priya Sharma ", phone: "+61 413 572 846", email: " priya@yarrashine.com.au ", colour: "#1F7A6D" }),
    { ok: true, value: { name: "Priya Sharma", phone: "0413572846", email: "priya@yarrashine.com.au", colour: "#1f7a6d" } },
  );
  assert.deepEqual(parseInput(cleanerInputSchema, { name: "Tom Nguyen" }), {
    ok: true,
    value: { name: "Tom Nguyen", phone: "", email: "" },
  });
  assert.deepEqual(parseInput(cleanerInputSchema, { name: "Tom", phone: " ", email: "" }), {
    ok: true,
    value: { name: "Tom", phone: "", email: "" },
  });
});

Deno.test("cleanerInputSchema: each bad field is named with its message", async (t) => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ["no name", {}, { name: [M.nameRequired] }],
    ["a blank name", { name: "   " }, { name: [M.nameRequired] }],
    ["a name that is no text", { name: 42 }, { name: [M.nameRequired] }],
    ["101 characters", { name: "x".repeat(101) }, { name: [M.nameTooLong] }],
    ["a phone that is no Australian number", { name: "Al", phone: "12345" }, { phone: [M.phone] }],
    ["a phone that is no text", { name: "Al", phone: 412345678 }, { phone: [M.phone] }],
    ["an e-mail with no domain", { name: "Al", email: "al@" }, { email: [M.email] }],
    ["an e-mail with a display name", { name: "Al", email: "Al <al@x.co>" }, { email: [M.email] }],
    ["a colour by name", { name: "Al", colour: "teal" }, { colour: [M.colour] }],
    ["a short colour", { name: "Al", colour: "#abc" }, { colour: [M.colour] }],
    ["everything at once", { name: "", phone: "1", email: "x", colour: "red" }, {
      name: [M.nameRequired],
      phone: [M.phone],
      email: [M.email],
      colour: [M.colour],
    }],
  ];
  for (const [name, input, expected] of cases) {
    await t.step(name, () => assert.deepEqual(fieldErrors(parseInput(cleanerInputSchema, input)), expected));
  }
  await t.step("100 characters are fine", () => assert.ok(parseInput(cleanerInputSchema, { name: "x".repeat(100) }).ok));
});

Deno.test("cleanerPatchSchema: only the fields sent; a blank phone or e-mail clears it", () => {
  assert.deepEqual(parseInput(cleanerPatchSchema, {}), { ok: true, value: {} });
  assert.deepEqual(parseInput(cleanerPatchSchema, { active: false }), { ok: true, value: { active: false } });
  assert.deepEqual(parseInput(cleanerPatchSchema, { phone: "", email: "", colour: "#ABCDEF" }), {
    ok: true,
    value: { phone: "", email: "", colour: "#abcdef" },
  });
  assert.deepEqual(fieldErrors(parseInput(cleanerPatchSchema, { name: "", active: "yes" })), {
    name: [M.nameRequired],
    active: [M.active],
  });
  assert.deepEqual(fieldErrors(parseInput(cleanerPatchSchema, { name: null })), { name: [M.nameRequired] });
});

Deno.test("assignmentInputSchema: a list of ids, each once, at most ten", () => {
  assert.deepEqual(parseInput(assignmentInputSchema, { cleanerIds: [] }), { ok: true, value: { cleanerIds: [] } });
  assert.deepEqual(parseInput(assignmentInputSchema, { cleanerIds: [" a ", "b"] }), { ok: true, value: { cleanerIds: ["a", "b"] } });
  assert.deepEqual(fieldErrors(parseInput(assignmentInputSchema, {})), { cleanerIds: [M.cleanerIds] });
  assert.deepEqual(fieldErrors(parseInput(assignmentInputSchema, { cleanerIds: "a" })), { cleanerIds: [M.cleanerIds] });
  assert.deepEqual(fieldErrors(parseInput(assignmentInputSchema, { cleanerIds: [1] })), { "cleanerIds.0": [M.cleanerIds] });
  assert.deepEqual(fieldErrors(parseInput(assignmentInputSchema, { cleanerIds: ["a", "a"] })), { cleanerIds: [M.repeated] });
  const eleven = Array.from({ length: 11 }, (_, i) => `c${i}`);
  assert.deepEqual(fieldErrors(parseInput(assignmentInputSchema, { cleanerIds: eleven })), { cleanerIds: [M.tooMany] });
});

Deno.test("cleanersQuerySchema: includeInactive is true only when said", () => {
  assert.deepEqual(parseInput(cleanersQuerySchema, {}), { ok: true, value: { includeInactive: false } });
  assert.deepEqual(parseInput(cleanersQuerySchema, { includeInactive: "true" }), { ok: true, value: { includeInactive: true } });
  assert.equal(parseInput(cleanersQuerySchema, { includeInactive: "yes" }).ok, false);
});
