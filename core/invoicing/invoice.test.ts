import assert from "node:assert/strict";
import fc from "fast-check";
import { booking } from "../notifications/test-fixtures.ts";
import { recurringVisitTotals } from "../series/start.ts";
import type { Payment } from "../booking/payments/ledger.ts";
import { businessDetailsDefaults, type BusinessDetails } from "../settings/business-details.ts";
import { fromCents, toCents } from "../shared/money.ts";
import { formatInvoiceNumber } from "../shared/invoice-number.ts";
import { gstIncluded, gstIncludedCents } from "./gst.ts";
import { buildInvoice, invoiceLines, linesOf } from "./invoice.ts";
import { buildReceipt } from "./receipt.ts";
import { ddmmyyyy, invoicesCsv, lineGstCents } from "./csv.ts";

const REGISTERED: BusinessDetails = {
  ...businessDetailsDefaults(null),
  legalName: "Yarra Shine Cleaning Pty Ltd",
  abn: "51824753556",
  gstRegistered: true,
  email: "hello@yarrashine.com.au",
};
const ISSUED = { number: "INV-000123", issuedAt: new Date("2026-11-27T23:30:00Z") };

const payment = (id: string, amount: number, receivedAt: string, voided = false): Payment => ({
  _id: id,
  bookingId: booking()._id,
  amount,
  method: "CASH",
  note: "",
  receivedAt: new Date(receivedAt),
  recordedBy: { adminId: "a1", name: "Office", email: "office@example.com" },
  createdAt: new Date(receivedAt),
  voidedAt: voided ? new Date(receivedAt) : null,
  voidedBy: null,
  voidReason: voided ? "Bounced" : null,
});

const sumCents = (lines: { amount: number }[]) => lines.reduce((sum, line) => sum + toCents(line.amount), 0);

Deno.test("a one-off's lines: the service with its hours, each add-on with its quantity, adding up to the total", () => {
  const lines = invoiceLines(booking({ seriesId: null }));
  assert.deepEqual(lines, [
    { description: "Hourly Cleaning, 3 hours", quantity: 1, unitPrice: 165, amount: 165 },
    { description: "Inside oven", quantity: 2, unitPrice: 35, amount: 70 },
    { description: "Balcony", quantity: 1, unitPrice: 20.5, amount: 20.5 },
  ]);
  assert.equal(sumCents(lines), toCents(255.5));
});

Deno.test("a later visit of a weekly clean shows full prices and the frequency's discount as a negative line", () => {
  const record = booking({ seriesId: "s1", ...recurringVisitTotals(booking()) });
  const lines = invoiceLines(record);
  assert.equal(lines[0].description, "Hourly Cleaning, 3 hours");
  assert.equal(lines[0].amount, 165);
  assert.equal(lines.at(-1)!.description, "Weekly discount (10%)");
  assert.equal(lines.at(-1)!.amount, -25.55);
  assert.equal(sumCents(lines), toCents(record.firstServiceTotal));
});

Deno.test("bedrooms are named; a series' first visit (full price) has no discount line", () => {
  const lines = invoiceLines(booking({ pricingModel: "BEDROOMS", hours: null, bedrooms: 1, seriesId: "s1", extras: [], baseAmount: 150, extrasAmount: 0, firstServiceTotal: 150, recurringTotal: 135 }));
  assert.deepEqual(lines, [{ description: "Hourly Cleaning, 1 bedroom", quantity: 1, unitPrice: 150, amount: 150 }]);
});

Deno.test("GST: total / 11 rounded once to the cent; lines always add up to the total (fast-check)", () => {
  fc.assert(fc.property(
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.array(fc.record({ price: fc.integer({ min: 0, max: 50_000 }), quantity: fc.integer({ min: 1, max: 10 }) }), { maxLength: 6 }),
    fc.constantFrom(0, 5, 10, 15, 20, 12.5),
    fc.boolean(),
    (baseCents, extras, discountPercent, repeatVisit) => {
      const extrasCents = extras.reduce((sum, e) => sum + e.price * e.quantity, 0);
      const first = {
        baseAmount: fromCents(baseCents),
        extrasAmount: fromCents(extrasCents),
        firstServiceTotal: fromCents(baseCents + extrasCents),
        recurringTotal: fromCents(Math.round((baseCents + extrasCents) * (1 - discountPercent / 100))),
        discountPercent,
      };
      const record = booking({
        seriesId: "s1",
        extras: extras.map((e, i) => ({ extraId: `x${i}`, titleAtBooking: `Extra ${i}`, quantity: e.quantity, priceAtBooking: fromCents(e.price) })),
        ...(repeatVisit ? recurringVisitTotals(first) : first),
      });
      const invoice = buildInvoice(record, REGISTERED, [], ISSUED);
      assert.equal(sumCents(invoice.lines), toCents(invoice.total));
      const expected = Math.round((toCents(invoice.total) / 11) * 1e6) / 1e6;
      assert.equal(toCents(invoice.gst), Math.floor(expected + 0.5));
      assert.equal(lineGstCents(invoice).reduce((a, b) => a + b, 0), gstIncludedCents(toCents(invoice.total)));
    },
  ));
});

