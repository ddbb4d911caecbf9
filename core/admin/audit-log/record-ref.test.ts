import assert from "node:assert/strict";
import type { AuditRowWithFacts } from "./types.ts";
import { auditRecordRef } from "./record-ref.ts";
import { row, adaQuote, booking, inquiry, named, adaWeekly, series, customer } from "./test-fixtures.ts";

Deno.test("auditRecordRef: the record's human name, null once it is gone", async (t) => {
  const cases: [string, AuditRowWithFacts, unknown][] = [
    ["a booking", booking("booking.status", null, null), { type: "booking", id: "b1", label: "YS-7K3F9Q · Ada Lovelace" }],
    ["a quote", booking("booking.edit", null, null, adaQuote), { type: "quote", id: "b1", label: "YS-7K3F9Q · Ada Lovelace" }],
    ["an inquiry", inquiry("inquiry.read", null, null), { type: "inquiry", id: "i1", label: "Priya Shah (Office)" }],
    ["a service", named("service", "service.update", null, null, "Deep clean"), { type: "service", id: "service-1", label: "Deep clean" }],
    ["an admin", named("admin", "admin.update", null, null, "Casey Jones"), { type: "admin", id: "admin-1", label: "Casey Jones" }],
    ["a hard-deleted service", named("service", "service.hard_delete", { name: "Deep clean" }, null), null],
    ["a deleted booking", booking("booking.status", null, null, null), null],
    ["settings", row({ entity: "settings", entityId: "scheduling" }), { type: "settings", id: "scheduling", label: "Scheduling settings" }],
    [
      "a closed date",
      row({ entity: "closed_date", entityId: "2026-12-25", facts: { label: "Christmas Day" } }),
      { type: "closed_date", id: "2026-12-25", label: "Fri 25 Dec 2026 (Christmas Day)" },
    ],
    ["a regular clean", series("series.pause", null, null), { type: "series", id: "s1", label: "Weekly clean · Ada Lovelace" }],
    [
      "a regular clean of a frequency that reads as no adverb",
      series("series.pause", null, null, { ...adaWeekly, frequencyName: "Every 3 weeks" }),
      { type: "series", id: "s1", label: "Regular clean (Every 3 weeks) · Ada Lovelace" },
    ],
    ["a regular clean gone", series("series.pause", null, null, null), null],
    ["a customer record", customer("customer.update", null, null), { type: "customer", id: "cu1", label: "Ada Lovelace" }],
    [
      "a customer record with no name",
      { ...customer("customer.update", null, null), facts: { firstName: "", lastName: "", email: "ada@example.com" } },
      { type: "customer", id: "cu1", label: "ada@example.com" },
    ],
    ["a customer record gone", { ...customer("customer.update", null, null), facts: null }, null],
    ["a kind not looked up", row({ entity: "widget", entityId: "w-9" }), { type: "widget", id: "w-9", label: "w-9" }],
    ["no id", row({ entity: "settings", entityId: null }), null],
  ];
  for (const [name, input, expected] of cases) await t.step(name, () => assert.deepEqual(auditRecordRef(input), expected));
});
