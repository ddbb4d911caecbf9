/** A booking's customer (issue 17): the link to their record and their lasting notes, where the booking is read. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { CUSTOMER_PANEL_TEXT } from "./customer-panel.tsx";
import { aBooking, aPage } from "./test-fixtures.ts";

const T = CUSTOMER_PANEL_TEXT;

/** Just what the panel reads of GET /api/admin/customers/{id}. */
const aCustomer = (id: string, notes: string, mergedInto: string | null = null) => ({
  _id: id, firstName: "Olivia", lastName: "Nguyen", email: "olivia@example.com", phone: "0412345678", suburbs: [], tags: [],
  bookingsCount: 1, lifetimePaid: 0, nextVisit: null, lastVisit: null, createdAt: "2026-01-15T01:00:00.000Z",
  notes, mergedInto, addresses: [], bookings: [], inquiries: [], series: [], totals: { booked: 0, paid: 0, balance: 0 },
  possibleDuplicates: [],
});

let customerCalls: string[];

function serve(booking = aBooking({ customerId: "cu1" }), customers: Record<string, Response | object> = {}) {
  server.use(
    http.get("/api/admin/bookings/b1", () => HttpResponse.json(booking)),
    http.get("/api/admin/bookings", () => HttpResponse.json(aPage([booking]))),
    http.get("/api/admin/bookings/:id/payments", () => HttpResponse.json({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" })),
    http.get("/api/admin/bookings/b1/history", () => HttpResponse.json({ items: [] })),
    // The job's feedback panel (issue 32; features/feedback tests it).
    http.get("/api/admin/bookings/:id/feedback", () => HttpResponse.json({ feedback: null })),
    // Who is on the job (issue 31; features/attendance tests it).
    http.get("/api/admin/bookings/:id/attendance", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/customers/:id", ({ params }) => {
      const id = String(params.id);
      customerCalls.push(id);
      const answer = customers[id];
      if (answer instanceof Response) return answer;
      return answer ? HttpResponse.json(answer) : HttpResponse.json({ code: "CUSTOMER_NOT_FOUND" }, { status: 404 });
    }),
  );
}

async function openRecord() {
  const view = renderAdmin("/admin/bookings/b1");
  await screen.findByRole("heading", { name: "Booking", level: 1 });
  return view;
}

beforeEach(() => {
  customerCalls = [];
  storeSession();
});

describe("the customer panel of a booking", () => {
  it("on the booking's page: the customer's lasting notes first, with a link to their record, shown once", async () => {
    serve(undefined, { cu1: aCustomer("cu1", "Gate code 4821.\nFriendly dog (Max).") });
    await openRecord();
    const panel = await screen.findByRole("region", { name: T.title });
    expect(within(panel).getByRole("heading", { level: 2, name: T.title })).toBeTruthy();
    expect(within(panel).getByRole("link", { name: T.link }).getAttribute("href")).toBe("/admin/customers/cu1");
    expect(await within(panel).findByText(/Gate code 4821\./)).toBeTruthy();
    expect(panel.querySelector(".booking-customer__notes")?.textContent).toBe("Gate code 4821.\nFriendly dog (Max).");
    // Above the card, and not again in its open details.
    const card = screen.getByRole("article");
    expect(panel.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole("region", { name: T.title })).toHaveLength(1);
    expect(customerCalls).toEqual(["cu1"]);
  });

  it("in the bookings list: inside a card's details once they are opened", async () => {
    serve(undefined, { cu1: aCustomer("cu1", "Park in the visitor bay") });
    const { user } = renderAdmin("/admin/bookings");
    await screen.findByRole("heading", { name: "Bookings", level: 1 });
    const card = await screen.findByRole("article");
    expect(within(card).queryByRole("region", { name: T.title })).toBeNull();
    expect(customerCalls).toEqual([]);
    await user.click(within(card).getByRole("button", { name: "View details" }));
    const panel = await within(card).findByRole("region", { name: T.title });
    expect(within(panel).getByRole("heading", { level: 4 })).toBeTruthy();
    expect(await within(panel).findByText("Park in the visitor bay")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: T.link }).getAttribute("href")).toBe("/admin/customers/cu1");
  });

  it("says when the customer keeps no notes", async () => {
    serve(undefined, { cu1: aCustomer("cu1", "  ") });
    await openRecord();
    const panel = await screen.findByRole("region", { name: T.title });
    expect(await within(panel).findByText(T.noNotes)).toBeTruthy();
  });

  it("a customer merged into another: the link and the notes are the surviving record's", async () => {
    serve(undefined, { cu1: aCustomer("cu1", "", "cu9"), cu9: aCustomer("cu9", "Key in the lockbox") });
    await openRecord();
    const panel = await screen.findByRole("region", { name: T.title });
    expect(await within(panel).findByText("Key in the lockbox")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: T.link }).getAttribute("href")).toBe("/admin/customers/cu9");
    expect(customerCalls).toEqual(["cu1", "cu9"]);
  });

  it("says so when the notes fail to load, and still links to the record", async () => {
    serve(undefined, { cu1: HttpResponse.json({ error: "Database down" }, { status: 500 }) });
    await openRecord();
    const panel = await screen.findByRole("region", { name: T.title });
    expect((await within(panel).findByRole("alert")).textContent).toBe(T.loadFailed);
    expect(within(panel).getByRole("link", { name: T.link })).toBeTruthy();
  });

  it("says so when the customer record is not found", async () => {
    serve(undefined, {});
    await openRecord();
    const panel = await screen.findByRole("region", { name: T.title });
    expect((await within(panel).findByRole("alert")).textContent).toBe(T.notFound);
  });

  it("a booking with no customer (made before customer records) has no panel and asks for none", async () => {
    serve(aBooking({ customerId: null }));
    await openRecord();
    await screen.findByRole("article");
    await waitFor(() => expect(screen.getByText("Key under the mat")).toBeTruthy());
    expect(screen.queryByRole("region", { name: T.title })).toBeNull();
    expect(customerCalls).toEqual([]);
  });
});