Deno.test("GST examples, and none when not registered", () => {
  assert.equal(gstIncluded(255.5, true), 23.23);
  assert.equal(gstIncluded(110, true), 10);
  assert.equal(gstIncluded(0.05, true), 0); // 0.4545 cents
  assert.equal(gstIncluded(0.06, true), 0.01); // 0.5454 cents
  assert.equal(gstIncluded(255.5, false), 0);
});

Deno.test("the invoice: title, seller, paid to date and balance from the live payments", () => {
  const payments = [payment("p1", 100, "2026-11-28T03:00:00Z"), payment("p2", 50, "2026-11-28T04:00:00Z", true)];
  const invoice = buildInvoice(booking(), REGISTERED, payments, ISSUED);
  assert.equal(invoice.title, "Tax invoice");
  assert.equal(invoice.seller.abnFormatted, "51 824 753 556");
  assert.equal(invoice.paidToDate, 100);
  assert.equal(invoice.balance, 155.5);
  assert.equal(invoice.gst, 23.23);
  const plain = buildInvoice(booking(), { ...REGISTERED, gstRegistered: false }, [], ISSUED);
  assert.equal(plain.title, "Invoice");
  assert.equal(plain.gst, 0);
});

Deno.test("numbers are INV- and six digits", () => {
  assert.equal(formatInvoiceNumber(123), "INV-000123");
  assert.equal(formatInvoiceNumber(1_234_567), "INV-1234567");
});

Deno.test("a receipt: the balance after it, its place among live payments, none for a voided one", () => {
  const payments = [
    payment("p1", 100, "2026-11-28T03:00:00Z"),
    payment("p2", 50, "2026-11-28T04:00:00Z", true),
    payment("p3", 55.5, "2026-11-28T05:00:00Z"),
  ];
  const receipt = buildReceipt(booking(), REGISTERED, payments, "p3", ISSUED);
  assert.ok(receipt.ok);
  assert.equal(receipt.value.sequence, 2);
  assert.equal(receipt.value.balanceAfter, 100);
  assert.equal(receipt.value.fileName, "receipt-YS-7K3F9Q-2.pdf");
  assert.equal(receipt.value.invoiceNumber, "INV-000123");
  const voided = buildReceipt(booking(), REGISTERED, payments, "p2", null);
  assert.ok(!voided.ok && voided.error.code === "PAYMENT_ALREADY_VOIDED");
  const missing = buildReceipt(booking(), REGISTERED, payments, "nope", null);
  assert.ok(!missing.ok && missing.error.code === "PAYMENT_NOT_FOUND");
});

Deno.test("the CSV: Xero's columns, one row a line, DD/MM/YYYY, GST type by registration, negative amounts as numbers", () => {
  const record = booking({ seriesId: "s1", ...recurringVisitTotals(booking()), firstName: "=cmd" });
  const csv = invoicesCsv([buildInvoice(record, REGISTERED, [], ISSUED)]);
  const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  assert.equal(lines[0].split(",")[0], "ContactName");
  assert.equal(lines.length, 1 + 4);
  assert.ok(lines[1].startsWith("'=cmd Citizen,"));
  assert.ok(lines[1].includes(",INV-000123,YS-7K3F9Q,28/11/2026,28/11/2026,"));
  assert.ok(lines[1].includes(",200,GST on Income,"));
  assert.ok(lines[4].includes("Weekly discount (10%),1,-25.55,200,GST on Income,"));
  assert.equal(ddmmyyyy(new Date("2026-11-27T13:30:00Z")), "28/11/2026");
  const free = invoicesCsv([buildInvoice(booking(), { ...REGISTERED, gstRegistered: false }, [], ISSUED)]);
  assert.ok(free.includes(",GST Free Income,0,"));
});

Deno.test("an accepted priced quote's lines are the invoice's, while they still add up to the total", () => {
  const quoted = [
    { description: "Office clean, level 2", quantity: 1, unitPrice: 400, amount: 400 },
    { description: "Carpet steam (per room)", quantity: 3, unitPrice: 45.5, amount: 136.5 },
  ];
  const accepted = booking({ baseAmount: 536.5, extrasAmount: 0, firstServiceTotal: 536.5, recurringTotal: 536.5 });
  assert.deepEqual(linesOf(accepted, quoted), quoted);
  // Re-priced since (a staff edit): the record's own lines, which add up to its total.
  assert.deepEqual(linesOf(booking(), quoted), invoiceLines(booking()));
  assert.deepEqual(linesOf(booking(), null), invoiceLines(booking()));
});
