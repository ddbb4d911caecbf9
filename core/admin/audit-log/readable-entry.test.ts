import assert from "node:assert/strict";
import { readableAuditEntry } from "./readable-entry.ts";
import { booking } from "./test-fixtures.ts";

Deno.test("readableAuditEntry keeps the stored fields and adds actor, record, summary and changes", () => {
  const input = booking("booking.status", { status: "PENDING" }, { status: "CONFIRMED" });
  const entry = readableAuditEntry(input);
  assert.deepEqual(entry, {
    id: 1,
    at: input.at,
    adminId: input.adminId,
    adminEmail: "sam@yarrashine.com.au",
    action: "booking.status",
    entity: "booking",
    entityId: "b1",
    before: { status: "PENDING" },
    after: { status: "CONFIRMED" },
    actor: { name: "Sam Staff", email: "sam@yarrashine.com.au", kind: "staff" },
    record: { type: "booking", id: "b1", label: "YS-7K3F9Q · Ada Lovelace" },
    summary: "Confirmed booking YS-7K3F9Q for Ada Lovelace",
    changes: [{ field: "Status", before: "Pending", after: "Confirmed" }],
  });
});
