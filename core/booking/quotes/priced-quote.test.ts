import assert from "node:assert/strict";
import fc from "fast-check";
import {
  answerRefusal,
  declineQuoteSchema,
  lineCents,
  planPricing,
  type PricedQuote,
  priceLines,
  priceQuoteSchema,
  QUOTE_ERRORS,
  QUOTE_MESSAGES,
  quoteExpired,
} from "./priced-quote.ts";
import { inquiryQuoteSchema } from "./inquiry-quote.ts";

// Sunday 22 Nov 2026, 11:00 in Melbourne (AEDT).
const NOW = new Date("2026-11-22T00:00:00Z");
const line = (overrides: Record<string, unknown> = {}) => ({ description: "Office clean", quantity: 1, unitPrice: 480, ...overrides });
const fieldErrors = (input: unknown) => {
  const parsed = priceQuoteSchema.safeParse(input);
  assert.equal(parsed.success, false, `expected ${JSON.stringify(input)} to be refused`);
  return Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
};

Deno.test("a line: description 1-200 on one line, quantity > 0 (2 decimals, at most 1000), unit price A$0-100,000 (2 decimals)", () => {
  assert.ok(priceQuoteSchema.safeParse({ lineItems: [line()] }).success);
  assert.ok(priceQuoteSchema.safeParse({ lineItems: [line({ quantity: 0.25, unitPrice: 0 })] }).success);
  assert.ok(priceQuoteSchema.safeParse({ lineItems: [line({ quantity: 1000, unitPrice: 100_000, description: "x".repeat(200) })] }).success);
  const cases: [Record<string, unknown>, string, string][] = [
    [line({ description: "  " }), "lineItems.0.description", QUOTE_MESSAGES.description],
    [line({ description: "x".repeat(201) }), "lineItems.0.description", QUOTE_MESSAGES.descriptionTooLong],
    [line({ description: "two\nlines" }), "lineItems.0.description", QUOTE_MESSAGES.descriptionOneLine],
    [line({ quantity: 0 }), "lineItems.0.quantity", QUOTE_MESSAGES.quantity],
    [line({ quantity: -1 }), "lineItems.0.quantity", QUOTE_MESSAGES.quantity],
    [line({ quantity: 1.005 }), "lineItems.0.quantity", QUOTE_MESSAGES.quantity],
    [line({ quantity: 1000.01 }), "lineItems.0.quantity", QUOTE_MESSAGES.quantity],
    [line({ quantity: "2" }), "lineItems.0.quantity", QUOTE_MESSAGES.quantity],
    [line({ unitPrice: -0.01 }), "lineItems.0.unitPrice", QUOTE_MESSAGES.unitPrice],
    [line({ unitPrice: 10.001 }), "lineItems.0.unitPrice", QUOTE_MESSAGES.unitPrice],
    [line({ unitPrice: 100_000.01 }), "lineItems.0.unitPrice", QUOTE_MESSAGES.unitPrice],
  ];
  for (const [item, path, message] of cases) assert.equal(fieldErrors({ lineItems: [item] })[path], message, JSON.stringify(item));
});

Deno.test("a quote has 1 to 50 lines, a message of at most 2000 characters and a validUntil written YYYY-MM-DD", () => {
  assert.equal(fieldErrors({ lineItems: [] }).lineItems, QUOTE_MESSAGES.items);
  assert.equal(fieldErrors({ lineItems: Array.from({ length: 51 }, () => line()) }).lineItems, QUOTE_MESSAGES.items);
  assert.ok(priceQuoteSchema.safeParse({ lineItems: Array.from({ length: 50 }, () => line()) }).success);
  assert.equal(fieldErrors({ lineItems: [line()], message: "x".repeat(2001) }).message, QUOTE_MESSAGES.messageTooLong);
  assert.ok(fieldErrors({ lineItems: [line()], validUntil: "2026-02-30" }).validUntil);
  const parsed = priceQuoteSchema.parse({ lineItems: [line()], message: null, validUntil: "" });
  assert.equal(parsed.message, undefined);
  assert.equal(parsed.validUntil, undefined);
});

Deno.test("total = the sum of round(quantity × unitPrice) in cents, for any lines (fast-check)", () => {
  const cents = fc.integer({ min: 0, max: 10_000_000 });
  const hundredths = fc.integer({ min: 1, max: 100_000 });
  fc.assert(fc.property(fc.array(fc.tuple(hundredths, cents), { minLength: 1, maxLength: 50 }), (pairs) => {
    const lines = pairs.map(([q, p]) => ({ description: "Line", quantity: q / 100, unitPrice: p / 100 }));
    const { lineItems, total } = priceLines(lines);
    const expected = pairs.reduce((sum, [q, p]) => sum + Math.round((q * p) / 100), 0);
    assert.equal(Math.round(total * 100), expected);
    // Each line's amount has at most 2 decimals and the total is their exact sum.
    assert.equal(lineItems.reduce((sum, item) => sum + Math.round(item.amount * 100), 0), Math.round(total * 100));
    for (const item of lineItems) assert.equal(Math.round(item.amount * 100), lineCents(item));
  }));
});

