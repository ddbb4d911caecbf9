import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import type { BusinessProfile } from "@yarra/core/settings/types.ts";
import { getJson } from "./get-json.ts";
import { mergeProfile, startingBusinessProfile } from "./business-profile.ts";

const BusinessProfileContext = createContext<BusinessProfile | null>(null);

/** Loads GET /api/business once; until it answers (or if it fails) the page's own is shown. */
export function BusinessProfileProvider(
  { children, initialProfile }: { children: ReactNode; initialProfile?: BusinessProfile },
) {
  const [profile, setProfile] = useState<BusinessProfile>(() => initialProfile ?? startingBusinessProfile());

  useEffect(() => {
    if (initialProfile) return;
    const controller = new AbortController();
    getJson<BusinessProfile>("/api/business", controller.signal)
      .then((fetched) => setProfile((shown) => mergeProfile(fetched, shown)))
      // The page's profile is a complete one: a failed load is not worth an alert on every page.
      .catch(() => {});
    return () => controller.abort();
  }, [initialProfile]);

  return <BusinessProfileContext.Provider value={profile}>{children}</BusinessProfileContext.Provider>;
}

export function useBusinessProfile(): BusinessProfile {
  return useContext(BusinessProfileContext) ?? startingBusinessProfile();
}
