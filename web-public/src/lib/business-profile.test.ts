import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_BUSINESS_PROFILE } from "@yarra/core/settings/demo-business-profile.ts";
import { mergeProfile, PROFILE_SCRIPT_ID, telHref, whatsappChatUrl } from "./business-profile.ts";

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

  it("keeps the shown profile's value for missing or empty fields", () => {
    const merged = mergeProfile({ brandName: "Other", phone: "", unknown: 1 }, DEMO_BUSINESS_PROFILE);
    expect(merged.brandName).toBe("Other");
    expect(merged.phone).toBe(DEMO_BUSINESS_PROFILE.phone);
    expect("unknown" in merged).toBe(false);
    expect(mergeProfile(null, DEMO_BUSINESS_PROFILE)).toBe(DEMO_BUSINESS_PROFILE);
    expect(mergeProfile([1], DEMO_BUSINESS_PROFILE)).toBe(DEMO_BUSINESS_PROFILE);
  });

  it("has four social networks and twelve councils in the demo profile", () => {
    expect(DEMO_BUSINESS_PROFILE.socials.map((social) => social.network)).toEqual([
      "facebook",
      "instagram",
      "whatsapp",
      "linkedin",
    ]);
    expect(DEMO_BUSINESS_PROFILE.councils).toHaveLength(12);
  });
});

describe("the profile a page starts from", () => {
  afterEach(() => document.getElementById(PROFILE_SCRIPT_ID)?.remove());

  /** A fresh copy of the module: the starting profile is read once per page load. */
  async function freshModule(embedded?: string) {
    if (embedded !== undefined) {
      const script = document.createElement("script");
      script.type = "application/json";
      script.id = PROFILE_SCRIPT_ID;
      script.textContent = embedded;
      document.head.append(script);
    }
    vi.resetModules();
    return await import("./business-profile.ts");
  }

  it("is the profile embedded in the page's HTML, read once", async () => {
    const embedded = { ...DEMO_BUSINESS_PROFILE, brandName: "Embedded Co", phone: "03 1111 2222" };
    const { startingBusinessProfile } = await freshModule(JSON.stringify(embedded));
    expect(startingBusinessProfile()).toEqual(embedded);
    document.getElementById(PROFILE_SCRIPT_ID)!.textContent = "{}";
    expect(startingBusinessProfile().brandName).toBe("Embedded Co");
  });

  it("fills fields the page lacks with blanks, and is blank without a usable script", async () => {
    const partial = await freshModule(JSON.stringify({ brandName: "Partial Co" }));
    expect(partial.startingBusinessProfile()).toMatchObject({ brandName: "Partial Co", phone: "", socials: [] });
    document.getElementById(PROFILE_SCRIPT_ID)!.remove();

    const broken = await freshModule("{not json");
    expect(broken.startingBusinessProfile()).toMatchObject({ brandName: "", councils: [] });
    document.getElementById(PROFILE_SCRIPT_ID)!.remove();

    const missing = await freshModule();
    expect(missing.startingBusinessProfile().email).toBe("");
  });

  it("can be set for renders without a page (prerendering)", async () => {
    const { setStartingBusinessProfile, startingBusinessProfile } = await freshModule();
    setStartingBusinessProfile(DEMO_BUSINESS_PROFILE);
    expect(startingBusinessProfile()).toBe(DEMO_BUSINESS_PROFILE);
  });
});
