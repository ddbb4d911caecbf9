/**
 * A staff CSV export (bookings, customers):
 * fetched with the session cookie so a failure shows as an error on the screen, then handed to the
 * browser through a Blob link under the server's file name.
 */
import { describeFailure } from "@yarra/api/client/error-catalogue.ts";
import { ApiError, type QueryValue, withQuery } from "@yarra/api/client/http.ts";
import { watchedCall } from "./api.ts";

/** The server's file name from Content-Disposition, or `<fallbackStem>-YYYY-MM-DD.csv`. */
function fileNameOf(response: Response, fallbackStem: string): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? `${fallbackStem}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** The export's answer, or the ApiError of a failed call. */
async function fetchCsv(path: string, query: Record<string, QueryValue>): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), { headers: { Accept: "text/csv" }, credentials: "same-origin" });
  } catch (error) {
    throw new ApiError(describeFailure({}), { cause: error });
  }
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw new ApiError(describeFailure({ status: response.status, body }));
  }
  return response;
}

export async function downloadCsv(path: string, query: Record<string, QueryValue>, fallbackStem: string): Promise<void> {
  // A session the server ended asks to log in again over the screen, as the client's calls do.
  const response = await watchedCall(path, () => fetchCsv(path, query));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response, fallbackStem);
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
