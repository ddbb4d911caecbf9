import { queryOptions } from "@tanstack/react-query";
import type { FrequencyDto } from "@yarra/api/client/types.ts";
import { api } from "../../lib/api.ts";

export interface FrequencyBody {
  name?: string;
  code?: string;
  discountPercent?: number;
  /** Issue 17: NONE (a one-off), or every `repeatEvery` weeks or months (a booking then starts a series). */
  repeatUnit?: FrequencyDto["repeatUnit"];
  repeatEvery?: number;
  /** Issue 28: false retires it (off the booking form); true brings it back. */
  active?: boolean;
}

const BASE = "/api/admin/frequencies";
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const frequenciesQuery = queryOptions({ queryKey: ["frequencies"], queryFn: () => api.list<FrequencyDto>(BASE) });
export const createFrequency = (body: FrequencyBody) => api.post<FrequencyDto>(BASE, body);
export const updateFrequency = (id: string, body: FrequencyBody) => api.put<FrequencyDto>(path(id), body);
export const deleteFrequency = (id: string) => api.delete<void>(path(id));
