import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import type { BusinessProfile } from "@yarra/core/settings/types.ts";
import { api } from "./api.ts";
import { FALLBACK_BUSINESS_PROFILE, mergeProfile } from "./business-profile.ts";

const BusinessProfileContext = createContext<BusinessProfile>(FALLBACK_BUSINESS_PROFILE);

/** Loads GET /api/business once; until it answers (or if it fails) the fallback is shown. */
export function BusinessProfileProvider(
  { children, initialProfile }: { children: ReactNode; initialProfile?: BusinessProfile },
) {
  const [profile, setProfile] = useState<BusinessProfile>(initialProfile ?? FALLBACK_BUSINESS_PROFILE);

  useEffect(() => {
    if (initialProfile) return;
    const controller = new AbortController();
    api.get<BusinessProfile>("/api/business", { signal: controller.signal })
      .then((fetched) => setProfile(mergeProfile(fetched)))
      // The fallback is a complete profile: a failed load is not worth an alert on every page.
      .catch(() => {});
    return () => controller.abort();
  }, [initialProfile]);

  return <BusinessProfileContext.Provider value={profile}>{children}</BusinessProfileContext.Provider>;
}

export function useBusinessProfile(): BusinessProfile {
  return useContext(BusinessProfileContext);
}
