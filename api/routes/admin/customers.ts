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
import {
  type CustomersAdmin,
  GET_CUSTOMER_ERRORS,
  MERGE_CUSTOMERS_ERRORS,
  UPDATE_CUSTOMER_ERRORS,
} from "../../../core/customers/use-cases.ts";
import { answerWith } from "../../http-errors.ts";
import { IdParams, json, jsonBody, route, routeGroup } from "../../openapi.ts";

const admin = { tags: ["Staff: customers"] as [string], "x-required-role": "admin" as const };
const L = CUSTOMER_LIMITS;

const listCustomers = route({
  ...admin, method: "get", path: "/customers", summary: "Customer records: search, tag filter, pages",
  description:
    "By last name, then first name. Records merged into another are never listed (their e-mails find the record they were " +
    "merged into). q matches names, e-mails, phone digits however typed (+61 read as 0), the suburbs of the customer's bookings " +
    "and inquiries, and the reference of any of their bookings or quotes, however typed.",
  request: { query: customerListQuerySchema },
  responses: { 200: json(customerListSchema, "One page") },
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
  errors: GET_CUSTOMER_ERRORS,
  responses: { 200: json(customerDetailSchema, "The record") },
});
const updateCustomer = route({
  ...admin, method: "patch", path: "/customers/{id}", summary: "Keep lasting notes and tags on a customer",
  description:
    "Only the fields sent change; sending what is stored changes nothing and writes no audit row. Tags are trimmed and kept once " +
    "(case aside, the first spelling). Audited as customer.update with the changed fields before and after. A record merged into " +
    "another is not edited: 404 CUSTOMER_NOT_FOUND with details.mergedInto. " +
    `A 422 names fieldErrors.notes (not text, over ${L.notes} characters) or fieldErrors.tags (not a list of text, a tag blank or over ${L.tagLength} characters, more than ${L.tags}).`,
  request: { params: IdParams, body: jsonBody(customerPatchSchema) },
  errors: UPDATE_CUSTOMER_ERRORS,
  responses: { 200: json(customerDetailSchema, "The record") },
});
const mergeCustomers = route({
  ...admin, method: "post", path: "/customers/{id}/merge", summary: "Merge another record of the same person into this one",
  description:
    "In one transaction, both records held (locked in id order, so simultaneous merges of one pair either way round end with " +
    "one done and the other refused): the other's bookings, quotes, inquiries and series move to this record, its notes are " +
    "appended, its tags united, a blank phone filled from it; it is kept as merged into this one (mergedInto), and records " +
    "merged into it earlier now point here. Bookings later made with its e-mail join this record. Audited as customer.merge. " +
    "404 CUSTOMER_NOT_FOUND when either record is unknown; 422 CUSTOMER_MERGE_INVALID for the record itself, a record merged " +
    "already (details.mergedInto), or notes or tags that together exceed the limits.",
  request: { params: IdParams, body: jsonBody(customerMergeSchema) },
  errors: MERGE_CUSTOMERS_ERRORS,
  responses: { 200: json(customerDetailSchema, "This record, after the merge") },
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
    .openapi(getCustomer, async (c) => {
      return answerWith(getCustomer, c, await customers.get(c.req.valid("param").id), 200);
    })
    .openapi(updateCustomer, async (c) => {
      return answerWith(updateCustomer, c, await customers.update(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    })
    .openapi(mergeCustomers, async (c) => {
      return answerWith(mergeCustomers, c, await customers.merge(c.get("admin"), c.req.valid("param").id, c.req.valid("json")), 200);
    });
}
