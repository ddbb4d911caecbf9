/**
 * A GET of this origin's JSON for what every page loads first (the business profile, the home
 * page's prices). Not the site's API client (lib/api.ts): that one, with its error catalogue, is
 * about 1.5 kB gzipped and loads with the pages that show its errors. Rejects on a non-2xx answer.
 */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}
