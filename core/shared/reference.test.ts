import assert from "node:assert/strict";
import fc from "fast-check";
import { newReference, readReference, REFERENCE_ALPHABET, REFERENCE_PATTERN } from "./reference.ts";

Deno.test("a new reference has the prefix and six symbols of the alphabet, never 0, O, 1 or I", () => {
  fc.assert(fc.property(fc.uint8Array({ minLength: 6, maxLength: 6 }), (bytes) => {
    const reference = newReference(() => bytes);
    assert.ok(REFERENCE_PATTERN.test(reference), reference);
    assert.ok(!/[01OI]/.test(reference.slice(3)), reference);
  }));
  assert.equal(REFERENCE_ALPHABET.length, 32);
  assert.ok(REFERENCE_PATTERN.test(newReference()));
});

Deno.test("every symbol is equally likely: each byte value maps to one of 32 symbols 8 times", () => {
  const counts = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) {
    const symbol = newReference(() => new Uint8Array(6).fill(byte)).at(-1)!;
    counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  }
  assert.equal(counts.size, 32);
  assert.ok([...counts.values()].every((n) => n === 8));
});

Deno.test("a reference is read as people type it", () => {
  assert.equal(readReference("YS-7K3F9Q"), "YS-7K3F9Q");
  assert.equal(readReference("ys-7k3f9q"), "YS-7K3F9Q");
  assert.equal(readReference(" ys 7k3 f9q "), "YS-7K3F9Q");
  assert.equal(readReference("7K3F9Q"), "YS-7K3F9Q");
  assert.equal(readReference("YS7K3F9Q"), "YS-7K3F9Q");
  assert.equal(readReference("YS-7K3F9"), null);
  assert.equal(readReference("YS-OK3F9Q"), null);
  assert.equal(readReference("Smith"), null);
  assert.equal(readReference(""), null);
});
