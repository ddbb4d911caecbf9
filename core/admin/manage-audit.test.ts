import assert from "node:assert/strict";
import { type AuditReader, auditQuerySchema, makeListAudit, makeRecordHistory, RECORD_HISTORY_LIMIT, withoutSecrets } from "./manage-audit.ts";
import type { AuditRowWithFacts } from "./audit-log/types.ts";

const normaliseAuditQuery = (raw: Record<string, string>) => auditQuerySchema.parse(raw);

Deno.test("normaliseAuditQuery", async (t) => {
  const cases: [string, Record<string, string>, unknown][] = [
    ["defaults", {}, { limit: 100, page: 1 }],
    ["filters trimmed", { entity: " admin ", entityId: "x" }, { entity: "admin", entityId: "x", limit: 100, page: 1 }],
    ["blank filters dropped", { entity: "", entityId: "  " }, { limit: 100, page: 1 }],
    ["limit capped at 500", { limit: "100000" }, { limit: 500, page: 1 }],
    ["limit at least 1", { limit: "0" }, { limit: 1, page: 1 }],
    ["not numbers", { limit: "abc", page: "x" }, { limit: 100, page: 1 }],
    ["page at least 1", { page: "-4" }, { limit: 100, page: 1 }],
    ["fractions floored", { limit: "10.9", page: "2.5" }, { limit: 10, page: 2 }],
  ];
  for (const [name, raw, expected] of cases) {
    await t.step(name, () => assert.deepEqual(normaliseAuditQuery(raw), expected));
  }
});

Deno.test("auditQuerySchema: person, record type and Melbourne dates", async (t) => {
  const ADMIN = "4b0c1a52-0000-4000-8000-00000000000A";
  await t.step("the person and the record type", () => {
    assert.deepEqual(normaliseAuditQuery({ adminId: ` ${ADMIN} `, email: " ada@example.com ", actor: "customer", recordType: "quote" }), {
      adminId: ADMIN.toLowerCase(),
      email: "ada@example.com",
      actor: "customer",
      recordType: "quote",
      limit: 100,
      page: 1,
    });
  });
  await t.step("dates from Melbourne midnight to the next midnight, AEDT and AEST", () => {
    const summer = normaliseAuditQuery({ from: "2026-11-24", to: "2026-11-24" });
    assert.equal(summer.atFrom?.toISOString(), "2026-11-23T13:00:00.000Z");
    assert.equal(summer.atBefore?.toISOString(), "2026-11-24T13:00:00.000Z");
    const winter = normaliseAuditQuery({ from: "2026-07-01", to: "2026-07-01" });
    assert.equal(winter.atFrom?.toISOString(), "2026-06-30T14:00:00.000Z");
    assert.equal(winter.atBefore?.toISOString(), "2026-07-01T14:00:00.000Z");
    // The day daylight saving ends is 25 hours long.
    const change = normaliseAuditQuery({ from: "2026-04-05", to: "2026-04-05" });
    assert.equal(change.atBefore!.getTime() - change.atFrom!.getTime(), 25 * 3600_000);
  });
  await t.step("what is not allowed is named", () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ from: "2026-02-30" }, "from", "Use a date written YYYY-MM-DD."],
      [{ from: "2026-11-25", to: "2026-11-24" }, "to", "to must be on or after from."],
      [{ adminId: "sam" }, "adminId", "adminId must be an admin's id."],
      [{ actor: "robot" }, "actor", "actor must be staff or customer."],
      [{ recordType: "widget" }, "recordType", "recordType must be one of booking, quote, inquiry, series, customer, service, extra, frequency, question, admin, cleaner, closed_date, settings."],
    ];
    for (const [raw, path, message] of cases) {
      const parsed = auditQuerySchema.safeParse(raw);
      assert.equal(parsed.success, false, JSON.stringify(raw));
      assert.deepEqual(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message]), [[path, message]]);
    }
  });
});

Deno.test("makeRecordHistory: the record's rows as people read them, or not found", async () => {
  const asked: unknown[] = [];
  const stored: AuditRowWithFacts = {
    id: 3, at: new Date("2026-11-25T03:00:00Z"), adminId: "a1", adminEmail: "sam@yarrashine.com.au", action: "inquiry.archive",
    entity: "inquiry", entityId: "i1", before: { archivedAt: null }, after: { archivedAt: "2026-11-25T03:00:00.000Z" },
    actorName: "Sam Staff", facts: { firstName: "Priya", lastName: "Shah", inquiryType: "OFFICE" }, names: null,
  };
  const reader: AuditReader = {
    list: (query) => {
      asked.push(query);
      return Promise.resolve({ items: [stored], totalItems: 1 });
    },
    recordExists: (entity, id) => Promise.resolve(entity === "inquiry" && id === "i1"),
  };
  const history = makeRecordHistory({ audit: reader });
  const found = await history("inquiry", "i1");
  assert.ok(found.ok);
  assert.deepEqual(found.value.items.map((entry) => [entry.actor.name, entry.summary, entry.record?.label]), [
    ["Sam Staff", "Archived the inquiry from Priya Shah", "Priya Shah (Office)"],
  ]);
  assert.deepEqual(asked, [{ entity: "inquiry", entityId: "i1", limit: RECORD_HISTORY_LIMIT, page: 1 }]);
  const missing = await history("booking", "i1");
  assert.ok(!missing.ok);
  assert.equal(missing.error.code, "BOOKING_NOT_FOUND");
  assert.equal(missing.error.kind, "not_found");
  assert.equal(((await history("inquiry", "nope")) as { error: { code: string } }).error.code, "INQUIRY_NOT_FOUND");
  assert.equal(asked.length, 1, "no rows read for a record that is not there");
});

Deno.test("makeListAudit: pages from the total", async () => {
  const seen: unknown[] = [];
  const list = makeListAudit({
    audit: {
      list: (query) => {
        seen.push(query);
        return Promise.resolve({ items: [], totalItems: 7 });
      },
    },
  });
  assert.deepEqual(await list(normaliseAuditQuery({ limit: "3", page: "3" })), { items: [], page: 3, totalPages: 3, totalItems: 7 });
  assert.deepEqual(seen, [{ limit: 3, page: 3 }]);
  const empty = makeListAudit({ audit: { list: () => Promise.resolve({ items: [], totalItems: 0 }) } });
  assert.equal((await empty(normaliseAuditQuery({}))).totalPages, 1);
});

Deno.test("withoutSecrets strips passwords and hashes at any depth", () => {
  const at = new Date("2026-01-01T00:00:00Z");
  assert.deepEqual(
    withoutSecrets({
      name: "A",
      password: "p",
      passwordHash: "$argon2id$...",
      createdAt: at,
      nested: [{ password_hash: "h", role: "admin" }],
    }),
    { name: "A", createdAt: at, nested: [{ role: "admin" }] },
  );
  assert.equal(withoutSecrets(null), null);
  assert.equal(withoutSecrets("text"), "text");
});
