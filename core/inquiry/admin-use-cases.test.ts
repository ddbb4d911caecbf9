import assert from "node:assert/strict";
import { inquiryListQuery } from "./admin-query.ts";
import { inquiryHasAddressSchema, inquiryNotesSchema, inquiryReadSchema } from "./admin-schemas.ts";
import { parseInput } from "../shared/parse-input.ts";
import { ok, type Result } from "../shared/result.ts";

// The rules live in the bodies' schemas; these read one field through them.
const field = (schema: Parameters<typeof parseInput>[0], key: string, value: unknown): Result<unknown> => {
  const result = parseInput(schema, { [key]: value });
  return result.ok ? ok((result.value as Record<string, unknown>)[key]) : result;
};
const readAdminNotes = (value: unknown) => field(inquiryNotesSchema, "adminNotes", value);
const readFlag = (key: "read" | "hasAddress", value: unknown) =>
  field(key === "read" ? inquiryReadSchema : inquiryHasAddressSchema, key, value);

Deno.test("readAdminNotes", async (t) => {
  const tooLong = { kind: "validation", code: "VALIDATION_FAILED", message: "Please fix the highlighted fields, then try again.", fieldErrors: { adminNotes: ["Please keep admin notes under 5,000 characters."] } };
  const notText = { ...tooLong, fieldErrors: { adminNotes: ["Admin notes must be text."] } };
  const cases: [unknown, object][] = [
    ["  Called back.  ", { ok: true, value: "Called back." }],
    ["", { ok: true, value: "" }],
    [null, { ok: true, value: "" }],
    ["x".repeat(5000), { ok: true, value: "x".repeat(5000) }],
    [` ${"x".repeat(5000)} `, { ok: true, value: "x".repeat(5000) }],
    ["x".repeat(5001), { ok: false, error: tooLong }],
    [42, { ok: false, error: notText }],
    [undefined, { ok: false, error: notText }],
    [["a"], { ok: false, error: notText }],
  ];
  for (const [value, expected] of cases) {
    await t.step(JSON.stringify(value)?.slice(0, 20) ?? "undefined", () => assert.deepEqual(readAdminNotes(value), expected));
  }
});

Deno.test("readFlag: JSON booleans only", () => {
  assert.deepEqual(readFlag("read", true), { ok: true, value: true });
  assert.deepEqual(readFlag("hasAddress", false), { ok: true, value: false });
  for (const value of ["true", 1, null, undefined, {}]) {
    const result = readFlag("read", value);
    assert.equal(result.ok, false);
    assert.deepEqual(!result.ok && result.error.fieldErrors, { read: ["read must be true or false."] });
  }
});

Deno.test("inquiryListQuery: newest first, 200 a page, archived hidden", () => {
  assert.deepEqual(inquiryListQuery({}), {
    filter: { search: null, inquiryType: null, includeArchived: false, read: null, hasAddress: null, createdFrom: null, createdTo: null },
    sort: { by: "createdAt", order: "desc" },
    limit: 200,
    page: 1,
  });
  assert.equal(inquiryListQuery({ order: "asc" }).sort.order, "asc");
  assert.equal(inquiryListQuery({ limit: 9999 }).limit, 500);
});

Deno.test("inquiryListQuery: the search box reads a whole inquiry reference however typed, not a booking's", () => {
  assert.equal(inquiryListQuery({ q: " yi 7k3-f9q " }).filter.search?.reference, "YI-7K3F9Q");
  assert.equal(inquiryListQuery({ q: "7K3F9Q" }).filter.search?.reference, "YI-7K3F9Q");
  assert.equal(inquiryListQuery({ q: "YS-7K3F9Q" }).filter.search?.reference, null);
  assert.equal(inquiryListQuery({ q: "Smith" }).filter.search?.reference, null);
  assert.equal(inquiryListQuery({ q: "Smith" }).filter.search?.text, "Smith");
});
