import { BOOKING_TEXT_FIELDS, textOfField } from "../text-fields.ts";
import assert from "node:assert/strict";
import { bookingsCsv } from "./csv.ts";
import { formatAddress } from "../../shared/contact.ts";
import { csvCell, csvDateTime } from "../../shared/csv.ts";
import type { BookingRecord } from "../types.ts";

Deno.test("csvCell: RFC 4180 quoting and the formula guard", async (t) => {
  const cases: [string | number | null | undefined, string][] = [
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [12.5, "12.5"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rhere", '"cr\rhere"'],
    ["=1+2", "'=1+2"],
    ["+61412", "'+61412"],
    ["-5", "'-5"],
    // A number is no formula: a negative amount (a discount line) stays a number.
    [-5.5, "-5.5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["\rx", "\"'\rx\""],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["a=b", "a=b"],
    ["O'Brien", "O'Brien"],
  ];
  for (const [value, expected] of cases) {
    await t.step(String(JSON.stringify(value)), () => assert.equal(csvCell(value), expected));
  }
});

Deno.test("csvDateTime: Melbourne wall-clock time, daylight saving included", async (t) => {
  const cases: [string | null, string][] = [
    ["2026-11-27T22:00:00Z", "2026-11-28 09:00"],
    ["2026-06-01T23:30:00Z", "2026-06-02 09:30"],
    ["2026-04-04T15:30:00Z", "2026-04-05 02:30"], // the hour before clocks go back
    [null, ""],
  ];
  for (const [iso, expected] of cases) {
    await t.step(String(iso), () => assert.equal(csvDateTime(iso ? new Date(iso) : null), expected));
  }
});

Deno.test("the CSV's address is the one line the e-mails and the schedule write", () => {
  assert.equal(formatAddress({ unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" }), "4/12 Smith St, Fitzroy VIC 3065");
  assert.equal(formatAddress({ street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" }), "1 Swan St, Richmond VIC 3121");
  assert.equal(formatAddress({ unit: "Level 3", street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" }), "Level 3, 1 Swan St, Richmond VIC 3121");
});

Deno.test("bookingsCsv: BOM, header, CRLF rows, a header alone when empty", () => {
  const empty = bookingsCsv([]);
  assert.ok(empty.startsWith("\uFEFFid,reference,type,status,cancelReason,paymentStatus,createdAt,startTime,endTime,"));
  const textHeaders = BOOKING_TEXT_FIELDS.map((field) => field.csvHeader);
  assert.deepEqual(textHeaders.slice(0, 2), ["notes", "officeNotes"]);
  assert.ok(empty.includes(`,totalPaid,paidAt,paidToDate,balance,${textHeaders.join(",")}\r\n`), "the text fields close the fixed columns");
  const record = {
    _id: "b1", reference: "YS-7K3F9Q", cancelReason: "", calendarSequence: 0, type: "BOOKING", status: "PENDING", paymentStatus: "PAID", firstName: "Ada", lastName: "Lovelace",
    email: "ada@example.com", phone: "0412345678",
    address: { street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    serviceId: null, serviceNameAtBooking: "Hourly", pricingModel: "HOURLY", hours: 2.5, bedrooms: null,
    frequencyCode: "WEEKLY", frequencyNameAtBooking: "Weekly", frequencyDiscountPercent: 15, discountPercent: 15,
    startTime: new Date("2026-11-27T22:00:00Z"), endTime: new Date("2026-11-28T00:30:00Z"),
    createdAt: new Date("2026-11-20T00:00:00Z"),
    extras: [{ extraId: "e1", titleAtBooking: "Oven", quantity: 1, priceAtBooking: 45 }, { extraId: "e2", titleAtBooking: "Windows", quantity: 3, priceAtBooking: 12.5 }],
    answers: [], notes: "", officeNotes: "Bring the ladder", baseAmount: 150, extrasAmount: 82.5, firstServiceTotal: 232.5, recurringTotal: 197.63,
    totalPaid: 232.5, paidAt: new Date("2026-11-28T03:00:00Z"), cleanerIds: [], customerId: null, seriesId: null, seriesDate: null,
  } satisfies BookingRecord;
  const [, row] = bookingsCsv([record]).split("\r\n");
  assert.equal(
    row,
    "b1,YS-7K3F9Q,BOOKING,PENDING,,PAID,2026-11-20 11:00,2026-11-28 09:00,2026-11-28 11:30,,Ada,Lovelace,ada@example.com,0412 345 678," +
      '"12 Smith St, Fitzroy VIC 3065",Fitzroy,3065,Hourly,2.5,,Weekly,15,Oven x 1; Windows x 3,150.00,82.50,232.50,197.63,232.50,2026-11-28 14:00,232.50,0.00,' +
      BOOKING_TEXT_FIELDS.map((field) => textOfField(record, field)).join(","),
  );
});

Deno.test("bookingsCsv: who is on the job, by name in the job's order; an id with no name (never, in practice) as it is", () => {
  const record = {
    _id: "b1", reference: "YS-7K3F9Q", cancelReason: "", calendarSequence: 0, type: "BOOKING", status: "CONFIRMED", paymentStatus: "UNPAID",
    firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "0412345678",
    address: { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    serviceId: null, serviceNameAtBooking: "Hourly", pricingModel: "HOURLY", hours: 2, bedrooms: null,
    frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One-time", frequencyDiscountPercent: 0, discountPercent: 0,
    startTime: new Date("2026-11-27T22:00:00Z"), endTime: new Date("2026-11-28T00:00:00Z"), createdAt: new Date("2026-11-20T00:00:00Z"),
    extras: [], answers: [], notes: "", baseAmount: 100, extrasAmount: 0, firstServiceTotal: 100, recurringTotal: 100, totalPaid: null, paidAt: null,
    cleanerIds: ["c2", "c1", "c9"], customerId: null, seriesId: null, seriesDate: null,
  } satisfies BookingRecord;
  const [header, row] = bookingsCsv([record], new Map([["c1", "Priya Sharma"], ["c2", "Tom Nguyen"]])).split("\r\n");
  const at = header.replace("\uFEFF", "").split(",").indexOf("cleaners");
  assert.equal(at, 9, "beside the job's times");
  assert.equal(row.split(",")[at], "Tom Nguyen; Priya Sharma; c9");
});

Deno.test("bookingsCsv: the reference, and the cancellation reason only while cancelled", () => {
  const record = (status: BookingRecord["status"]) => ({
    _id: "b1", reference: "YS-7K3F9Q", cancelReason: "Customer moved interstate", calendarSequence: 2, type: "BOOKING", status, paymentStatus: "UNPAID",
    firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "0412345678",
    address: { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    serviceId: null, serviceNameAtBooking: "Hourly", pricingModel: "HOURLY", hours: 2, bedrooms: null,
    frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One-time", frequencyDiscountPercent: 0, discountPercent: 0,
    startTime: new Date("2026-11-27T22:00:00Z"), endTime: new Date("2026-11-28T00:00:00Z"), createdAt: new Date("2026-11-20T00:00:00Z"),
    extras: [], answers: [], notes: "", baseAmount: 100, extrasAmount: 0, firstServiceTotal: 100, recurringTotal: 100, totalPaid: null, paidAt: null, cleanerIds: [], customerId: null, seriesId: null, seriesDate: null,
  } satisfies BookingRecord);
  const [, cancelled, confirmed] = bookingsCsv([record("CANCELLED"), record("CONFIRMED")]).split("\r\n");
  assert.ok(cancelled.startsWith("b1,YS-7K3F9Q,BOOKING,CANCELLED,Customer moved interstate,UNPAID,"));
  assert.ok(confirmed.startsWith("b1,YS-7K3F9Q,BOOKING,CONFIRMED,,UNPAID,"));
});

Deno.test("bookingsCsv: paid to date and the balance against the first service total; none for quotes", () => {
  const base = {
    _id: "b1", type: "BOOKING", status: "CONFIRMED", paymentStatus: "UNPAID", firstName: "Ada", lastName: "Lovelace",
    email: "ada@example.com", phone: "0412345678", address: { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    serviceId: null, serviceNameAtBooking: "Fixed", pricingModel: "FIXED", hours: null, bedrooms: null,
    frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One time", frequencyDiscountPercent: 0, discountPercent: 0,
    startTime: new Date("2026-11-27T22:00:00Z"), endTime: new Date("2026-11-28T00:00:00Z"), createdAt: new Date("2026-11-20T00:00:00Z"),
    extras: [], answers: [], notes: "", baseAmount: 275, extrasAmount: 0, firstServiceTotal: 275, recurringTotal: 275,
    totalPaid: null, paidAt: null, cleanerIds: [],
  } as unknown as BookingRecord;
  const [header, ...rows] = bookingsCsv([
    base,
    { ...base, totalPaid: 200 },
    { ...base, totalPaid: 275.1, paymentStatus: "PAID" },
    { ...base, type: "QUOTE", status: "QUOTE_REQUESTED" },
  ]).replace(/^\uFEFF/, "").split("\r\n");
  // Counted from the end: the quoted address holds a comma.
  const names = header.split(",");
  const cells = rows.filter(Boolean).map((row) => row.split(","));
  const cell = (c: string[], name: string) => c[c.length - (names.length - names.indexOf(name))];
  assert.deepEqual(cells.map((c) => [cell(c, "paidToDate"), cell(c, "balance")]), [
    ["0.00", "275.00"],
    ["200.00", "75.00"],
    ["275.10", "'-0.10"], // overpaid; a leading minus is neutralised like any formula start
    ["", ""],
  ]);
});

Deno.test("bookingsCsv: the customer's answers in columns of their own, headed by the question", () => {
  const base: Omit<BookingRecord, "answers"> = {
    _id: "b1", reference: "YS-7K3F9Q", cancelReason: "", calendarSequence: 0, type: "BOOKING", status: "PENDING", paymentStatus: "UNPAID",
    firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "0398765432",
    address: { street: "1 Swan St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    serviceId: null, serviceNameAtBooking: "Hourly", pricingModel: "HOURLY", hours: 2, bedrooms: null,
    frequencyCode: "ONE_TIME", frequencyNameAtBooking: "One-time", frequencyDiscountPercent: 0, discountPercent: 0,
    startTime: new Date("2026-11-27T22:00:00Z"), endTime: new Date("2026-11-28T00:00:00Z"), createdAt: new Date("2026-11-20T00:00:00Z"),
    extras: [], notes: "", baseAmount: 100, extrasAmount: 0, firstServiceTotal: 100, recurringTotal: 100, totalPaid: null, paidAt: null, cleanerIds: [], customerId: null, seriesId: null, seriesDate: null,
  };
  const access = { questionId: "q1", label: "How will we get in?", value: "lockbox", displayValue: "Lockbox" };
  const pets = { questionId: "q2", label: "Any pets?", value: ["dog", "cat"], displayValue: "Dog, Cat" };
  const phone = { questionId: "q3", label: "phone", value: "ring first", displayValue: "ring first" };
  const lines = bookingsCsv([
    { ...base, answers: [access, pets] } satisfies BookingRecord,
    { ...base, _id: "b2", answers: [pets, phone] } satisfies BookingRecord,
  ]).split("\r\n");
  const header = lines[0].replace("\uFEFF", "").split(",");
  assert.deepEqual(header.slice(-3), ["How will we get in?", "Any pets?", "answer: phone"]);
  assert.ok(lines[1].endsWith(",Lockbox,\"Dog, Cat\","), lines[1]);
  assert.ok(lines[2].endsWith(",,\"Dog, Cat\",ring first"), lines[2]);
  assert.ok(lines[1].includes(",03 9876 5432,"), "a landline as people write it");
});
