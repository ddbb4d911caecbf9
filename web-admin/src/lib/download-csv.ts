/** A staff CSV export (bookings, customers, invoices): the authenticated download of download-file.ts. */
import type { QueryValue } from "@yarra/api/client/http.ts";
import { downloadFile } from "./download-file.ts";

/** Saved under the server's file name, or `<fallbackStem>-YYYY-MM-DD.csv`. */
export const downloadCsv = (path: string, query: Record<string, QueryValue>, fallbackStem: string): Promise<void> =>
  downloadFile(path, { query, accept: "text/csv", fallbackName: `${fallbackStem}-${new Date().toISOString().slice(0, 10)}.csv` });
