/**
 * A staff download (a CSV export, an invoice or receipt PDF): fetched with the session cookie so
 * a failure shows as an error on the screen (an ended session asks to log in again, as the
 * client's calls do), then handed to the browser through a Blob link under the server's file name.
 */
import { describeFailure } from "@yarra/api/client/error-catalogue.ts";
import { ApiError, type QueryValue, withQuery } from "@yarra/api/client/http.ts";
import { watchedCall } from "./api.ts";

export interface DownloadOptions {
  query?: Record<string, QueryValue>;
  /** What the screen asks for: "text/csv", "application/pdf". */
  accept: string;
  /** The file name when the server gives none in Content-Disposition. */
  fallbackName: string;
}

/** The server's file name from Content-Disposition, or `fallbackName`. */
function fileNameOf(response: Response, fallbackName: string): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? fallbackName;
}

/** The file's answer, or the ApiError of a failed call (the error body is JSON, as every refusal). */
async function fetchFile(path: string, query: Record<string, QueryValue>, accept: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), { headers: { Accept: accept }, credentials: "same-origin" });
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

export async function downloadFile(path: string, { query = {}, accept, fallbackName }: DownloadOptions): Promise<void> {
  const response = await watchedCall(path, () => fetchFile(path, query, accept));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
