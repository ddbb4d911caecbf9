/** Audit rows for the readable log's tests: Ada's booking, quote and weekly clean, Priya's inquiry, a customer record, named records. */
import type { AuditRowWithFacts } from "./types.ts";

export const row = (overrides: Partial<AuditRowWithFacts>): AuditRowWithFacts => ({
  id: 1,
  at: new Date("2026-11-25T03:00:00.000Z"),
  adminId: "4b0c1a52-0000-4000-8000-000000000001",
  adminEmail: "sam@yarrashine.com.au",
  action: "unknown.action",
  entity: "booking",
  entityId: "b1",
  before: null,
  after: null,
  actorName: "Sam Staff",
  facts: null,
  names: null,
  ...overrides,
});

export const ada = { reference: "YS-7K3F9Q", firstName: "Ada", lastName: "Lovelace", type: "BOOKING" };
export const adaQuote = { ...ada, type: "QUOTE" };
export const priya = { firstName: "Priya", lastName: "Shah", inquiryType: "OFFICE" };
// 11:00 am on Sat 5 Dec 2026 in Melbourne, in daylight saving (UTC+11).
export const SUMMER_START = "2026-12-05T00:00:00.000Z";
export const booking = (action: string, before: unknown, after: unknown, facts: AuditRowWithFacts["facts"] = ada) =>
  row({ action, entity: "booking", entityId: "b1", before, after, facts });
export const inquiry = (action: string, before: unknown, after: unknown) =>
  row({ action, entity: "inquiry", entityId: "i1", before, after, facts: priya });
export const named = (entity: string, action: string, before: unknown, after: unknown, name: string | null = null) =>
  row({ action, entity, entityId: `${entity}-1`, before, after, facts: name === null ? null : { name } });
export const adaWeekly = { firstName: "Ada", lastName: "Lovelace", frequencyName: "Weekly" };
export const series = (action: string, before: unknown, after: unknown, facts: AuditRowWithFacts["facts"] = adaWeekly) =>
  row({ action, entity: "series", entityId: "s1", before, after, facts });
/** The customer acting through a visit's manage-my-booking link. */
export const byCustomer = (input: AuditRowWithFacts): AuditRowWithFacts => ({ ...input, adminId: null, adminEmail: "ada@example.com", actorName: null });
export const adaRecord = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };
export const customer = (action: string, before: unknown, after: unknown) => row({ action, entity: "customer", entityId: "cu1", before, after, facts: adaRecord });
// A visit of Ada's weekly clean: Thu 3 Dec 2026, 10:00 am in Melbourne (AEDT).
export const VISIT = {
  bookingId: "v1",
  reference: "YS-VISIT3",
  seriesDate: "2026-12-03",
  startTime: "2026-12-02T23:00:00.000Z",
  endTime: "2026-12-03T01:30:00.000Z",
  status: "CONFIRMED",
};
/** A series' terms as its audit rows keep them (core/workflows/series-admin.ts termsFacts). */
export const TERMS = {
  frequencyCode: "WEEKLY",
  repeatUnit: "WEEK",
  repeatEvery: 1,
  anchorDate: "2026-11-05",
  startTime: "10:00",
  durationMinutes: 150,
  hours: 3,
  bedrooms: null,
  extras: [],
  recurringTotal: 180,
};
export const SERIES_CREATED = {
  firstBookingId: "b1",
  reference: "YS-7K3F9Q",
  frequencyCode: "WEEKLY",
  repeatUnit: "WEEK",
  repeatEvery: 1,
  anchorDate: "2026-12-03",
  startMinutes: 600,
  durationMinutes: 150,
  recurringTotal: 180,
};
export const MERGE_BEFORE = {
  notes: "Gate code 1234",
  tags: ["VIP"],
  phone: "0412345678",
  merged: { _id: "cu2", firstName: "Ada", lastName: "L.", email: "ada@old.example", phone: "", notes: "Key under the mat", tags: ["Pets"] },
};
