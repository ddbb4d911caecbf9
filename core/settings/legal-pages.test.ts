import assert from "node:assert/strict";
import { DEMO_BUSINESS_PROFILE } from "./demo-business-profile.ts";
import { isLegalPageName, LEGAL_PAGE_NAMES, LEGAL_PAGES_LAST_UPDATED, legalPage, type LegalProfile } from "./legal-pages.ts";

const OTHER: LegalProfile = {
  brandName: "Bayside Sparkle",
  legalName: "Bayside Sparkle Pty Ltd",
  email: "care@bayside.test",
  phone: "02 9000 1234",
  contactHours: "Mon–Fri 9:00am–5:00pm",
  addressLocality: "Sydney",
  addressRegion: "NSW",
};

const textOf = (page: ReturnType<typeof legalPage>) =>
  [page.title, ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join("\n");

Deno.test("legal pages: both pages are complete structured data", () => {
  for (const name of LEGAL_PAGE_NAMES) {
    const page = legalPage(name, DEMO_BUSINESS_PROFILE);
    assert.equal(page.page, name);
    assert.match(page.lastUpdated, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(page.lastUpdated, LEGAL_PAGES_LAST_UPDATED);
    assert.ok(page.sections.length >= 5, `${name}: ${page.sections.length} sections`);
    const headings = page.sections.map((s) => s.heading);
    assert.equal(new Set(headings).size, headings.length, `${name}: a heading is repeated`);
    for (const section of page.sections) {
      assert.ok(section.heading.trim(), `${name}: a blank heading`);
      assert.ok(section.paragraphs.length > 0, `${name}: "${section.heading}" has no paragraph`);
      for (const paragraph of section.paragraphs) assert.ok(paragraph.trim().length > 20, `${name}: "${paragraph}"`);
    }
    assert.doesNotMatch(textOf(page), /undefined|null|\$\{|\(\)|\s[.,]/, name);
  }
  assert.equal(legalPage("privacy", DEMO_BUSINESS_PROFILE).title, "Privacy Policy");
  assert.equal(legalPage("terms", DEMO_BUSINESS_PROFILE).title, "Terms and Conditions");
});

Deno.test("legal pages: the privacy policy covers what the APPs ask of a business taking home addresses", () => {
  const text = textOf(legalPage("privacy", DEMO_BUSINESS_PROFILE));
  for (
    const needle of [
      "Australian Privacy Principles",
      "Privacy Act 1988 (Cth)",
      "first and last name, e-mail address and phone number",
      "address of the home to be cleaned",
      "notes you write for us",
      "Why we collect it",
      "Who sees it",
      "How long we keep it",
      "ask us to correct anything",
      "Office of the Australian Information Commissioner (OAIC)",
      "outside Australia",
    ]
  ) assert.ok(text.includes(needle), needle);
});

Deno.test("legal pages: the brand and contacts come from the profile passed in", () => {
  for (const name of LEGAL_PAGE_NAMES) {
    const demo = textOf(legalPage(name, DEMO_BUSINESS_PROFILE));
    assert.ok(demo.includes("Yarra Shine Cleaning (Yarra Shine Cleaning Pty Ltd)"), name);
    assert.ok(demo.includes(`e-mail ${DEMO_BUSINESS_PROFILE.email}`), name);
    assert.ok(demo.includes(`call ${DEMO_BUSINESS_PROFILE.phone} (${DEMO_BUSINESS_PROFILE.contactHours})`), name);

    const other = textOf(legalPage(name, OTHER));
    assert.ok(other.includes("Bayside Sparkle (Bayside Sparkle Pty Ltd)"), name);
    assert.ok(other.includes("e-mail care@bayside.test or call 02 9000 1234 (Mon–Fri 9:00am–5:00pm)"), name);
    assert.doesNotMatch(other, /Yarra|yarrashine|0412 345 678|Melbourne/, name);
  }
  assert.ok(textOf(legalPage("privacy", OTHER)).includes("based in Sydney, NSW."));
  assert.ok(textOf(legalPage("terms", OTHER)).includes("governed by the laws of New South Wales, Australia."));
  assert.ok(textOf(legalPage("terms", DEMO_BUSINESS_PROFILE)).includes("governed by the laws of Victoria, Australia."));
});

Deno.test("legal pages: a profile missing parts still reads as sentences", () => {
  const sparse: LegalProfile = { ...OTHER, legalName: OTHER.brandName, email: "", phone: "", addressLocality: "", addressRegion: "" };
  const privacy = textOf(legalPage("privacy", sparse));
  assert.ok(privacy.includes("Bayside Sparkle (“we”, “us”) is a cleaning business. This policy"));
  assert.ok(privacy.includes("use the details on our Contact Us page"));
  assert.doesNotMatch(privacy, /e-mail \.|call \(|Pty Ltd/);
  const emailOnly = textOf(legalPage("terms", { ...sparse, email: "care@bayside.test" }));
  assert.ok(emailOnly.includes("Questions about these terms or a booking: e-mail care@bayside.test."));
});

Deno.test("legal pages: page names", () => {
  assert.deepEqual([...LEGAL_PAGE_NAMES], ["privacy", "terms"]);
  assert.equal(isLegalPageName("privacy"), true);
  assert.equal(isLegalPageName("terms"), true);
  for (const other of ["", "Privacy", "cookies", "toString"]) assert.equal(isLegalPageName(other), false, other);
});
