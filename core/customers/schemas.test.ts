import assert from "node:assert/strict";
import type { z } from "zod";
import { fieldErrorsOf } from "../shared/parse-input.ts";
import { CUSTOMER_MESSAGES as M } from "./rules.ts";
import { customerExportQuerySchema, customerListQuerySchema, customerMergeSchema, customerPatchSchema } from "./schemas.ts";

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
};

Deno.test("customerPatchSchema: notes and tags, each optional, every problem under its own field", async (t) => {
  await t.step("read: notes trimmed, tags tidied", () => {
    assert.deepEqual(customerPatchSchema.parse({ notes: "  Gate code 4821\n", tags: [" VIP", "vip", "Dog "] }), {
      notes: "Gate code 4821",
      tags: ["VIP", "Dog"],
    });
    assert.deepEqual(customerPatchSchema.parse({}), {});
    assert.deepEqual(customerPatchSchema.parse({ notes: "", tags: [] }), { notes: "", tags: [] });
  });
  await t.step("notes: text of at most 2,000 characters", () => {
    assert.equal(errorsOf(customerPatchSchema, { notes: "x".repeat(2000) }), null);
    assert.equal(errorsOf(customerPatchSchema, { notes: ` ${"x".repeat(2000)} ` }), null, "the ends are trimmed first");
    assert.deepEqual(errorsOf(customerPatchSchema, { notes: "x".repeat(2001) }), { notes: [M.notesTooLong] });
    assert.deepEqual(errorsOf(customerPatchSchema, { notes: 42 }), { notes: [M.notes] });
    assert.deepEqual(errorsOf(customerPatchSchema, { notes: null }), { notes: [M.notes] });
    assert.equal(M.notesTooLong, "Notes must be 2,000 characters or fewer.");
  });
  await t.step("tags: reported under tags, whichever tag is wrong", () => {
    assert.deepEqual(errorsOf(customerPatchSchema, { tags: ["VIP", "x".repeat(31)] }), { tags: [M.tagLength] });
    assert.deepEqual(errorsOf(customerPatchSchema, { tags: "VIP" }), { tags: [M.tags] });
    assert.deepEqual(errorsOf(customerPatchSchema, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), { tags: [M.tooManyTags] });
    assert.deepEqual(errorsOf(customerPatchSchema, { notes: 1, tags: [""] }), { notes: [M.notes], tags: [M.tagLength] });
  });
});

Deno.test("customerMergeSchema: otherId is required text", () => {
  assert.deepEqual(customerMergeSchema.parse({ otherId: " abc " }), { otherId: "abc" });
  assert.deepEqual(errorsOf(customerMergeSchema, {}), { otherId: [M.otherId] });
  assert.deepEqual(errorsOf(customerMergeSchema, { otherId: "  " }), { otherId: [M.otherId] });
  assert.deepEqual(errorsOf(customerMergeSchema, { otherId: 7 }), { otherId: [M.otherId] });
});

Deno.test("customerListQuerySchema: 20 a page by default, 100 at most; q read as search terms; a tag", () => {
  assert.deepEqual(customerListQuerySchema.parse({}), { filter: { search: null, tag: null }, limit: 20, page: 1 });
  const query = customerListQuerySchema.parse({ q: " ys-7k3f9q ", tag: "  Dog  owner ", limit: "100", page: "3" });
  assert.deepEqual(query.filter.search?.reference, "YS-7K3F9Q");
  assert.equal(query.filter.tag, "Dog owner");
  assert.deepEqual([query.limit, query.page], [100, 3]);
  assert.equal(customerListQuerySchema.parse({ q: "+61 412 345" }).filter.search?.phoneDigits, "0412345");
  assert.deepEqual(errorsOf(customerListQuerySchema, { limit: "101" }), { limit: ["limit must be at most 100."] });
  assert.deepEqual(errorsOf(customerListQuerySchema, { page: "0" }), { page: ["page must be at least 1."] });
  assert.deepEqual(errorsOf(customerListQuerySchema, { limit: "ten" }), { limit: ["limit must be a number."] });
  assert.deepEqual(errorsOf(customerListQuerySchema, { tag: "x".repeat(31) }), { tag: [M.tagLength] });
  assert.deepEqual(errorsOf(customerListQuerySchema, { q: "x".repeat(201) }), { q: ["Search at most 200 characters."] });
});

Deno.test("customerExportQuerySchema: the list's filters, no paging", () => {
  assert.deepEqual(customerExportQuerySchema.parse({}), { search: null, tag: null });
  assert.deepEqual(customerExportQuerySchema.parse({ tag: "VIP", limit: "5" }), { search: null, tag: "VIP" });
});
