import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { BusinessProfile } from "@yarra/core/settings/types.ts";
import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";

/** A profile unlike the demo one pages start from, so tests can tell which one is on screen. */
export const TEST_PROFILE: BusinessProfile = {
  ...DEMO_BUSINESS_PROFILE,
  brandName: "Test Sparkle Co",
  phone: "03 9000 1234",
  whatsappNumber: "61400111222",
  whatsappPrefill: "Hello, please book a clean",
  email: "team@sparkle.test",
  socials: [
    { network: "facebook", label: "Facebook", url: "https://facebook.test/sparkle" },
    { network: "instagram", label: "Instagram", url: "https://instagram.test/sparkle" },
    { network: "whatsapp", label: "WhatsApp", url: "https://wa.me/61400111222" },
    { network: "linkedin", label: "LinkedIn", url: "https://linkedin.test/sparkle" },
  ],
  developerCredit: { label: "Made by Test Devs", url: "https://devs.test/" },
};

export const handlers = [
  http.get("/api/business", () => HttpResponse.json(TEST_PROFILE)),
  // Pages that read the catalogue (the home page's pricing teaser) get an empty one unless a
  // test installs its own; an unanswered request would fail after the test has finished.
  http.get("/api/services", () => HttpResponse.json({ items: [] })),
];

export const server = setupServer(...handlers);
