import assert from "node:assert/strict";
import {
  checkMerge,
  CUSTOMER_MESSAGES as M,
  customerTotals,
  mergedNotes,
  readTags,
  sameTags,
  unitedTags,
  wallClock,
} from "./rules.ts";
import type { Customer } from "./types.ts";

Deno.test("readTags: trimmed, spaces collapsed, kept once whatever the case (first spelling), limits named", async (t) => {
  const cases: [string, unknown, { tags: string[] } | { messages: string[] }][] = [
    ["none", [], { tags: [] }],
    ["trimmed and collapsed", ["  VIP ", "Dog  owner"], { tags: ["VIP", "Dog owner"] }],
    ["case-insensitive duplicates keep the first spelling", ["VIP", "vip", " Vip ", "Dog"], { tags: ["VIP", "Dog"] }],
    ["30 characters is fine", ["x".repeat(30)], { tags: ["x".repeat(30)] }],
    ["31 characters is not", ["x".repeat(31)], { messages: [M.tagLength] }],
    ["blank", ["VIP", "   "], { messages: [M.tagLength] }],
    ["each message once", ["", " ", "x".repeat(40)], { messages: [M.tagLength] }],
    ["not text", ["VIP", 3], { messages: [M.tags] }],
    ["not a list", "VIP", { messages: [M.tags] }],
    ["null", null, { messages: [M.tags] }],
    ["both kinds", [3, ""], { messages: [M.tags, M.tagLength] }],
    ["20 distinct", Array.from({ length: 20 }, (_, i) => `t${i}`), { tags: Array.from({ length: 20 }, (_, i) => `t${i}`) }],
    ["21 distinct", Array.from({ length: 21 }, (_, i) => `t${i}`), { messages: [M.tooManyTags] }],
    ["25 sent, 20 once de-duplicated", [...Array.from({ length: 20 }, (_, i) => `t${i}`), "T0", "T1", "t2", "T3", "t4"], {
      tags: Array.from({ length: 20 }, (_, i) => `t${i}`),
    }],
  ];
  for (const [name, raw, expected] of cases) {
    await t.step(name, () => {
      const read = readTags(raw);
      assert.deepEqual(read.ok ? { tags: read.tags } : { messages: read.messages }, expected);
    });
  }
});

Deno.test("sameTags: same tags in the same order", () => {
  assert.equal(sameTags([], []), true);
  assert.equal(sameTags(["VIP", "Dog"], ["VIP", "Dog"]), true);
  assert.equal(sameTags(["VIP", "Dog"], ["Dog", "VIP"]), false, "the order is staff's to choose");
  assert.equal(sameTags(["VIP"], ["vip"]), false, "a new spelling is a change");
  assert.equal(sameTags(["VIP"], ["VIP", "Dog"]), false);
});

Deno.test("mergedNotes: the survivor's first, the other's on a paragraph of their own, never twice", async (t) => {
  const cases: [string, string, string, string][] = [
    ["both", "Gate code 4821", "Dog called Max", "Gate code 4821\n\nDog called Max"],
    ["survivor blank", "", "Dog called Max", "Dog called Max"],
    ["other blank", "Gate code 4821", "  ", "Gate code 4821"],
    ["both blank", "", "", ""],
    ["the same notes", "Gate code 4821", " Gate code 4821 ", "Gate code 4821"],
    ["already included", "Gate code 4821\n\nDog called Max", "Dog called Max", "Gate code 4821\n\nDog called Max"],
  ];
  for (const [name, survivor, other, expected] of cases) await t.step(name, () => assert.equal(mergedNotes(survivor, other), expected));
});

Deno.test("unitedTags: the survivor's, then the other's that differ in more than case", () => {
  assert.deepEqual(unitedTags(["VIP", "Dog"], ["dog", "Key", "KEY", "vip"]), ["VIP", "Dog", "Key"]);
  assert.deepEqual(unitedTags([], ["Key"]), ["Key"]);
  assert.deepEqual(unitedTags(["Key"], []), ["Key"]);
});

const customer = (patch: Partial<Customer> = {}): Customer => ({
  _id: crypto.randomUUID(),
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "0412345678",
  notes: "",
  tags: [],
  mergedInto: null,
  createdAt: new Date("2026-01-01T00:00:00Z"),
  ...patch,
});

