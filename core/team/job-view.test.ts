import assert from "node:assert/strict";
import { booking } from "../notifications/test-fixtures.ts";
import { teamJobView } from "./job-view.ts";
import { teamJobSchema } from "./schemas.ts";
import { noMarks } from "./types.ts";

/** Every key of a value, however deep ("address.street", "extras.0.title"). */
function keysOf(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keysOf(item, `${path}${index}.`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${path}${key}`, ...keysOf(inner, `${path}${key}.`)]);
}

/** Words of money and of other people's records that must never reach a cleaner. */
const MONEY = /price|amount|total|paid|payment|balance|discount|recurring|cost|rate|invoice|email|lastName/i;

const record = booking({
  status: "CONFIRMED",
  cleanerIds: ["c1", "c2"],
  paymentStatus: "PAID",
  totalPaid: 255.5,
  paidAt: new Date("2026-11-21T00:00:00Z"),
  officeNotes: "Bring the tall ladder for the skylights.",
  answers: [
    { questionId: "q1", label: "How will we get in?", value: "lockbox", displayValue: "Key in lockbox (code 4821)" },
    { questionId: "q2", label: "Anything else?", value: "", displayValue: " " },
  ],
});

const facts = {
  record,
  customerNotes: "Friendly dog, Biscuit.",
  checklist: ["Kitchen benches", "Vacuum floors"],
  otherCleaners: ["Tom Nguyen"],
  cleanerName: "Priya Sharma",
  marks: { ...noMarks(record._id, "c1"), onMyWayAt: new Date("2026-11-27T21:20:00Z"), checkInAt: new Date("2026-11-27T21:58:00Z") },
};

Deno.test("a cleaner's view of a job: what they need on the day", () => {
  const view = teamJobView(facts);
  assert.deepEqual(view, {
    _id: record._id,
    reference: "YS-7K3F9Q",
    status: "CONFIRMED",
    startTime: "2026-11-27T22:00:00.000Z",
    endTime: "2026-11-28T01:00:00.000Z",
    serviceName: "Hourly Cleaning",
    sizeLabel: "3 hours",
    customerFirstName: "Jane",
    customerPhone: "0412345678",
    address: { unit: "3", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" },
    mapUrl: "https://www.google.com/maps/search/?api=1&query=3%2F12%20Smith%20St%2C%20Fitzroy%20VIC%203065",
    access: [{ label: "How will we get in?", displayValue: "Key in lockbox (code 4821)" }],
    extras: [{ title: "Inside oven", quantity: 2 }, { title: "Balcony", quantity: 1 }],
    notes: "Key under the mat.\nPlease use the side gate.",
    officeNotes: "Bring the tall ladder for the skylights.",
    customerNotes: "Friendly dog, Biscuit.",
    checklist: ["Kitchen benches", "Vacuum floors"],
    otherCleaners: ["Tom Nguyen"],
    onMyWayAt: "2026-11-27T21:20:00.000Z",
    checkInAt: "2026-11-27T21:58:00.000Z",
    checkOutAt: null,
    checkOutNote: "",
  });
  assert.ok(teamJobSchema.safeParse(view).success);
  // No unit, no marks.
  const plain = teamJobView({ ...facts, record: { ...record, address: { ...record.address, unit: undefined } }, marks: null });
  assert.equal(plain.address.unit, "");
  assert.deepEqual([plain.onMyWayAt, plain.checkInAt, plain.checkOutAt, plain.checkOutNote], [null, null, null, ""]);
});

Deno.test("nothing of money, payments or the customer's other details reaches a cleaner", () => {
  const view = teamJobView(facts);
  assert.deepEqual(keysOf(view).filter((key) => MONEY.test(key)), []);
  const text = JSON.stringify(view);
  for (const figure of ["255.5", "229.95", "165", "90.5", "35", "20.5", "jane@example.com", "Citizen", "PAID", "UNPAID"]) {
    assert.ok(!text.includes(figure), `${figure} must not reach a cleaner`);
  }
  // The schema (the document's promise) names no such field either.
  assert.deepEqual(Object.keys(teamJobSchema.shape).filter((key) => MONEY.test(key)), []);
});
