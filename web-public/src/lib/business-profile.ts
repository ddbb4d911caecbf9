/**
 * The business profile the site falls back to when GET /api/business is unreachable, with the
 * same demo values the API seeds (decisions.md: "Business profile"). Components read the live
 * profile through useBusinessProfile, never these constants directly.
 */
import type { BusinessProfile } from "@yarra/core/settings/types.ts";

import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";

export const FALLBACK_BUSINESS_PROFILE: BusinessProfile = DEMO_BUSINESS_PROFILE;

/** A chat link that opens the messaging app with the booking message typed in. */
export function whatsappChatUrl(
  profile: Pick<BusinessProfile, "whatsappNumber" | "whatsappPrefill">,
): string {
  const digits = profile.whatsappNumber.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(profile.whatsappPrefill)}`;
}

/** tel: links want digits only; a local 0 number becomes +61 so it dials from anywhere. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+61${digits.slice(1)}` : digits}`;
}

/** The server's profile on top of the fallback, so a partial answer never blanks the footer. */
export function mergeProfile(fetched: unknown): BusinessProfile {
  if (typeof fetched !== "object" || fetched === null || Array.isArray(fetched)) {
    return FALLBACK_BUSINESS_PROFILE;
  }
  const merged = { ...FALLBACK_BUSINESS_PROFILE };
  for (const [key, value] of Object.entries(fetched)) {
    if (key in merged && value !== null && value !== undefined && value !== "") {
      (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}
