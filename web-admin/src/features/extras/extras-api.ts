import { queryOptions } from "@tanstack/react-query";
import type { ExtraDto } from "@yarra/api/client/types.ts";
import { z } from "zod";
import { api } from "../../lib/api.ts";
import { flagParam, textParam } from "../../lib/search-params.ts";

/** The chosen service and the toggles as URL search params; no service in the URL means the first one. */
export const extrasSearchSchema = z.object({
  /** '' when the staff member chose no service. */
  serviceId: textParam,
  includeDeleted: flagParam,
  includeInactive: flagParam,
});

export type ExtrasSearch = z.infer<typeof extrasSearchSchema>;

/** What the extra form sends; `active` alone is Disable/Enable. */
export interface ExtraBody {
  serviceId?: string;
  title?: string;
  price?: number;
  hasQuantity?: boolean;
  /** Sent with hasQuantity: the most a booking may take. */
  maxQuantity?: number;
  /** Minutes one of it adds to the visit (0 to 600). */
  durationMinutes?: number;
  imageUrl?: string;
  description?: string;
  active?: boolean;
}

export interface ExtraFilter {
  serviceId: string;
  includeDeleted: boolean;
  includeInactive: boolean;
}

const id = (value: string) => encodeURIComponent(value);

/** The list a URL asks for, once the service is known. */
export const extrasFilterOf = (search: ExtrasSearch, serviceId: string): ExtraFilter => ({
  serviceId,
  includeDeleted: search.includeDeleted ?? false,
  includeInactive: search.includeInactive ?? false,
});

/** Every extras list (any service, any toggles); a write reloads them. */
export const EXTRAS_KEY = ["extras"] as const;

export const extrasQuery = (filter: ExtraFilter) =>
  queryOptions({
    queryKey: [...EXTRAS_KEY, filter],
    queryFn: async () => {
      const list = await api.list<ExtraDto>("/api/admin/extras", {
        query: {
          serviceId: filter.serviceId,
          includeDeleted: String(filter.includeDeleted),
          includeInactive: String(filter.includeInactive),
        },
      });
      return [...list].sort((a, b) => a.order - b.order);
    },
  });
export const createExtra = (body: ExtraBody) => api.post<ExtraDto>("/api/admin/extras", body);
export const updateExtra = (extraId: string, body: ExtraBody) => api.put<ExtraDto>(`/api/admin/extras/${id(extraId)}`, body);
export const softDeleteExtra = (extraId: string) => api.delete<ExtraDto>(`/api/admin/extras/${id(extraId)}`);
export const restoreExtra = (extraId: string) => api.post<ExtraDto>(`/api/admin/extras/${id(extraId)}/restore`);
export const hardDeleteExtra = (extraId: string) => api.delete<void>(`/api/admin/extras/${id(extraId)}/hard`);
/** Positions start at 1 (admin-area.md section 7). */
export const reorderExtras = (serviceId: string, extraIds: readonly string[]) =>
  api.patch<{ items: ExtraDto[] }>(`/api/admin/services/${id(serviceId)}/reorder-extras`, {
    orders: extraIds.map((extraId, index) => ({ extraId, order: index + 1 })),
  });
