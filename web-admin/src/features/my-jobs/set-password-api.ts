import { api } from "../../lib/api.ts";

/**
 * The invite's page (issue 31): sets the password of the login the link was made for, and answers
 * the e-mail to log in with. Public: the link's token is what lets the cleaner in.
 */
export const setPassword = (token: string, password: string) =>
  api.post<{ email: string }>("/api/auth/set-password", { token, password });
