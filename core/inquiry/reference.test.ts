import assert from "node:assert/strict";
import fc from "fast-check";
import { newReference, REFERENCE_PATTERN } from "../shared/reference.ts";
import { INQUIRY_REFERENCE_PATTERN, newInquiryReference, readInquiryReference } from "./reference.ts";

Deno.test("a new inquiry reference is YI- and six symbols of the bookings' alphabet, never 0, O, 1 or I", () => {
  fc.assert(fc.property(fc.uint8Array({ minLength: 6, maxLength: 6 }), (bytes) => {
    const reference = newInquiryReference(() => bytes);
    assert.ok(INQUIRY_REFERENCE_PATTERN.test(reference), reference);
    assert.ok(!/[01OI]/.test(reference.slice(3)), reference);
    // The same generator as the bookings': only the prefix differs.
    assert.equal(reference.slice(3), newReference(() => bytes).slice(3));
    assert.ok(!REFERENCE_PATTERN.test(reference), "never mistaken for a booking's");
  }));
  assert.match(newInquiryReference(), /^YI-[2-9A-HJ-NP-Z]{6}$/);
  assert.equal(newInquiryReference(() => new Uint8Array([0, 1, 8, 31, 32, 255])), "YI-23AZ2Z");
});

Deno.test("an inquiry reference is read as people type it", () => {
  assert.equal(readInquiryReference("YI-7K3F9Q"), "YI-7K3F9Q");
  assert.equal(readInquiryReference("yi-7k3f9q"), "YI-7K3F9Q");
  assert.equal(readInquiryReference(" yi 7k3 f9q "), "YI-7K3F9Q");
  assert.equal(readInquiryReference("YI7K3F9Q"), "YI-7K3F9Q");
  assert.equal(readInquiryReference("7K3F9Q"), "YI-7K3F9Q");
  assert.equal(readInquiryReference("YI-7K3F9"), null);
  assert.equal(readInquiryReference("YI-OK3F9Q"), null);
  assert.equal(readInquiryReference("YS-7K3F9Q"), null, "a booking's reference is no inquiry's");
  assert.equal(readInquiryReference("Smith"), null);
  assert.equal(readInquiryReference(""), null);
});
