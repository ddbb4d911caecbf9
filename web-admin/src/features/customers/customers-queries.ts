/** The customers screens' cached reads, and how a write's answer reaches them. */
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { type CustomerDetail, customerQuery, CUSTOMERS_KEY } from "../../lib/customer-record.ts";
import { fetchCustomers } from "./customers-api.ts";
import type { CustomerFilters } from "./customers-search.ts";

export const customerListQuery = (filters: CustomerFilters, page: number) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, "list", filters, page],
    queryFn: ({ signal }) => fetchCustomers(filters, page, signal),
    // The pager stays while the next page or search loads.
    placeholderData: keepPreviousData,
  });

/**
 * A write as the server answered it: the record shows it at once (its booking panels too, which
 * read the same entry); every other customers read (lists, a merged record) reloads when next
 * opened.
 */
export function settleCustomer(queryClient: QueryClient, updated: CustomerDetail): void {
  queryClient.setQueryData(customerQuery(updated._id).queryKey, updated);
  void queryClient.invalidateQueries({
    queryKey: CUSTOMERS_KEY,
    refetchType: "none",
    predicate: (query) => query.queryKey[2] !== updated._id,
  });
}
