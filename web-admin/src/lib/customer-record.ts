/**
 * A customer record as the staff API sends it (issue 17), and its one cached read: the Customers
 * screens and a booking's customer panel share the cache entry, so a note saved on one shows on
 * the other. It lives here because two features read it (features do not import each other).
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  customerDetailSchema,
  customerDuplicateSchema,
  customerListSchema,
  customerSeriesSchema,
  customerSummarySchema,
} from "@yarra/core/customers/schemas.ts";
import { api } from "./api.ts";

/** The wire shapes, declared once in core (the API validates its answers with them). */
export type CustomerSummary = z.output<typeof customerSummarySchema>;
export type CustomerPage = z.output<typeof customerListSchema>;
export type CustomerDetail = z.output<typeof customerDetailSchema>;
export type CustomerBooking = CustomerDetail["bookings"][number];
export type CustomerInquiry = CustomerDetail["inquiries"][number];
export type CustomerSeries = z.output<typeof customerSeriesSchema>;
export type SeriesStatus = CustomerSeries["status"];
export type CustomerDuplicate = z.output<typeof customerDuplicateSchema>;

export const CUSTOMERS_KEY = ["customers"] as const;

export const customerPath = (id: string) => `/api/admin/customers/${encodeURIComponent(id)}`;

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, "record", id],
    queryFn: ({ signal }) => api.get<CustomerDetail>(customerPath(id), { signal }),
  });

/** How staff name a customer: first and last name, else the e-mail. */
export const customerName = (customer: Pick<CustomerSummary, "firstName" | "lastName" | "email">) =>
  `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
