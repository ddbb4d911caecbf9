import assert from "node:assert/strict";
import { mergeFieldErrors } from "./result.ts";

Deno.test("mergeFieldErrors: core's messages win wherever core spoke about a field", () => {
  const cases: { name: string; primary: Record<string, string[]>; secondary: Record<string, string[]>; expected: Record<string, string[]> }[] = [
    { name: "same path", primary: { email: ["core"] }, secondary: { email: ["zod"] }, expected: { email: ["core"] } },
    { name: "parent covers child", primary: { extras: ["core"] }, secondary: { "extras.0.quantity": ["zod"] }, expected: { extras: ["core"] } },
    { name: "child covers parent", primary: { "address.street": ["core"] }, secondary: { address: ["zod"] }, expected: { "address.street": ["core"] } },
    { name: "a prefix of a name is not a parent", primary: { address: ["core"] }, secondary: { addressee: ["zod"] }, expected: { address: ["core"], addressee: ["zod"] } },
    { name: "uncovered paths are added", primary: {}, secondary: { durationHours: ["zod"] }, expected: { durationHours: ["zod"] } },
  ];
  for (const c of cases) assert.deepEqual(mergeFieldErrors(c.primary, c.secondary), c.expected, c.name);
});
