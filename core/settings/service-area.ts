/** Whether the business cleans at a postcode (issue 14); zod-free, so the booking form uses it too. */
import type { ServiceArea } from "./types.ts";

export const OUTSIDE_SERVICE_AREA_MESSAGE =
  "Sorry, we don’t clean in this postcode yet. You can still request a quote and we’ll see what we can do.";

/** True when `postCode` is listed, or within a listed range, or when the list is empty (everywhere). */
export function inServiceArea(postCode: string, area: Pick<ServiceArea, "postcodes">): boolean {
  if (area.postcodes.length === 0) return true;
  const code = postCode.trim();
  if (!/^\d{4}$/.test(code)) return false;
  return area.postcodes.some((entry) => {
    const [low, high = low] = entry.split("-");
    // Four digits each: text order is number order.
    return code >= low && code <= high;
  });
}

/** Entries trimmed, each once, in postcode order: how a saved list is stored and shown. */
export function normaliseServiceArea(postcodes: string[]): string[] {
  return [...new Set(postcodes.map((entry) => entry.trim()).filter(Boolean))].sort();
}
