import assert from "node:assert/strict";
import { booking } from "../../core/notifications/test-fixtures.ts";
import { recurringVisitTotals } from "../../core/series/start.ts";
import { businessDetailsDefaults, type BusinessDetails } from "../../core/settings/business-details.ts";
import { buildInvoice } from "../../core/invoicing/invoice.ts";
import { buildReceipt } from "../../core/invoicing/receipt.ts";
import type { Payment } from "../../core/booking/payments/ledger.ts";
import { pdfInvoiceRenderer, winAnsi } from "./invoice-pdf.ts";
import { pdfText } from "./test-pdf-text.ts";
import { PDFDocument, StandardFonts } from "pdf-lib";

const DETAILS: BusinessDetails = {
  ...businessDetailsDefaults(null),
  legalName: "Yarra Shine Cleaning Pty Ltd",
  abn: "51824753556",
  gstRegistered: true,
  address: "12 Chapel St, Windsor VIC 3181",
  phone: "0412 345 678",
  email: "hello@yarrashine.com.au",
  paymentTerms: "Due within 7 days",
  bankDetails: "Yarra Shine Cleaning Pty Ltd\nBSB 063-000\nAccount 1234 5678",
};
const ISSUED = { number: "INV-000123", issuedAt: new Date("2026-11-27T23:30:00Z") };
const PAID: Payment = {
  _id: "p1", bookingId: booking()._id, amount: 100, method: "BANK_TRANSFER", note: "", receivedAt: new Date("2026-11-28T03:00:00Z"),
  recordedBy: { adminId: null, name: "Office", email: "o@example.com" }, createdAt: new Date("2026-11-28T03:00:00Z"),
  voidedAt: null, voidedBy: null, voidReason: null,
};

const squash = (text: string) => text.replace(/[ \t]+/g, " ");

Deno.test("the tax invoice PDF reads back with every part an ATO tax invoice needs", async (t) => {
  const record = booking({ seriesId: "s1", ...recurringVisitTotals(booking()) });
  const bytes = await pdfInvoiceRenderer.invoice(buildInvoice(record, DETAILS, [PAID], ISSUED));
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  const text = await pdfText(bytes);
  const flat = squash(text);
  for (const expected of [
    "Tax invoice", "Yarra Shine Cleaning Pty Ltd", "ABN 51 824 753 556", "12 Chapel St, Windsor VIC 3181", "0412 345 678",
    "hello@yarrashine.com.au", "Invoice number INV-000123", "Issue date Sat 28 Nov 2026", "Reference YS-7K3F9Q",
    "Service date Sat 28 Nov 2026", "Jane Citizen", "3/12 Smith St, Fitzroy VIC 3065", "Hourly Cleaning, 3 hours",
    "Inside oven 2 A$35.00 A$70.00", "Weekly discount (10%) 1 -A$25.55 -A$25.55", "Total A$229.95", "GST included A$20.90",
    "Total price includes GST.", "Paid to date A$100.00", "Balance due A$129.95", "Due within 7 days", "BSB 063-000",
  ]) {
    await t.step(expected, () => assert.ok(flat.includes(expected), `missing "${expected}" in:\n${text}`));
  }
});

Deno.test("not registered: titled Invoice, no GST line; names outside WinAnsi are drawn, not fatal", async () => {
  const record = booking({ firstName: "Zoë", lastName: "Łódź 😀", address: { street: "1 Straße", suburb: "Ελλάδα", state: "VIC", postCode: "3000" } });
  const bytes = await pdfInvoiceRenderer.invoice(buildInvoice(record, { ...DETAILS, gstRegistered: false }, [], ISSUED));
  const text = await pdfText(bytes);
  const flat = squash(text);
  assert.match(flat.trimStart().split("\n")[0], /^Yarra Shine Cleaning Pty Ltd Invoice$/);
  assert.ok(!flat.includes("Tax invoice"));
  assert.ok(!flat.includes("GST included"));
  assert.ok(flat.includes("Zoë Lódz ?"), flat);
  assert.ok(flat.includes("1 Straße"), flat);
});

Deno.test("winAnsi keeps what Helvetica has and folds or replaces the rest", async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  assert.equal(winAnsi("Zoë Brontë – €5 “ok”", font), "Zoë Brontë – €5 “ok”");
  assert.equal(winAnsi("Łódź", font), "Lódz");
  assert.equal(winAnsi("a😀b\nc", font), "a?b c");
  assert.equal(winAnsi("Ελλάδα", font), "??????");
});

Deno.test("a receipt PDF: amount, method, date, invoice number and the balance after it", async () => {
  const receipt = buildReceipt(booking(), DETAILS, [PAID], "p1", ISSUED);
  assert.ok(receipt.ok);
  const text = await pdfText(await pdfInvoiceRenderer.receipt(receipt.value));
  const flat = squash(text);
  for (const expected of ["Receipt", "Amount received A$100.00", "Method Bank transfer", "Received Sat 28 Nov 2026, 2:00 pm", "Invoice number INV-000123", "Balance after this payment A$155.50", "Reference YS-7K3F9Q"]) {
    assert.ok(flat.includes(expected), `missing "${expected}" in:\n${text}`);
  }
});

Deno.test("a long invoice flows onto a second page", async () => {
  const extras = Array.from({ length: 60 }, (_, i) => ({ extraId: `x${i}`, titleAtBooking: `Window ${i} `.repeat(8), quantity: 1, priceAtBooking: 1 }));
  const record = booking({ extras, extrasAmount: 60, firstServiceTotal: 225 });
  const bytes = await pdfInvoiceRenderer.invoice(buildInvoice(record, DETAILS, [], ISSUED));
  const doc = await PDFDocument.load(bytes);
  assert.ok(doc.getPageCount() >= 2);
});
