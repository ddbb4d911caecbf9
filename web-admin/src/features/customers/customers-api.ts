/** The staff customers calls (issue 17): list pages, notes and tags, merging, the CSV. */
import { itemsOf } from "@yarra/api/client/http.ts";
import { CUSTOMER_LIST_LIMITS } from "@yarra/core/customers/schemas.ts";
import { api } from "../../lib/api.ts";
import { type CustomerDetail, type CustomerPage, customerPath, type CustomerSummary } from "../../lib/customer-record.ts";
import { downloadCsv } from "../../lib/download-csv.ts";
import { type CustomerFilters, filterQuery } from "./customers-search.ts";

/** The most a page may hold (core's list limits). */
export const PAGE_SIZE = CUSTOMER_LIST_LIMITS.maxLimit;

export async function fetchCustomers(filters: CustomerFilters, page: number, signal?: AbortSignal): Promise<CustomerPage> {
  const data = await api.get<unknown>("/api/admin/customers", {
    query: { ...filterQuery(filters), limit: PAGE_SIZE, page },
    signal,
  });
  const items = itemsOf<CustomerSummary>(data);
  const body = (Array.isArray(data) ? {} : (data ?? {})) as Partial<CustomerPage>;
  return { items, page: body.page ?? page, totalPages: body.totalPages ?? 1, totalItems: body.totalItems ?? items.length };
}

/** PATCH: only what is sent changes (the notes, or the whole list of tags). */
export const updateCustomer = (id: string, changes: { notes?: string; tags?: string[] }) =>
  api.patch<CustomerDetail>(customerPath(id), changes);

/** Moves `otherId`'s bookings, inquiries and regular cleans onto `id`; answers `id`'s record. */
export const mergeCustomer = (id: string, otherId: string) =>
  api.post<CustomerDetail>(`${customerPath(id)}/merge`, { otherId });

/** GET /api/admin/customers/export.csv with the list's search and tag (the session cookie goes along). */
export const downloadCustomersCsv = (filters: CustomerFilters) =>
  downloadCsv("/api/admin/customers/export.csv", filterQuery(filters), "customers");
