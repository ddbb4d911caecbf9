import type { ExtraDto, ServiceDto } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";

/** What the extra form sends; `active` alone is Disable/Enable. */
export interface ExtraBody {
  serviceId?: string;
  title?: string;
  price?: number;
  hasQuantity?: boolean;
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

// Only live services take new extras, so the selector lists those.
export const listServices = () => api.list<ServiceDto>("/api/admin/services");
export const listExtras = (filter: ExtraFilter) =>
  api.list<ExtraDto>("/api/admin/extras", {
    query: {
      serviceId: filter.serviceId,
      includeDeleted: String(filter.includeDeleted),
      includeInactive: String(filter.includeInactive),
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
