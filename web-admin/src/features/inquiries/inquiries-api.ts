/** The staff inquiries calls (admin-area.md section 7). */
import type { Inquiry } from "@yarra/core/inquiry/types.ts";
import type { InquiryQuoteInput } from "@yarra/core/booking/quotes/inquiry-quote.ts";
import { itemsOf } from "@yarra/api/client/http.ts";
import type { Wire } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";
import type { PricedQuoteDto } from "../../ui/quote-editor.tsx";
import type { InquiryFilters } from "./inquiries-search.ts";

export type InquiryDto = Wire<Inquiry>;

export const PAGE_SIZE = 200;

export interface InquiryPage {
  items: InquiryDto[];
  page: number;
  totalPages: number;
  totalItems: number;
}

export function listQuery(filters: InquiryFilters, page: number): Record<string, string | number> {
  const query: Record<string, string | number> = {
    includeArchived: filters.includeArchived ? "true" : "false",
    sort: "createdAt",
    order: filters.order,
    limit: PAGE_SIZE,
    page,
  };
  const q = filters.q.trim();
  if (q) query.q = q;
  if (filters.inquiryType) query.inquiryType = filters.inquiryType;
  if (filters.read) query.read = filters.read;
  if (filters.hasAddress) query.hasAddress = filters.hasAddress;
  return query;
}

export async function fetchInquiries(filters: InquiryFilters, page: number, signal?: AbortSignal): Promise<InquiryPage> {
  const data = await api.get<unknown>("/api/admin/inquiries", { query: listQuery(filters, page), signal });
  const items = itemsOf<InquiryDto>(data);
  const body = (Array.isArray(data) ? {} : (data ?? {})) as Partial<InquiryPage>;
  return { items, page: body.page ?? page, totalPages: body.totalPages ?? 1, totalItems: body.totalItems ?? items.length };
}

const path = (id: string) => `/api/admin/inquiries/${encodeURIComponent(id)}`;

export const fetchInquiry = (id: string) => api.get<InquiryDto>(path(id));

export const setInquiryRead = (id: string, read: boolean) => api.patch<InquiryDto>(`${path(id)}/read`, { read });
export const setInquiryChecked = (id: string, hasAddress: boolean) =>
  api.patch<InquiryDto>(`${path(id)}/has-address`, { hasAddress });
export const saveInquiryNotes = (id: string, adminNotes: string) => api.patch<InquiryDto>(path(id), { adminNotes });
export const archiveInquiry = (id: string) => api.delete<InquiryDto | undefined>(path(id));
export const restoreInquiry = (id: string) => api.post<InquiryDto>(`${path(id)}/restore`, undefined);

/** Issue 30: the inquiry made a priced quote for its contact, e-mailed to them; the answer names the new record. */
export const priceInquiryQuote = (id: string, body: InquiryQuoteInput) =>
  api.post<{ bookingId: string; reference: string; pricedQuote: PricedQuoteDto }>(`${path(id)}/quote`, body);
