import assert from "node:assert/strict";
import { auditQuerySchema, makeListAudit, withoutSecrets } from "./manage-audit.ts";

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
