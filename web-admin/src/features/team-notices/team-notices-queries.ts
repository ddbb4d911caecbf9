/** The team notices' cached read, prefetched by the Settings route. */
import { queryOptions } from "@tanstack/react-query";
import { fetchTeamNoticeSettings } from "./team-notices-api.ts";

export const teamNoticeSettingsQuery = queryOptions({
  queryKey: ["settings", "team-notices"] as const,
  queryFn: ({ signal }) => fetchTeamNoticeSettings(signal),
});
