import assert from "node:assert/strict";
import { deepFreeze, keptBody } from "./frozen-json.ts";

const keptJson = (value: unknown) => keptBody(value)?.text;

Deno.test("kept JSON: the same text as JSON.stringify, for kept values and plain objects of them", () => {
  const services = deepFreeze([{ _id: "a", name: "Regular Clean", price: 179.5, deletedAt: null, at: new Date(0) }]);
  const content = deepFreeze({ label: "Notes", enabled: true, weekdays: [0, 6] });
  const cases: unknown[] = [
    services,
    content,
    { items: services },
    { leadDays: 4, closedWeekdays: content.weekdays, skipped: undefined, fn: () => 1, nothing: null, serviceArea: content },
    { "quo\"te": services, "10": 1, b: 2 },
  ];
  for (const value of cases) assert.equal(keptJson(value), JSON.stringify(value));
  assert.equal(keptJson(services), keptJson(services), "one text, made once");
});

Deno.test("kept JSON: none for anything that is not made of kept values", () => {
  const kept = deepFreeze({ a: [1] });
  for (const value of [{ a: 1 }, { a: [1] }, { a: kept, b: { c: 1 } }, [kept], Object.freeze({ a: [1] }), 1, "x", null, undefined]) {
    assert.equal(keptJson(value), undefined, JSON.stringify(value));
  }
  const shallow = Object.freeze({ list: [1, 2] });
  assert.equal(keptJson({ shallow }), undefined, "frozen by someone else, only on top: it may still change");
  assert.throws(() => (kept.a as number[]).push(2), TypeError);
});

Deno.test("kept body: its bytes are its text's UTF-8, made once per kept value and envelope shape", () => {
  const services = deepFreeze([{ _id: "a", name: "Clean — “deep”", price: 179.5 }]);
  const body = keptBody({ items: services })!;
  assert.deepEqual(body.bytes, new TextEncoder().encode(JSON.stringify({ items: services })));
  assert.equal(keptBody({ items: services }), body, "a new envelope of the same shape: the same answer");
  const paged = keptBody({ items: services, page: 2 })!;
  assert.notEqual(paged, body);
  assert.equal(paged.text, JSON.stringify({ items: services, page: 2 }));
  assert.equal(keptBody({ items: services, page: 2 }), paged);
  assert.equal(keptBody({ items: services, page: 3 })!.text, JSON.stringify({ items: services, page: 3 }));
  // A string that looks like the shape's marker is still a string.
  assert.equal(keptBody({ items: services, note: "#" })!.text, JSON.stringify({ items: services, note: "#" }));
  // The same shape over another kept value is that value's answer.
  const other = deepFreeze([{ _id: "b" }]);
  assert.equal(keptBody({ items: other })!.text, JSON.stringify({ items: other }));
  assert.equal(keptBody(services), keptBody(services));
});
