import assert from "node:assert/strict";
import { changesNothing } from "./unchanged.ts";

Deno.test("changesNothing: the same record before and after, bookkeeping and key order aside", () => {
  const at = new Date("2026-11-25T03:00:00.000Z");
  assert.ok(changesNothing({ name: "Deep clean", price: 120, at }, { price: 120, name: "Deep clean", at: new Date(at) }));
  assert.ok(changesNothing({ name: "A", updatedAt: at }, { name: "A", updatedAt: new Date() }), "updatedAt is bookkeeping");
  assert.ok(changesNothing({ name: "A", note: undefined }, { name: "A" }), "an undefined field is not stored");
  assert.ok(changesNothing({ options: [{ label: "Yes" }] }, { options: [{ label: "Yes" }] }));
  assert.ok(!changesNothing({ name: "A" }, { name: "B" }));
  assert.ok(!changesNothing({ price: 120 }, { price: 120.5 }));
  assert.ok(!changesNothing({ options: ["a", "b"] }, { options: ["b", "a"] }), "a list's order is a change");
  assert.ok(!changesNothing({ deletedAt: null }, { deletedAt: at }));
  assert.ok(!changesNothing({ tags: [] }, { tags: ["VIP"] }));
});
