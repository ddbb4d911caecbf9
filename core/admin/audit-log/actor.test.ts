import assert from "node:assert/strict";
import { auditActor } from "./actor.ts";
import { row } from "./test-fixtures.ts";

Deno.test("auditActor: the site's own repair (migration 018) is the system, not a customer", () => {
  assert.deepEqual(auditActor(row({ adminId: null, adminEmail: "system" })), { name: "The system", email: "", kind: "system" });
});

Deno.test("auditActor: the admin's name now, the stored e-mail once deleted, Customer for a customer", () => {
  assert.deepEqual(auditActor(row({})), { name: "Sam Staff", email: "sam@yarrashine.com.au", kind: "staff" });
  assert.deepEqual(auditActor(row({ actorName: null })), { name: "sam@yarrashine.com.au", email: "sam@yarrashine.com.au", kind: "staff" });
  assert.deepEqual(auditActor(row({ adminId: null, adminEmail: "ada@example.com", actorName: null })), {
    name: "Customer",
    email: "ada@example.com",
    kind: "customer",
  });
});
