/** The Business details card of the Settings page (issue 30), against the API's contract as msw answers it. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { hasUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { BUSINESS_DETAILS_MESSAGES } from "@yarra/core/settings/business-details.ts";
import { formatAbn } from "@yarra/core/settings/abn.ts";
import { BUSINESS_TEXT, type BusinessDetails } from "./business-card.tsx";
import { NOT_LOADED_TEXT } from "./not-loaded.tsx";

const SAVED: BusinessDetails = {
  legalName: "Yarra Sparkle Pty Ltd",
  abn: "51824753556",
  abnFormatted: "51 824 753 556",
  gstRegistered: true,
  address: "Level 2, 10 Queen St, Melbourne VIC 3000",
  phone: "03 9000 1234",
  email: "accounts@sparkle.test",
  paymentTerms: "Due within 7 days",
  bankDetails: "Yarra Sparkle Pty Ltd\nBSB 063-000\nAccount 1234 5678",
  emailInvoiceOnDone: false,
};

/** The Settings page's other loads, and the business details as `business()` says. */
function answerLoads(business: () => Response = () => HttpResponse.json(SAVED)) {
  server.use(
    http.get("/api/admin/settings/service-area", () => HttpResponse.json({ postcodes: [] })),
    http.get("/api/admin/closed-dates", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json({})),
    http.get("/api/admin/content", () => HttpResponse.json({})),
    http.get("/api/admin/settings/business", business),
    // The Feedback card (issue 32; features/feedback tests it).
    http.get("/api/admin/settings/feedback", () => HttpResponse.json({ enabled: true, delayHours: 0, reviewUrl: null })),
    // The cleaners' e-mails card (issue 31; features/team-notices tests it).
    http.get("/api/admin/settings/team-notices", () => HttpResponse.json({ runSheetHour: null })),
    // The online payments card (online-payments-card.test.tsx tests it).
    http.get("/api/admin/settings/payments", () => HttpResponse.json({ enabled: false })),
  );
}

/** Every PUT's body, answered by `answer` (the details as saved by default). */
function answerSaves(answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put("/api/admin/settings/business", async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer ? answer(body) : HttpResponse.json({ ...body, abnFormatted: formatAbn(String(body.abn)) });
    }),
  );
  return bodies;
}

async function openSettings() {
  const view = renderAdmin("/admin/settings");
  await screen.findByRole("heading", { name: "Settings", level: 1 });
  await waitFor(() => expect(screen.queryByText("Loading settings…")).toBeNull());
  return view;
}

const card = () => within(screen.getByRole("form", { name: BUSINESS_TEXT.title }));
const field = (label: string) => card().getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label);
const describedText = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent).join(" | ");

