import { queryOptions } from "@tanstack/react-query";
import type { BedroomPrice, PricingModel, ServiceDto } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";

const BASE = "/api/admin/services";

/**
 * A service as the staff calls send it: issue 31 adds the checklist its cleaners tick off on the
 * job (optional here: an answer from before the checklist reads as none).
 */
export type StaffServiceDto = ServiceDto & { checklist?: string[] };

/** What the service form sends: the shared fields and those of the chosen pricing model. */
export interface ServiceBody {
  name: string;
  slug: string;
  pricingModel: PricingModel;
  ratePerHour?: number;
  minHours?: number;
  maxHours?: number;
  stepHours?: number;
  /** Each row with its visit length in minutes. */
  bedroomPrices?: BedroomPrice[];
  basePrice?: number;
  /** Minutes a FIXED visit takes. */
  durationMinutes?: number;
  /** Issue 31: the cleaners' checklist, one item a line; sent only when it changed (or, on create, is not empty). */
  checklist?: string[];
}

// Deleted ones always come too: the page filters them and shows their count on the toggle.
export const allServicesQuery = queryOptions({
  queryKey: ["services", "all"],
  queryFn: () => api.list<StaffServiceDto>(BASE, { query: { includeDeleted: "true" } }),
});
export const createService = (body: ServiceBody) => api.post<StaffServiceDto>(BASE, body);
export const updateService = (id: string, body: ServiceBody) => api.put<StaffServiceDto>(`${BASE}/${encodeURIComponent(id)}`, body);
export const softDeleteService = (id: string) => api.delete<ServiceDto>(`${BASE}/${encodeURIComponent(id)}`);
export const restoreService = (id: string) => api.patch<ServiceDto>(`${BASE}/${encodeURIComponent(id)}/restore`);
export const hardDeleteService = (id: string) => api.delete<void>(`${BASE}/${encodeURIComponent(id)}/hard`);
