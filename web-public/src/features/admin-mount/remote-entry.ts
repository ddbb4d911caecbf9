/** The tag the API writes into every page when ADMIN_REMOTE_URL is set (api/static.ts). */
export const REMOTE_ENTRY_META = "admin-remote-entry";
/** Where the API serves the admin remote itself when ADMIN_REMOTE_URL is unset (and Vite's dev proxy). */
export const DEFAULT_REMOTE_ENTRY = "/admin-app/assets/remoteEntry.js";

/**
 * The admin remote's entry file as this page was told at run time, so one host build works with
 * any admin deployment. A retry asks under a new URL: browsers used to keep a failed module
 * fetch for its URL until the page reloaded (Chromium 156 fetches again; older engines did not).
 */
export function remoteEntryUrl(doc: Document, attempt: number): string {
  const configured =
    doc.querySelector<HTMLMetaElement>(`meta[name="${REMOTE_ENTRY_META}"]`)?.content || DEFAULT_REMOTE_ENTRY;
  return attempt === 0 ? configured : `${configured}?retry=${attempt}`;
}