describe("business details, as a superadmin", () => {
  beforeEach(() => storeSession({ role: "superadmin" }));

  it("loads the saved details, the ABN formatted", async () => {
    answerLoads();
    await openSettings();
    await waitFor(() => expect(field(BUSINESS_TEXT.legalName).value).toBe("Yarra Sparkle Pty Ltd"));
    expect(field(BUSINESS_TEXT.abn).value).toBe("51 824 753 556");
    expect(card().getByLabelText<HTMLInputElement>(BUSINESS_TEXT.gstRegistered).checked).toBe(true);
    expect(field(BUSINESS_TEXT.address).value).toBe("Level 2, 10 Queen St, Melbourne VIC 3000");
    expect(field(BUSINESS_TEXT.phone).value).toBe("03 9000 1234");
    expect(field(BUSINESS_TEXT.email).value).toBe("accounts@sparkle.test");
    expect(field(BUSINESS_TEXT.paymentTerms).value).toBe("Due within 7 days");
    expect(field(BUSINESS_TEXT.bankDetails).value).toBe("Yarra Sparkle Pty Ltd\nBSB 063-000\nAccount 1234 5678");
    expect(card().getByLabelText<HTMLInputElement>(BUSINESS_TEXT.emailInvoiceOnDone).checked).toBe(false);
    // Each box says what it is for, tied to it.
    expect(describedText(field(BUSINESS_TEXT.abn))).toContain(BUSINESS_TEXT.abnHint);
    expect(describedText(card().getByLabelText(BUSINESS_TEXT.emailInvoiceOnDone))).toContain(BUSINESS_TEXT.emailInvoiceOnDoneHint);
  });

  it("formats the ABN once its 11 digits are typed, and saves it without spaces with the rest", async () => {
    answerLoads(() => HttpResponse.json({ ...SAVED, abn: "", abnFormatted: "", gstRegistered: false, paymentTerms: "", bankDetails: "" }));
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(field(BUSINESS_TEXT.legalName).value).toBe("Yarra Sparkle Pty Ltd"));
    const abn = field(BUSINESS_TEXT.abn);
    await user.type(abn, "51824753556");
    await user.tab();
    expect(abn.value).toBe("51 824 753 556");
    await user.click(card().getByLabelText(BUSINESS_TEXT.gstRegistered));
    await user.type(field(BUSINESS_TEXT.paymentTerms), "  Due within 14 days ");
    await user.type(field(BUSINESS_TEXT.bankDetails), "BSB 063-000{Enter}Account 1234 5678");
    await user.click(card().getByLabelText(BUSINESS_TEXT.emailInvoiceOnDone));
    await user.click(card().getByRole("button", { name: BUSINESS_TEXT.save }));
    expect(await card().findByText(BUSINESS_TEXT.saved)).toBeTruthy();
    expect(bodies).toEqual([{
      legalName: "Yarra Sparkle Pty Ltd",
      abn: "51824753556",
      gstRegistered: true,
      address: "Level 2, 10 Queen St, Melbourne VIC 3000",
      phone: "03 9000 1234",
      email: "accounts@sparkle.test",
      paymentTerms: "Due within 14 days",
      bankDetails: "BSB 063-000\nAccount 1234 5678",
      emailInvoiceOnDone: true,
    }]);
    // The form starts again from what was saved.
    expect(field(BUSINESS_TEXT.paymentTerms).value).toBe("Due within 14 days");
    expect(abn.value).toBe("51 824 753 556");
  });

  it("refuses, before sending, an ABN that is short or fails the ATO's check digits, beside the field", async () => {
    answerLoads();
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(field(BUSINESS_TEXT.abn).value).toBe("51 824 753 556"));
    const abn = field(BUSINESS_TEXT.abn);
    await user.clear(abn);
    await user.type(abn, "51 824 753");
    // Not 11 digits yet: left as typed.
    await user.tab();
    expect(abn.value).toBe("51 824 753");
    await user.click(card().getByRole("button", { name: BUSINESS_TEXT.save }));
    expect(await card().findByText(BUSINESS_TEXT.invalidAbn)).toBeTruthy();
    expect(BUSINESS_TEXT.invalidAbn).toBe("Please enter a valid ABN.");
    expect(abn.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(abn)).toContain(BUSINESS_TEXT.invalidAbn);
    expect(document.activeElement).toBe(abn);

    // 11 digits, but the last is wrong (modulus 89).
    await user.clear(abn);
    await user.type(abn, "51824753557");
    await user.click(card().getByRole("button", { name: BUSINESS_TEXT.save }));
    await waitFor(() => expect(document.activeElement).toBe(abn));
    expect(card().getByText(BUSINESS_TEXT.invalidAbn)).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it("asks for an ABN once registered for GST, in core's words", async () => {
    answerLoads(() => HttpResponse.json({ ...SAVED, abn: "", abnFormatted: "", gstRegistered: false }));
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(field(BUSINESS_TEXT.legalName).value).toBe("Yarra Sparkle Pty Ltd"));
    await user.click(card().getByLabelText(BUSINESS_TEXT.gstRegistered));
    await user.click(card().getByRole("button", { name: BUSINESS_TEXT.save }));
    expect(await card().findByText(BUSINESS_DETAILS_MESSAGES.abnForGst)).toBeTruthy();
    expect(field(BUSINESS_TEXT.abn).getAttribute("aria-invalid")).toBe("true");
    expect(bodies).toHaveLength(0);
  });

  it("shows the server's 422 beside the ABN, with no alert repeating it", async () => {
    answerLoads();
    const bodies = answerSaves(() =>
      HttpResponse.json(
        { error: "Please enter a valid ABN.", code: "VALIDATION_FAILED", fieldErrors: { abn: ["Please enter a valid ABN."] } },
        { status: 422 },
      )
    );
    const { user } = await openSettings();
    await waitFor(() => expect(field(BUSINESS_TEXT.abn).value).toBe("51 824 753 556"));
    const abn = field(BUSINESS_TEXT.abn);
    // The ATO's own example passes here; the server stands in refusing it, as it would an ABN it holds invalid.
    await user.clear(abn);
    await user.type(abn, "53004085616");
    await user.click(card().getByRole("button", { name: BUSINESS_TEXT.save }));
    const message = await card().findByText("Please enter a valid ABN.");
    expect(abn.getAttribute("aria-invalid")).toBe("true");
    expect(abn.getAttribute("aria-describedby")).toContain(message.id);
    expect(document.activeElement).toBe(abn);
    expect(card().queryByRole("alert")).toBeNull();
    expect(card().queryByText(BUSINESS_TEXT.saved)).toBeNull();
    expect(bodies[0]).toMatchObject({ abn: "53004085616" });
  });

  it("counts as unsaved work while edited, and no longer once saved (the staff area asks before leaving it)", async () => {
    answerLoads();
    answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(field(BUSINESS_TEXT.legalName).value).toBe("Yarra Sparkle Pty Ltd"));
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(field(BUSINESS_TEXT.phone), "5");
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(card().getByRole("button", { name: BUSINESS_TEXT.save }));
    expect(await card().findByText(BUSINESS_TEXT.saved)).toBeTruthy();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it("says 'Saving the business details failed' when the server gives no text", async () => {
    answerLoads();
    answerSaves(() => new HttpResponse(null, { status: 500 }));
    const { user } = await openSettings();
    await waitFor(() => expect(field(BUSINESS_TEXT.legalName).value).toBe("Yarra Sparkle Pty Ltd"));
    await user.click(card().getByRole("button", { name: BUSINESS_TEXT.save }));
    expect((await card().findByRole("alert")).textContent).toContain(BUSINESS_TEXT.failed);
  });

  it("never saves empty details over ones that failed to load: Save is off, it says why, Retry loads them", async () => {
    let fail = true;
    answerLoads(() => (fail ? HttpResponse.json({ error: "down", code: "X" }, { status: 500 }) : HttpResponse.json(SAVED)));
    const bodies = answerSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(card().getByRole("alert").textContent).toContain(NOT_LOADED_TEXT));
    expect(card().getByRole("button", { name: BUSINESS_TEXT.save })).toHaveProperty("disabled", true);
    expect(field(BUSINESS_TEXT.legalName).value).toBe("");
    await user.type(field(BUSINESS_TEXT.legalName), "Someone{Enter}");
    expect(bodies).toHaveLength(0);

    fail = false;
    await user.click(card().getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(field(BUSINESS_TEXT.legalName).value).toBe("Yarra Sparkle Pty Ltd"));
    expect(card().getByRole("button", { name: BUSINESS_TEXT.save })).toHaveProperty("disabled", false);
    expect(card().queryByRole("alert")).toBeNull();
  });
});