Deno.test("a line's amount rounds half away from zero, as the decimal people wrote", () => {
  assert.deepEqual(priceLines([line({ quantity: 1.5, unitPrice: 33.33 })]), {
    lineItems: [{ description: "Office clean", quantity: 1.5, unitPrice: 33.33, amount: 50 }],
    total: 50,
  });
  // 0.35 × 1.5 = 0.525 → 0.53.
  assert.equal(priceLines([line({ quantity: 1.5, unitPrice: 0.35 })]).total, 0.53);
  assert.equal(priceLines([line({ quantity: 3, unitPrice: 0.1 }), line({ quantity: 1, unitPrice: 0.2 })]).total, 0.5);
});

Deno.test("planPricing: SENT now, validUntil today or later in Melbourne (a 422 on validUntil before)", () => {
  const input = priceQuoteSchema.parse({ lineItems: [line({ quantity: 2, unitPrice: 240 })], message: " Thanks ", validUntil: "2026-11-22" });
  const planned = planPricing(input, NOW);
  assert.ok(planned.ok);
  assert.deepEqual(planned.value, {
    lineItems: [{ description: "Office clean", quantity: 2, unitPrice: 240, amount: 480 }],
    total: 480,
    message: "Thanks",
    validUntil: "2026-11-22",
    status: "SENT",
    sentAt: NOW,
    decidedAt: null,
    declineReason: "",
  });
  // 10:59 pm UTC on the 21st is already the 22nd in Melbourne: the 21st is past.
  const past = planPricing({ ...input, validUntil: "2026-11-21" }, new Date("2026-11-21T22:59:00Z"));
  assert.ok(!past.ok);
  assert.deepEqual(past.error.fieldErrors, { validUntil: [QUOTE_MESSAGES.validUntilPast] });
});

Deno.test("the customer's answer: once, while priced and not past its valid-until day (Melbourne)", () => {
  const quote: PricedQuote = {
    bookingId: "b1", lineItems: [], total: 480, message: "", validUntil: "2026-11-30", status: "SENT",
    sentAt: NOW, decidedAt: null, declineReason: "",
  };
  assert.equal(answerRefusal(null, NOW), QUOTE_ERRORS.notYetPriced);
  assert.equal(answerRefusal(quote, NOW), null);
  // The last valid day is valid to its end in Melbourne (23:59 AEDT = 12:59 UTC).
  assert.equal(answerRefusal(quote, new Date("2026-11-30T12:59:00Z")), null);
  assert.equal(answerRefusal(quote, new Date("2026-11-30T13:00:00Z")), QUOTE_ERRORS.expired);
  assert.equal(quoteExpired({ validUntil: null }, new Date("2030-01-01T00:00:00Z")), false);
  assert.equal(answerRefusal({ ...quote, status: "ACCEPTED" }, NOW), QUOTE_ERRORS.alreadyDecided);
  assert.equal(answerRefusal({ ...quote, status: "DECLINED" }, new Date("2027-01-01T00:00:00Z")), QUOTE_ERRORS.alreadyDecided);
});

Deno.test("decline needs a reason of 1 to 500 characters; an inquiry's quote needs a service and a 4-digit postcode if any", () => {
  assert.equal(declineQuoteSchema.safeParse({ reason: "  " }).error?.issues[0].message, QUOTE_MESSAGES.declineReason);
  assert.equal(declineQuoteSchema.safeParse({ reason: "x".repeat(501) }).error?.issues[0].message, QUOTE_MESSAGES.declineReasonTooLong);
  assert.equal(declineQuoteSchema.parse({ reason: " Too dear " }).reason, "Too dear");
  const ok = inquiryQuoteSchema.parse({ serviceId: "s1", lineItems: [line()], postcode: "", addressLine1: " 1 Main St " });
  assert.equal(ok.postcode, undefined);
  assert.equal(ok.addressLine1, "1 Main St");
  const bad = inquiryQuoteSchema.safeParse({ serviceId: "", lineItems: [line()], postcode: "31" });
  assert.deepEqual(bad.error?.issues.map((issue) => issue.path.join(".")).sort(), ["postcode", "serviceId"]);
});