Deno.test("checkMerge: two live records whose notes and tags fit one", async (t) => {
  const survivor = customer({ notes: "Gate code 4821", tags: ["VIP"] });
  const other = customer({ notes: "Dog called Max", tags: ["vip", "Dog"] });
  const code = (result: ReturnType<typeof checkMerge>) => (result.ok ? "ok" : `${result.error.code}: ${result.error.message}`);

  await t.step("allowed: what the survivor keeps", () => {
    assert.deepEqual(checkMerge(survivor, other), { ok: true, value: { notes: "Gate code 4821\n\nDog called Max", tags: ["VIP", "Dog"] } });
  });
  await t.step("an unknown record", () => {
    assert.equal(code(checkMerge(null, other)), "CUSTOMER_NOT_FOUND: Customer not found.");
    assert.equal(code(checkMerge(survivor, null)), "CUSTOMER_NOT_FOUND: The customer record to merge into this one was not found.");
  });
  await t.step("itself", () => assert.equal(code(checkMerge(survivor, survivor)), `CUSTOMER_MERGE_INVALID: ${M.mergeItself}`));
  await t.step("a merged record, either side, names where it went", () => {
    const elsewhere = crypto.randomUUID();
    const merged = checkMerge(survivor, { ...other, mergedInto: elsewhere });
    assert.equal(code(merged), `CUSTOMER_MERGE_INVALID: ${M.mergeMerged}`);
    assert.deepEqual(!merged.ok && merged.error.details, { mergedInto: elsewhere });
    const into = checkMerge({ ...survivor, mergedInto: elsewhere }, other);
    assert.equal(code(into), `CUSTOMER_MERGE_INVALID: ${M.mergeIntoMerged}`);
    assert.equal(!into.ok && into.error.kind, "validation");
  });
  await t.step("notes that would not fit one record", () => {
    assert.equal(code(checkMerge({ ...survivor, notes: "a".repeat(1000) }, { ...other, notes: "b".repeat(998) })), "ok", "1000 + 2 + 998");
    assert.equal(code(checkMerge({ ...survivor, notes: "a".repeat(1000) }, { ...other, notes: "b".repeat(999) })), `CUSTOMER_MERGE_INVALID: ${M.mergedNotesTooLong}`);
  });
  await t.step("tags that would not fit one record", () => {
    const ten = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${i}`);
    assert.equal(code(checkMerge({ ...survivor, tags: ten("a") }, { ...other, tags: [...ten("b"), "A0"] })), "ok", "20 once united");
    assert.equal(code(checkMerge({ ...survivor, tags: ten("a") }, { ...other, tags: [...ten("b"), "c"] })), `CUSTOMER_MERGE_INVALID: ${M.mergedTagsTooMany}`);
  });
});

Deno.test("customerTotals: booked counts bookings that are not cancelled; paid counts every payment; cents exact", () => {
  const line = (type: "BOOKING" | "QUOTE", status: string, firstServiceTotal: number, paidToDate = 0) =>
    ({ type, status, firstServiceTotal, paidToDate }) as Parameters<typeof customerTotals>[0][number];
  assert.deepEqual(customerTotals([]), { booked: 0, paid: 0, balance: 0 });
  assert.deepEqual(
    customerTotals([
      line("BOOKING", "DONE", 220.1, 220.1),
      line("BOOKING", "CONFIRMED", 187.2, 100),
      line("BOOKING", "PENDING", 187.2),
      line("BOOKING", "NEEDS_ATTENTION", 187.2),
      line("BOOKING", "CANCELLED", 187.2, 50), // paid, then cancelled: the money was still received
      line("QUOTE", "QUOTE_REQUESTED", 999),
    ]),
    { booked: 781.7, paid: 370.1, balance: 411.6 },
  );
  assert.deepEqual(customerTotals([line("BOOKING", "DONE", 100, 120)]), { booked: 100, paid: 120, balance: -20 }, "in credit");
  assert.deepEqual(customerTotals([line("BOOKING", "DONE", 0.1), line("BOOKING", "DONE", 0.2)]).booked, 0.3);
});

Deno.test("wallClock: minutes after midnight as HH:MM", () => {
  assert.deepEqual([0, 510, 545, 1439].map(wallClock), ["00:00", "08:30", "09:05", "23:59"]);
});
