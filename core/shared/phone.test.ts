import assert from "node:assert/strict";
import { formatAuPhone, normaliseAuPhone } from "./phone.ts";

Deno.test("normaliseAuPhone", async (t) => {
  const cases: [string, string | null][] = [
    ["0412 345 678", "0412345678"],
    ["0412345678", "0412345678"],
    ["+61 412 345 678", "0412345678"],
    ["+61412345678", "0412345678"],
    ["(03) 9123 4567", "0391234567"],
    ["+61391234567", "0391234567"],
    ["+61 3 9123 4567", "0391234567"],
    ["0212345678", "0212345678"],
    ["07-1234-5678", "0712345678"],
    ["08.1234.5678", "0812345678"],
    ["  0412 345 678  ", "0412345678"],
    ["0512345678", null],
    ["0612345678", null],
    ["0112345678", null],
    ["041234567", null],
    ["04123456789", null],
    ["", null],
    ["61412345678", null],
    ["+610412345678", null],
    ["+64 21 123 4567", null],
    ["0412+345678", null],
    ["412345678", null],
    ["phone me", null],
    ["0412 345 67a8", "0412345678"],
  ];
  for (const [raw, expected] of cases) {
    await t.step(raw || "(empty)", () => assert.equal(normaliseAuPhone(raw), expected));
  }
});

Deno.test("formatAuPhone: written as people write it; anything else as it is", () => {
  assert.equal(formatAuPhone("0412345678"), "0412 345 678");
  assert.equal(formatAuPhone("0398765432"), "03 9876 5432");
  assert.equal(formatAuPhone("0298765432"), "02 9876 5432");
  assert.equal(formatAuPhone("12345"), "12345");
  assert.equal(formatAuPhone(""), "");
});
