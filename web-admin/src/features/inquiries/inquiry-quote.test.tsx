/** "Price a quote" on an inquiry's card (issue 30), against msw answers in the shapes of the quotes API. */
import { screen, waitFor, within } from "@testing-library/react";
import { INQUIRY_QUOTE_MESSAGES } from "@yarra/core/booking/quotes/inquiry-quote.ts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { QUOTE_EDITOR_TEXT } from "../../ui/quote-editor.tsx";
import type { InquiryDto } from "./inquiries-api.ts";
import { INQUIRY_QUOTE_TEXT as T } from "./inquiry-quote.tsx";

const inquiry: InquiryDto = {
  _id: "i1",
  reference: "YI-7K3F9Q",
  inquiryType: "OFFICE",
  firstName: "Priya",
  lastName: "Shah",
  email: "priya@example.com",
  phone: "0398765432",
  suburb: "Carlton",
  message: "Nightly office clean, 3 floors.",
  read: true,
  hasAddress: false,
  archivedAt: null,
  adminNotes: "",
  createdAt: "2026-11-20T01:00:00.000Z",
};

const service = (id: string, name: string, deletedAt: string | null = null) => ({
  _id: id,
  name,
  slug: id,
  pricingModel: "FIXED",
  ratePerHour: 0,
  minHours: 0,
  maxHours: 0,
  stepHours: 0,
  bedroomPrices: [],
  basePrice: 300,
  durationMinutes: 180,
  description: "",
  deletedAt,
});

function serve(answer: (body: unknown) => Response) {
  const posted: unknown[] = [];
  server.use(
    http.get("/api/admin/inquiries/i1", () => HttpResponse.json(inquiry)),
    http.get("/api/admin/services", () =>
      HttpResponse.json({ items: [service("s1", "Office Cleaning"), service("s2", "End of Lease"), service("s9", "Old service", "2026-01-01T00:00:00.000Z")] })),
    http.post("/api/admin/inquiries/i1/quote", async ({ request }) => {
      const body = await request.json();
      posted.push(body);
      return answer(body);
    }),
  );
  return posted;
}

async function openDialog() {
  const view = renderAdmin("/admin/inquiries/i1");
  await screen.findByRole("heading", { name: "Inquiry", level: 1 });
  await view.user.click(await screen.findByRole("button", { name: T.open }));
  const panel = await screen.findByRole("region", { name: T.title });
  await within(panel).findByRole("option", { name: "Office Cleaning" });
  return { ...view, panel: within(panel) };
}

beforeEach(() => storeSession({ role: "admin" }));

describe("pricing a quote from an inquiry", () => {
  it("asks for a service, posts the quote with the address, and links to the new quote's page", async () => {
    const posted = serve(() =>
      HttpResponse.json({
        bookingId: "q42",
        reference: "YS-Q4K2ZZ",
        pricedQuote: {
          lineItems: [{ description: "Nightly office clean", quantity: 20, unitPrice: 120, amount: 2400 }],
          total: 2400,
          message: "",
          validUntil: null,
          status: "SENT",
          sentAt: "2026-11-27T03:00:00.000Z",
          decidedAt: null,
          declineReason: "",
        },
      }, { status: 201 }));
    const { user, panel } = await openDialog();
    expect(panel.queryByRole("option", { name: "Old service" })).toBeNull();
    expect((panel.getByLabelText(T.suburb) as HTMLInputElement).value).toBe("Carlton");

    await user.type(panel.getByLabelText("Description, line 1"), "Nightly office clean");
    await user.clear(panel.getByLabelText("Quantity, line 1"));
    await user.type(panel.getByLabelText("Quantity, line 1"), "20");
    await user.type(panel.getByLabelText("Unit price, line 1"), "120");
    await user.click(panel.getByRole("button", { name: QUOTE_EDITOR_TEXT.send }));
    // No service yet: said beside the select, which takes focus; nothing is sent.
    const select = panel.getByLabelText(T.service);
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(select.getAttribute("aria-describedby")!)?.textContent).toBe(INQUIRY_QUOTE_MESSAGES.serviceId);
    expect(document.activeElement).toBe(select);
    expect(posted).toHaveLength(0);

    await user.selectOptions(select, "Office Cleaning");
    await user.type(panel.getByLabelText(T.street), "12 Swanston St");
    await user.type(panel.getByLabelText(T.postcode), "3053");
    await user.click(panel.getByRole("button", { name: QUOTE_EDITOR_TEXT.send }));

    const created = await screen.findByText(T.created("YS-Q4K2ZZ", "priya@example.com"), { exact: false });
    expect(created.getAttribute("role")).toBe("status");
    expect(posted).toEqual([{
      serviceId: "s1",
      lineItems: [{ description: "Nightly office clean", quantity: 20, unitPrice: 120 }],
      addressLine1: "12 Swanston St",
      suburb: "Carlton",
      postcode: "3053",
    }]);
    expect(screen.queryByRole("region", { name: T.title })).toBeNull();
    const link = within(created).getByRole("link", { name: T.openQuote("YS-Q4K2ZZ") });
    expect(link.getAttribute("href")).toBe("/admin/bookings/q42");
  });

  it("shows the server's refusal of a line against its row, and of the postcode beside it", async () => {
    serve(() =>
      HttpResponse.json({
        error: "Validation failed",
        code: "VALIDATION_FAILED",
        fieldErrors: { "lineItems.0.description": ["Keep each line on one line."], postcode: ["Use a 4-digit postcode."] },
      }, { status: 422 }));
    const { user, panel } = await openDialog();
    await user.selectOptions(panel.getByLabelText(T.service), "End of Lease");
    await user.type(panel.getByLabelText("Description, line 1"), "Bond clean");
    await user.type(panel.getByLabelText("Unit price, line 1"), "450");
    await user.click(panel.getByRole("button", { name: QUOTE_EDITOR_TEXT.send }));

    const description = panel.getByLabelText("Description, line 1");
    await waitFor(() => expect(description.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(description.getAttribute("aria-describedby")!)?.textContent).toBe("Keep each line on one line.");
    const postcode = panel.getByLabelText(T.postcode);
    expect(document.getElementById(postcode.getAttribute("aria-describedby")!)?.textContent).toBe("Use a 4-digit postcode.");
    expect(panel.getByRole("alert")).toBeTruthy();
  });
});
