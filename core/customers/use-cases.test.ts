import assert from "node:assert/strict";
import { customerDetail } from "./use-cases.ts";
import type { CustomerRecordFacts } from "./types.ts";

Deno.test("customerDetail: the facts read, with totals and each series' wall-clock start and weekday", () => {
  const facts: CustomerRecordFacts = {
    summary: {
      _id: "c1",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "0412345678",
      suburbs: ["Fitzroy"],
      tags: ["VIP"],
      bookingsCount: 2,
      lifetimePaid: 250,
      nextVisit: new Date("2026-12-04T22:00:00Z"),
      lastVisit: new Date("2026-11-27T22:00:00Z"),
      createdAt: new Date("2026-11-20T00:00:00Z"),
    },
    notes: "Gate code 4821",
    mergedInto: null,
    addresses: [{ unit: "4", street: "12 Smith St", suburb: "Fitzroy", state: "VIC", postCode: "3065" }],
    bookings: [
      {
        _id: "b2", reference: "YS-22222A", type: "BOOKING", status: "PENDING", paymentStatus: "UNPAID", startTime: new Date("2026-12-04T22:00:00Z"),
        serviceName: "Regular Clean", firstServiceTotal: 187, paidToDate: 30, seriesId: "s1",
      },
      {
        _id: "b1", reference: "YS-22222B", type: "BOOKING", status: "DONE", paymentStatus: "PAID", startTime: new Date("2026-11-27T22:00:00Z"),
        serviceName: "Regular Clean", firstServiceTotal: 220, paidToDate: 220, seriesId: "s1",
      },
    ],
    inquiries: [],
    // Saturday 28 Nov 2026, 9:00 am in Melbourne; Sunday 6 Dec, 5:45 pm.
    series: [
      { _id: "s1", status: "ACTIVE", frequencyName: "Weekly", anchorDate: "2026-11-28", startMinutes: 540 },
      { _id: "s2", status: "ENDED", frequencyName: "Monthly", anchorDate: "2026-12-06", startMinutes: 1065 },
    ],
    possibleDuplicates: [],
  };
  const detail = customerDetail(facts);
  assert.deepEqual(detail.series, [
    { _id: "s1", status: "ACTIVE", frequencyName: "Weekly", startTime: "09:00", weekday: 6 },
    { _id: "s2", status: "ENDED", frequencyName: "Monthly", startTime: "17:45", weekday: 0 },
  ]);
  assert.deepEqual(detail.totals, { booked: 407, paid: 250, balance: 157 });
  assert.equal(detail.totals.paid, detail.lifetimePaid);
  const { summary, series: _series, ...rest } = facts;
  assert.deepEqual({ ...detail, series: [], totals: null }, { ...summary, ...rest, series: [], totals: null });
});
