import type { SessionUser } from "@yarra/api/client/types.ts";

/**
 * Issue 31: a cleaner's login sees one screen of the staff area, their own jobs. Every other path
 * leads a cleaner there, and a cleaner lands there after logging in.
 */
export const MY_JOBS_PATH = "/my-jobs";

export const isCleaner = (user: Pick<SessionUser, "role">): boolean => user.role === "cleaner";

/** Whether an in-app pathname is the cleaner's screen (any case: the router matches paths case-insensitively). */
export const isMyJobsPath = (pathname: string): boolean => pathname.replace(/\/+$/, "").toLowerCase() === MY_JOBS_PATH;
