/**
 * The staff calls for how cleaners are told of their jobs (issue 31, part G): the evening run
 * sheet's hour. The shape and its messages are core's, the ones the API validates with.
 */
import { TEAM_NOTICE_SETTINGS_DEFAULTS, type TeamNoticeSettings } from "@yarra/core/settings/team-notices.ts";
import { api } from "../../lib/api.ts";

const SETTINGS_PATH = "/api/admin/settings/team-notices";

/** The saved setting over the defaults, so a field the server leaves out still has its value. */
export const fetchTeamNoticeSettings = async (signal?: AbortSignal): Promise<TeamNoticeSettings> =>
  ({ ...TEAM_NOTICE_SETTINGS_DEFAULTS, ...(await api.get<TeamNoticeSettings>(SETTINGS_PATH, { signal })) });

/** Superadmins only (an admin's PUT is answered 403). */
export const saveTeamNoticeSettings = (body: TeamNoticeSettings) => api.put<TeamNoticeSettings>(SETTINGS_PATH, body);
