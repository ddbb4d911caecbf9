import assert from "node:assert/strict";
import { bookingListQuery, bookingListQuerySchema, statsFilter } from "./list-query.ts";
import { searchTerms, totalPagesOf } from "../../shared/list-query.ts";
import { inquiryListQuerySchema } from "../../inquiry/admin-query.ts";

Deno.test("searchTerms", async (t) => {
  const cases: [string | undefined, ReturnType<typeof searchTerms>][] = [
    [undefined, null],
    ["   ", null],
    [" Ada  Lovelace ", { text: "Ada Lovelace", phoneDigits: null, idPrefix: null, reference: null }],
    ["0412 345 678", { text: "0412 345 678", phoneDigits: "0412345678", idPrefix: null, reference: null }],
    ["+61 412 345", { text: "+61 412 345", phoneDigits: "0412345", idPrefix: null, reference: null }],
    ["(03) 9876-5432", { text: "(03) 9876-5432", phoneDigits: "0398765432", idPrefix: null, reference: null }],
    ["12", { text: "12", phoneDigits: null, idPrefix: null, reference: null }],
    ["1234", { text: "1234", phoneDigits: "1234", idPrefix: "1234", reference: null }],
    ["12 Smith St", { text: "12 Smith St", phoneDigits: null, idPrefix: null, reference: null }],
    ["3F2A9C1B", { text: "3F2A9C1B", phoneDigits: null, idPrefix: "3f2a9c1b", reference: null }],
    ["abc", { text: "abc", phoneDigits: null, idPrefix: null, reference: null }],
    ["50%_off", { text: "50%_off", phoneDigits: null, idPrefix: null, reference: null }],
    ["ys 7k3f9q", { text: "ys 7k3f9q", phoneDigits: null, idPrefix: null, reference: "YS-7K3F9Q" }],
    ["YS-7K3F9Q", { text: "YS-7K3F9Q", phoneDigits: null, idPrefix: null, reference: "YS-7K3F9Q" }],
  ];
  for (const [q, expected] of cases) {
    await t.step(String(JSON.stringify(q)), () => assert.deepEqual(searchTerms(q), expected));
  }
});

Deno.test("bookingListQuery: section 9 defaults, the quote status, the limit cap", async (t) => {
  await t.step("defaults", () => {
    assert.deepEqual(bookingListQuery({}), {
      filter: { search: null, type: null, status: null, paymentStatus: null, startFrom: null, startTo: null, endFrom: null, ids: null },
      sort: { by: "startTime", order: "asc" },
      limit: 200,
      page: 1,
    });
  });
  await t.step("a quote search with no status means QUOTE_REQUESTED", () => {
    assert.equal(bookingListQuery({ type: "QUOTE" }).filter.status, "QUOTE_REQUESTED");
    assert.equal(bookingListQuery({ type: "QUOTE", status: "PENDING" }).filter.status, "PENDING");
    assert.equal(bookingListQuery({ type: "BOOKING" }).filter.status, null);
  });
  await t.step("the limit never passes 500", () => {
    assert.equal(bookingListQuery({ limit: 10_000 }).limit, 500);
    assert.equal(bookingListQuery({ limit: 5, page: 3 }).limit, 5);
  });
  await t.step("the chips drop only the status and payment filters", () => {
    const from = new Date("2026-11-27T00:00:00Z");
    const { filter } = bookingListQuery({ q: "ada", type: "BOOKING", status: "DONE", paymentStatus: "PAID", startFrom: from });
    assert.deepEqual(statsFilter(filter), { ...filter, status: null, paymentStatus: null });
  });
});

Deno.test("page and limit are bounded: page=1e20 is a message, never an offset the database refuses", async (t) => {
  for (const [name, schema] of [["bookings", bookingListQuerySchema], ["inquiries", inquiryListQuerySchema]] as const) {
    await t.step(name, () => {
      assert.equal(schema.parse({ page: "100000", limit: "500" }).page, 100_000);
      for (const page of ["1e20", "100001", "9007199254740993", "0", "-1", "2.5", "x"]) {
        const result = schema.safeParse({ page });
        assert.ok(!result.success, `page=${page}`);
        assert.deepEqual(result.error.issues.map((issue) => issue.path), result.error.issues.map(() => ["page"]));
      }
      assert.ok(!schema.safeParse({ limit: "1e20" }).success);
    });
  }
});

Deno.test("totalPagesOf", () => {
  const cases: [number, number, number][] = [[0, 200, 1], [1, 200, 1], [200, 200, 1], [201, 200, 2], [4, 3, 2], [6, 3, 2], [7, 3, 3]];
  for (const [items, limit, pages] of cases) assert.equal(totalPagesOf(items, limit), pages, `${items}/${limit}`);
});