describe("business details, as an admin", () => {
  beforeEach(() => storeSession({ role: "admin" }));

  it("shows them read-only: no boxes, no Save", async () => {
    answerLoads();
    await openSettings();
    const section = within(await screen.findByRole("region", { name: BUSINESS_TEXT.title }));
    expect(await section.findByText("51 824 753 556")).toBeTruthy();
    expect(section.getByText(BUSINESS_TEXT.readOnly)).toBeTruthy();
    const terms = section.getAllByRole("term").map((term) => term.textContent);
    const values = section.getAllByRole("definition").map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, values[i]]))).toEqual({
      [BUSINESS_TEXT.legalName]: "Yarra Sparkle Pty Ltd",
      [BUSINESS_TEXT.abn]: "51 824 753 556",
      [BUSINESS_TEXT.gstRegistered]: "Yes",
      [BUSINESS_TEXT.address]: "Level 2, 10 Queen St, Melbourne VIC 3000",
      [BUSINESS_TEXT.phone]: "03 9000 1234",
      [BUSINESS_TEXT.email]: "accounts@sparkle.test",
      [BUSINESS_TEXT.paymentTerms]: "Due within 7 days",
      [BUSINESS_TEXT.bankDetails]: "Yarra Sparkle Pty Ltd\nBSB 063-000\nAccount 1234 5678",
      [BUSINESS_TEXT.emailInvoiceOnDone]: "No",
    });
    expect(screen.queryByRole("form", { name: BUSINESS_TEXT.title })).toBeNull();
    expect(section.queryByRole("textbox")).toBeNull();
    expect(section.queryByRole("button", { name: BUSINESS_TEXT.save })).toBeNull();
  });

  it("says when they did not load, and Retry loads them", async () => {
    let fail = true;
    answerLoads(() => (fail ? HttpResponse.json({ error: "down", code: "X" }, { status: 500 }) : HttpResponse.json(SAVED)));
    const { user } = await openSettings();
    const section = within(await screen.findByRole("region", { name: BUSINESS_TEXT.title }));
    await waitFor(() => expect(section.getByRole("alert").textContent).toContain(BUSINESS_TEXT.loadFailed));
    fail = false;
    await user.click(section.getByRole("button", { name: "Retry" }));
    expect(await section.findByText("Yarra Sparkle Pty Ltd")).toBeTruthy();
  });
});
