/**
 * The business profile a page starts from, and helpers for its links. The live profile comes
 * from GET /api/business; components read it through useBusinessProfile, never constants.
 */
import type { BusinessProfile } from "@yarra/core/settings/types.ts";

/**
 * Every HTML page the site serves carries, in `<script type="application/json" id=...>`, the
 * profile it was rendered with (the build writes the demo profile the API seeds; see
 * vite.config.ts). The first client render reads it, so hydration matches the HTML and the footer
 * is never blank while GET /api/business is on its way, without the profile in the JavaScript.
 */
export const PROFILE_SCRIPT_ID = "business-profile";

/** What a page shows if its HTML carries no profile (only ever a broken build). */
const BLANK_PROFILE: BusinessProfile = {
  brandName: "",
  legalName: "",
  phone: "",
  whatsappNumber: "",
  whatsappPrefill: "",
  email: "",
  notificationEmail: "",
  addressLocality: "",
  addressRegion: "",
  contactHours: "",
  foundedYear: 0,
  socials: [],
  councils: [],
  developerCredit: { label: "", url: "" },
};

let startingProfile: BusinessProfile | undefined;

/** The profile the first render uses: the page's embedded one, unless one was set. */
export function startingBusinessProfile(): BusinessProfile {
  if (!startingProfile) {
    let embedded: unknown;
    try {
      embedded = JSON.parse(globalThis.document?.getElementById(PROFILE_SCRIPT_ID)?.textContent ?? "null");
    } catch {
      embedded = null;
    }
    startingProfile = mergeProfile(embedded, BLANK_PROFILE);
  }
  return startingProfile;
}

/** For renders with no page around them: the prerender step and unit tests. */
export function setStartingBusinessProfile(profile: BusinessProfile) {
  startingProfile = profile;
}

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

/** The server's profile on top of the one shown, so a partial answer never blanks the footer. */
export function mergeProfile(fetched: unknown, base: BusinessProfile): BusinessProfile {
  if (typeof fetched !== "object" || fetched === null || Array.isArray(fetched)) return base;
  const merged = { ...base };
  for (const [key, value] of Object.entries(fetched)) {
    if (key in merged && value !== null && value !== undefined && value !== "") {
      (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}
