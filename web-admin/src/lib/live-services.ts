import { queryOptions } from "@tanstack/react-query";
import type { ServiceDto } from "@yarra/api/client/types.ts";
import { api } from "./api.ts";

/**
 * The services that take new extras and questions (no deleted ones): the Extras and Questions
 * selectors read them; a write on the Services page invalidates them.
 */
export const liveServicesQuery = queryOptions({
  queryKey: ["services", "live"],
  queryFn: () => api.list<ServiceDto>("/api/admin/services"),
});
