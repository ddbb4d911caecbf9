/**
 * A customer record's audit rows (issue 34 item 17): notes and tags saved as they are answer the
 * record and write no row; a real change writes one with the fields it changed. The SQL is tested
 * on PGlite (adapters/postgres/customers-repository.test.ts).
 */
import assert from "node:assert/strict";
import type { AuditEntry } from "../shared/audit.ts";
import type { CustomersStore, CustomersTx } from "./ports.ts";
import type { Customer, CustomerRecordFacts } from "./types.ts";
import { makeCustomersAdmin } from "./use-cases.ts";

const actor = { _id: "4b0c1a52-0000-4000-8000-000000000001", email: "sam@yarrashine.com.au" };
const ADA = "0c6b1a52-0000-4000-8000-000000000003";

function world() {
  let ada: Customer = {
    _id: ADA, firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "0412345678",
    notes: "Gate code 1234", tags: ["VIP", "Dog"], mergedInto: null, createdAt: new Date("2026-11-01T00:00:00Z"),
  };
  const audit: AuditEntry[] = [];
  const updates: unknown[] = [];
  // The record page's facts, as little as customerDetail reads.
  const facts = (): CustomerRecordFacts => ({
    summary: { _id: ADA, firstName: ada.firstName, lastName: ada.lastName, email: ada.email, phone: ada.phone, tags: ada.tags },
    notes: ada.notes, mergedInto: null, addresses: [], bookings: [], inquiries: [], series: [], possibleDuplicates: [],
  }) as unknown as CustomerRecordFacts;
  const tx = {
    lockCustomers: () => Promise.resolve([{ ...ada }]),
    updateCustomer: (_id: string, changes: Partial<Customer>) => {
      updates.push(changes);
      ada = { ...ada, ...changes };
      return Promise.resolve();
    },
    record: () => Promise.resolve(facts()),
    audit: (entry: AuditEntry) => Promise.resolve(void audit.push(entry)),
  } as Partial<CustomersTx> as CustomersTx;
  const customers = { transaction: (work: (t: CustomersTx) => Promise<unknown>) => work(tx) } as unknown as CustomersStore;
  const admin = makeCustomersAdmin({ customers, clock: { now: () => new Date("2026-11-25T03:00:00Z") } });
  return { admin, audit, updates };
}

Deno.test("customer records: notes and tags saved as they are write no audit row; a change writes one", async () => {
  const { admin, audit, updates } = world();
  const same = await admin.update(actor, ADA, { notes: "Gate code 1234", tags: ["VIP", "Dog"] });
  assert.ok(same.ok);
  assert.equal(same.value.notes, "Gate code 1234");
  assert.deepEqual([audit.length, updates.length], [0, 0]);
  assert.ok((await admin.update(actor, ADA, { notes: "Gate code 4821", tags: ["VIP", "Dog"] })).ok);
  assert.deepEqual(audit.map((a) => [a.action, a.entityId, a.before, a.after]), [
    ["customer.update", ADA, { notes: "Gate code 1234" }, { notes: "Gate code 4821" }],
  ]);
});
