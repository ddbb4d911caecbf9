import type { Context } from "hono";
import { z } from "zod";
import {
  customerDetailSchema,
  customerExportQuerySchema,
  customerListQuerySchema,
  customerListSchema,
  customerMergeSchema,
  customerPatchSchema,
} from "../../../core/customers/schemas.ts";
import { CUSTOMER_LIMITS } from "../../../core/customers/rules.ts";
import type { CustomersAdmin } from "../../../core/customers/use-cases.ts";
import type { Result } from "../../../core/shared/result.ts";
import { failWith } from "../../http-errors.ts";
import { errors, IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";

const admin = { tags: ["Staff: customers"] as [string], "x-required-role": "admin" as const };
const customerNotFound = [404, "CUSTOMER_NOT_FOUND: unknown or malformed customer id"] as [404, string];
const invalidQuery = [422, "VALIDATION_FAILED: a query value is not allowed (fieldErrors names it)"] as [422, string];
const L = CUSTOMER_LIMITS;

/** A use case's value as JSON, or its error in the one shape. */
const answer = <T>(c: Context, result: Result<T>) => (result.ok ? c.json(result.value as object, 200) : failWith(c, result.error));

const listCustomers = route({
  ...admin, method: "get", path: "/customers", summary: "Customer records: search, tag filter, pages",
  description:
    "By last name, then first name. Records merged into another are never listed (their e-mails find the record they were " +
    "merged into). q matches names, e-mails, phone digits however typed (+61 read as 0), the suburbs of the customer's bookings " +
    "and inquiries, and the reference of any of their bookings or quotes, however typed.",
  request: { query: customerListQuerySchema },
  responses: { 200: json(customerListSchema, "One page"), ...errors(invalidQuery) },
});
// Declared before /customers/{id} so the export is never read as an id.
const exportCustomers = route({
  ...admin, method: "get", path: "/customers/export.csv", summary: "Export the customer records the filters select, as CSV",
  description:
    "Every record the list's q and tag select, in the list's order, no paging. UTF-8 with a byte-order mark, CRLF lines; times in " +
    "Melbourne local time (2026-11-28 09:00); phones written 0412 345 678 (kept as text); cells starting with =, +, -, @, tab or CR " +
    "get a leading ' so spreadsheets never run them.",
  request: { query: customerExportQuerySchema },
  responses: {
    200: {
      description: "text/csv attachment",
      headers: { "Content-Disposition": { schema: { type: "string" }, description: 'attachment; filename="customers-YYYY-MM-DD.csv"' } },
      content: { "text/csv": { schema: z.string().meta({ description: "The header line, then one line a record" }) } },
    },
    ...errors(invalidQuery),
  },
});
const getCustomer = route({
  ...admin, method: "get", path: "/customers/{id}", summary: "Everything the business knows about one customer",
  description:
    "Contacts, the addresses their bookings used, lasting notes, tags, every booking and quote with its total and what the " +
    "payment ledger has received on it, inquiries, series of regular visits, totals, the next and last visit, and other records " +
    "with the same phone (possible duplicates to merge). A record merged into another answers too, with mergedInto set, so old " +
    "links still lead somewhere.",
  request: { params: IdParams },
  responses: { 200: json(customerDetailSchema, "The record"), ...errors(customerNotFound) },
});
const updateCustomer = route({
  ...admin, method: "patch", path: "/customers/{id}", summary: "Keep lasting notes and tags on a customer",
  description:
    "Only the fields sent change; sending what is stored changes nothing and writes no audit row. Tags are trimmed and kept once " +
    "(case aside, the first spelling). Audited as customer.update with the changed fields before and after. A record merged into " +
    "another is not edited: 404 CUSTOMER_NOT_FOUND with details.mergedInto.",
  request: { params: IdParams, body: jsonBody(customerPatchSchema) },
  responses: {
    200: json(customerDetailSchema, "The record"),
    ...errors(
      [404, "CUSTOMER_NOT_FOUND: unknown or malformed customer id, or a record merged into another (details.mergedInto)"],
      [422, `VALIDATION_FAILED: fieldErrors.notes (not text, over ${L.notes} characters) or fieldErrors.tags (not a list of text, a tag blank or over ${L.tagLength} characters, more than ${L.tags})`],
    ),
  },
});
const mergeCustomers = route({
  ...admin, method: "post", path: "/customers/{id}/merge", summary: "Merge another record of the same person into this one",
  description:
    "In one transaction, both records held (locked in id order, so simultaneous merges of one pair either way round end with " +
    "one done and the other refused): the other's bookings, quotes, inquiries and series move to this record, its notes are " +
    "appended, its tags united, a blank phone filled from it; it is kept as merged into this one (mergedInto), and records " +
    "merged into it earlier now point here. Bookings later made with its e-mail join this record. Audited as customer.merge.",
  request: { params: IdParams, body: jsonBody(customerMergeSchema) },
  responses: {
    200: json(customerDetailSchema, "This record, after the merge"),
    ...errors(
      [404, "CUSTOMER_NOT_FOUND: this record, or the record to merge into it, is unknown or malformed"],
      [422, "CUSTOMER_MERGE_INVALID: the record itself, a record merged already (details.mergedInto), or notes or tags that together exceed the limits; VALIDATION_FAILED when otherId is missing"],
    ),
  },
});

/** Customer records, mounted under /api/admin behind requireAdmin (any admin). */
export function customersAdminRoutes(customers: CustomersAdmin) {
  return routeGroup()
    .openapi(listCustomers, async (c) => c.json(await customers.list(c.req.valid("query")) as object, 200))
    .openapi(exportCustomers, async (c) => {
      const { fileName, csv } = await customers.exportCsv(c.req.valid("query"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        // Customers' personal data: no copies in browser or proxy caches.
        "Cache-Control": "no-store",
      });
    })
    .openapi(getCustomer, async (c) => answer(c, await customers.get(c.req.valid("param").id)))
    .openapi(updateCustomer, async (c) => answer(c, await customers.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json"))))
    .openapi(mergeCustomers, async (c) => answer(c, await customers.merge(c.get("admin"), c.req.valid("param").id, c.req.valid("json"))));
}
