/** "Price this quote" on a quote's page (issue 30), against msw answers in the shapes of the quotes API. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { QUOTE_EDITOR_TEXT, type PricedQuoteDto } from "../../ui/quote-editor.tsx";
import { QUOTE_PANEL_TEXT } from "./quote-panel.tsx";
import { aBooking } from "./test-fixtures.ts";

const quote = aBooking({ _id: "q1", type: "QUOTE", status: "QUOTE_REQUESTED", reference: "YS-Q7K3F9", email: "olivia@example.com" });

const SENT: PricedQuoteDto = {
  lineItems: [
    { description: "Office clean, 3 floors", quantity: 5, unitPrice: 96, amount: 480 },
    { description: "Window cleaning", quantity: 2.5, unitPrice: 40.1, amount: 100.25 },
  ],
  total: 580.25,
  message: "Five evenings a week.",
  validUntil: "2026-12-31",
  status: "SENT",
  sentAt: "2026-11-27T03:00:00.000Z",
  decidedAt: null,
  declineReason: "",
};

interface Calls {
  put: unknown[];
}

function serve(priced: PricedQuoteDto | null, put?: (body: unknown) => Response): Calls {
  const calls: Calls = { put: [] };
  server.use(
    http.get("/api/admin/bookings/q1", () => HttpResponse.json(quote)),
    http.get("/api/admin/bookings/q1/history", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/bookings/q1/quote", () => HttpResponse.json({ pricedQuote: priced })),
    http.put("/api/admin/bookings/q1/quote", async ({ request }) => {
      const body = await request.json();
      calls.put.push(body);
      return put ? put(body) : HttpResponse.json(SENT);
    }),
  );
  return calls;
}

async function openPanel() {
  const view = renderAdmin("/admin/bookings/q1");
  await screen.findByRole("heading", { name: "Quote", level: 1 });
  return view;
}

const panelNamed = (name: string) => screen.findByRole("region", { name });
const detail = (region: HTMLElement, term: string) => within(region).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

beforeEach(() => storeSession({ role: "admin" }));

describe("pricing a quote on its page", () => {
  it("an unpriced quote opens the editor with the service at its estimate; Send shows the sent quote and says to whom", async () => {
    const calls = serve(null);
    const { user } = await openPanel();
    const panel = await panelNamed(QUOTE_PANEL_TEXT.title);
    const form = within(within(panel).getByRole("form", { name: QUOTE_PANEL_TEXT.title }));
    expect((form.getByLabelText("Description, line 1") as HTMLInputElement).value).toBe("Hourly Cleaning, 3 hours");
    expect((form.getByLabelText("Unit price, line 1") as HTMLInputElement).value).toBe("250.00");

    await user.clear(form.getByLabelText("Description, line 1"));
    await user.type(form.getByLabelText("Description, line 1"), "Office clean, 3 floors");
    await user.clear(form.getByLabelText("Quantity, line 1"));
    await user.type(form.getByLabelText("Quantity, line 1"), "5");
    await user.clear(form.getByLabelText("Unit price, line 1"));
    await user.type(form.getByLabelText("Unit price, line 1"), "96");
    await user.click(form.getByRole("button", { name: QUOTE_EDITOR_TEXT.addLine }));
    await user.type(form.getByLabelText("Description, line 2"), "Window cleaning");
    await user.clear(form.getByLabelText("Quantity, line 2"));
    await user.type(form.getByLabelText("Quantity, line 2"), "2.5");
    await user.type(form.getByLabelText("Unit price, line 2"), "40.10");
    await user.type(form.getByLabelText(QUOTE_EDITOR_TEXT.message), "Five evenings a week.");
    await user.type(form.getByLabelText(QUOTE_EDITOR_TEXT.validUntil), "2026-12-31");
    await user.click(form.getByRole("button", { name: QUOTE_EDITOR_TEXT.send }));

    const sent = await panelNamed(QUOTE_PANEL_TEXT.pricedTitle);
    const status = within(sent).getByText(QUOTE_PANEL_TEXT.sent("olivia@example.com"));
    expect(status.getAttribute("role")).toBe("status");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.put).toEqual([{
      lineItems: [
        { description: "Office clean, 3 floors", quantity: 5, unitPrice: 96 },
        { description: "Window cleaning", quantity: 2.5, unitPrice: 40.1 },
      ],
      message: "Five evenings a week.",
      validUntil: "2026-12-31",
    }]);
    expect(detail(sent, "Status")).toBe(QUOTE_PANEL_TEXT.status.SENT);
    expect(detail(sent, "Valid until")).toBe("Thursday 31 December 2026");
    const table = within(within(sent).getByRole("table"));
    expect(table.getByRole("rowheader", { name: "Total" }).nextElementSibling?.textContent).toBe("A$580.25");
    expect(table.getByText("Window cleaning")).toBeTruthy();
    expect(within(sent).queryByRole("form")).toBeNull();
    expect(within(sent).getByRole("button", { name: QUOTE_PANEL_TEXT.newPrice })).toBeTruthy();
  });

  it("'Send a new price' opens the editor with the sent lines; the server's 422 shows against the row", async () => {
    const calls = serve(SENT, () =>
      HttpResponse.json(
        { error: "Validation failed", code: "VALIDATION_FAILED", fieldErrors: { "lineItems.1.unitPrice": ["Use a price of A$0 or more, at most A$100,000, with at most 2 decimals."] } },
        { status: 422 },
      ));
    const { user } = await openPanel();
    const panel = await panelNamed(QUOTE_PANEL_TEXT.pricedTitle);
    await user.click(await within(panel).findByRole("button", { name: QUOTE_PANEL_TEXT.newPrice }));
    const form = within(within(panel).getByRole("form", { name: QUOTE_PANEL_TEXT.newPrice }));
    expect(document.activeElement).toBe(form.getByLabelText("Description, line 1"));
    expect((form.getByLabelText("Description, line 2") as HTMLInputElement).value).toBe("Window cleaning");
    expect((form.getByLabelText("Unit price, line 2") as HTMLInputElement).value).toBe("40.10");
    await user.click(form.getByRole("button", { name: QUOTE_EDITOR_TEXT.send }));

    const price = form.getByLabelText("Unit price, line 2");
    await waitFor(() => expect(price.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(price.getAttribute("aria-describedby")!)?.textContent)
      .toBe("Use a price of A$0 or more, at most A$100,000, with at most 2 decimals.");
    expect(form.getByLabelText("Unit price, line 1").getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(price);
    expect(within(panel).getByRole("alert")).toBeTruthy();
    expect(calls.put).toHaveLength(1);

    // Cancel keeps the sent price as it was.
    await user.click(form.getByRole("button", { name: QUOTE_EDITOR_TEXT.cancel }));
    expect(within(panel).queryByRole("form")).toBeNull();
    expect(within(panel).getByRole("button", { name: QUOTE_PANEL_TEXT.newPrice })).toBeTruthy();
  });

  it("is read only once the customer declined (or accepted): the decision, when, and why", async () => {
    serve({ ...SENT, status: "DECLINED", decidedAt: "2026-11-28T00:30:00.000Z", declineReason: "We found another cleaner." });
    await openPanel();
    const panel = await panelNamed(QUOTE_PANEL_TEXT.pricedTitle);
    await within(panel).findByText(QUOTE_PANEL_TEXT.decided);
    expect(detail(panel, "Status")).toBe("Declined");
    expect(detail(panel, "Declined")).toBe("Sat 28 Nov 2026, 11:30 am");
    expect(detail(panel, "Decline reason")).toBe("We found another cleaner.");
    expect(within(panel).queryByRole("button", { name: QUOTE_PANEL_TEXT.newPrice })).toBeNull();
    expect(within(panel).queryByRole("form")).toBeNull();
  });

  it("a booking (not a quote) has no price panel and asks for none", async () => {
    let asked = 0;
    server.use(
      http.get("/api/admin/bookings/b1", () => HttpResponse.json(aBooking())),
      http.get("/api/admin/bookings/b1/history", () => HttpResponse.json({ items: [] })),
      http.get("/api/admin/bookings/:id/payments", () => HttpResponse.json({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" })),
      http.get("/api/admin/bookings/:id/feedback", () => HttpResponse.json({ feedback: null })),
      http.get("/api/admin/bookings/:id/attendance", () => HttpResponse.json({ items: [] })),
      http.get("/api/admin/bookings/b1/quote", () => {
        asked++;
        return HttpResponse.json({ pricedQuote: SENT });
      }),
    );
    renderAdmin("/admin/bookings/b1");
    await screen.findByRole("heading", { name: "Booking", level: 1 });
    await screen.findByText("Inside oven");
    expect(screen.queryByRole("region", { name: QUOTE_PANEL_TEXT.title })).toBeNull();
    expect(asked).toBe(0);
  });
});
