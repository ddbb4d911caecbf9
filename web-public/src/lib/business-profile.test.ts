import { describe, expect, it } from "vitest";
import { FALLBACK_BUSINESS_PROFILE, mergeProfile, telHref, whatsappChatUrl } from "./business-profile.ts";

describe("business profile helpers", () => {
  it("builds a WhatsApp chat link with the prefilled message", () => {
    expect(whatsappChatUrl({ whatsappNumber: "+61 412 345 678", whatsappPrefill: "Book a clean?" })).toBe(
      "https://wa.me/61412345678?text=Book%20a%20clean%3F",
    );
  });

  it("turns local numbers into dialable tel: links", () => {
    expect(telHref("0412 345 678")).toBe("tel:+61412345678");
    expect(telHref("+61 3 9000 1234")).toBe("tel:+61390001234");
  });

  it("keeps the fallback for missing or empty fields", () => {
    const merged = mergeProfile({ brandName: "Other", phone: "", unknown: 1 });
    expect(merged.brandName).toBe("Other");
    expect(merged.phone).toBe(FALLBACK_BUSINESS_PROFILE.phone);
    expect("unknown" in merged).toBe(false);
    expect(mergeProfile(null)).toBe(FALLBACK_BUSINESS_PROFILE);
  });

  it("has four social networks and twelve councils", () => {
    expect(FALLBACK_BUSINESS_PROFILE.socials.map((social) => social.network)).toEqual([
      "facebook",
      "instagram",
      "whatsapp",
      "linkedin",
    ]);
    expect(FALLBACK_BUSINESS_PROFILE.councils).toHaveLength(12);
  });
});
