/**
 * A staff CSV export (the customers one; the bookings export has its own copy in bookings-api.ts):
 * fetched with the session cookie so a failure shows as an error on the screen, then handed to the
 * browser through a Blob link under the server's file name.
 */
import { describeFailure } from "@yarra/api/client/error-catalogue.ts";
import { ApiError, type QueryValue, withQuery } from "@yarra/api/client/http.ts";

/** The server's file name from Content-Disposition, or `<fallbackStem>-YYYY-MM-DD.csv`. */
function fileNameOf(response: Response, fallbackStem: string): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? `${fallbackStem}-${new Date().toISOString().slice(0, 10)}.csv`;
}

export async function downloadCsv(path: string, query: Record<string, QueryValue>, fallbackStem: string): Promise<void> {
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
