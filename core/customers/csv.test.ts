import assert from "node:assert/strict";
import { CUSTOMER_CSV_HEADERS, customersCsv, customersCsvFileName } from "./csv.ts";
import type { CustomerExportRow } from "./types.ts";

const row = (patch: Partial<CustomerExportRow> = {}): CustomerExportRow => ({
  _id: "c1",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "0412345678",
  suburbs: ["Fitzroy", "Carlton"],
  tags: ["VIP", "Dog"],
  bookingsCount: 3,
  lifetimePaid: 440,
  nextVisit: new Date("2026-11-27T22:00:00Z"),
  lastVisit: new Date("2026-06-01T23:30:00Z"),
  createdAt: new Date("2026-01-20T00:00:00Z"),
  notes: "Gate code 4821",
  ...patch,
});

Deno.test("customersCsv: BOM, the header, CRLF lines, a header alone when empty", () => {
  assert.deepEqual(CUSTOMER_CSV_HEADERS, [
    "id", "firstName", "lastName", "email", "phone", "suburbs", "tags", "bookingsCount", "lifetimePaid", "nextVisit", "lastVisit", "createdAt", "notes",
  ]);
  assert.equal(customersCsv([]), `\uFEFF${CUSTOMER_CSV_HEADERS.join(",")}\r\n`);
  const [header, line, end] = customersCsv([row()]).split("\r\n");
  assert.equal(header, `\uFEFF${CUSTOMER_CSV_HEADERS.join(",")}`);
  assert.equal(line, "c1,Ada,Lovelace,ada@example.com,0412 345 678,Fitzroy; Carlton,VIP; Dog,3,440.00,2026-11-28 09:00,2026-06-02 09:30,2026-01-20 11:00,Gate code 4821");
  assert.equal(end, "", "the last line ends with CRLF too");
});

Deno.test("customersCsv: phones as people write them, whatever the record kept", async (t) => {
  const cases: [string, string][] = [
    ["0412345678", "0412 345 678"],
    ["03 9123 4567", "03 9123 4567"],
    ["0391234567", "03 9123 4567"],
    ["+61 412 345 678", "0412 345 678"],
    ["", ""],
    ["12345", "12345"], // not an Australian number: as kept
  ];
  for (const [stored, written] of cases) {
    await t.step(stored || "(none)", () => assert.equal(customersCsv([row({ phone: stored })]).split("\r\n")[1].split(",")[4], written));
  }
});

Deno.test("customersCsv: quoting, formula starts, no visits, line breaks in notes", () => {
  const line = customersCsv([row({
    firstName: "=HYPERLINK(\"http://x\")",
    lastName: "O'Brien, Jr",
    tags: ["+VIP"],
    suburbs: [],
    nextVisit: null,
    lastVisit: null,
    lifetimePaid: 0,
    notes: "Gate code 4821\n\nDog called \"Max\"",
  })]).split("\r\n")[1];
  assert.equal(
    line,
    `c1,"'=HYPERLINK(""http://x"")","O'Brien, Jr",ada@example.com,0412 345 678,,'+VIP,3,0.00,,,2026-01-20 11:00,"Gate code 4821\n\nDog called ""Max"""`,
  );
});

Deno.test("customersCsvFileName: dated in Melbourne", () => {
  assert.equal(customersCsvFileName(new Date("2026-11-22T14:00:00Z")), "customers-2026-11-23.csv");
  assert.equal(customersCsvFileName(new Date("2026-11-22T12:00:00Z")), "customers-2026-11-22.csv");
});
