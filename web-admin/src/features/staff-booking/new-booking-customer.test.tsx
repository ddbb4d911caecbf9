/**
 * Phone bookings (issue 34): "Find a customer" on the New booking screen fills the form from a
 * customer record (the staff customers list's search), and the booking's status is chosen at
 * creation (Pending or Confirmed) and sent.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { aCustomerMatch, aCustomerRecord, aStoredBooking, serveCatalogue } from "./test-fixtures.ts";

/** Sunday 22 Nov 2026, 11:00 in Melbourne. */
const NOW = new Date("2026-11-22T00:00:00.000Z");

const OLIVIA = aCustomerMatch();
const OLIVER = aCustomerMatch({
  _id: "cu2",
  firstName: "Oliver",
  lastName: "Smith",
  email: "oliver@example.com",
  phone: "0398765432",
  suburbs: ["Fitzroy"],
});

let searches: { q: string | null; limit: string | null }[];
let created: Record<string, unknown>[];

/** GET /api/admin/customers: a name, phone digits or e-mail finds Olivia and Oliver as the server's search would. */
function serveCustomers(options: { oliviaAddresses?: boolean; total?: number } = {}) {
  server.use(
    http.get("/api/admin/customers", ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = params.get("q");
      searches.push({ q, limit: params.get("limit") });
      const text = (q ?? "").toLowerCase();
      const digits = text.replace(/\D/g, "");
      const items = [OLIVIA, OLIVER].filter((c) =>
        `${c.firstName} ${c.lastName}`.toLowerCase().includes(text) || c.email.includes(text) ||
        (digits.length > 0 && c.phone.includes(digits))
      );
      return HttpResponse.json({ items, page: 1, totalPages: 1, totalItems: options.total ?? items.length });
    }),
    http.get("/api/admin/customers/cu1", () =>
      HttpResponse.json(aCustomerRecord(OLIVIA, options.oliviaAddresses === false ? { addresses: [] } : {}))),
    http.get("/api/admin/customers/cu2", () => HttpResponse.json(aCustomerRecord(OLIVER))),
  );
}

function serveCreate() {
  server.use(
    http.post("/api/admin/bookings", async ({ request }) => {
      created.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(aStoredBooking({ _id: "b9" }), { status: 201 });
    }),
    http.get("/api/admin/bookings/b9", () => HttpResponse.json(aStoredBooking({ _id: "b9" }))),
    http.get("/api/admin/bookings/:id/payments", () => HttpResponse.json({ items: [], paidToDate: 0, balance: 0, paymentStatus: "UNPAID" })),
    http.get("/api/admin/cleaners", () => HttpResponse.json({ items: [] })),
  );
}

beforeEach(() => {
  searches = [];
  created = [];
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
  serveCatalogue();
  serveCreate();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const finder = () => screen.getByRole("combobox", { name: "Find a customer" });
const status = () => screen.getByText((_, element) => element?.classList.contains("staff-booking__find-status") ?? false);

/** The job and its time, so only the customer is left to fill. */
async function fillJob(user: ReturnType<typeof renderAdmin>["user"]) {
  await user.selectOptions(await screen.findByLabelText("Service"), "s1");
  await user.selectOptions(screen.getByLabelText("Hours"), "3");
  fill("Date", "2026-11-24");
  fill("Start time", "09:00");
  await user.selectOptions(await screen.findByLabelText("Any pets? *"), "none");
}

// Typing and a form filled in full take a few seconds each on a busy machine.
describe("New booking: Find a customer", { timeout: 20_000 }, () => {
  it("lists the records matching a name with their count announced, and fills the form from the one chosen by keyboard", async () => {
    serveCustomers();
    const { user } = renderAdmin("/admin/bookings/new");
    const input = await screen.findByRole("combobox", { name: "Find a customer" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-describedby")).toBe(screen.getByText(/Type a name, phone or e-mail/).id);
    // It sits with the customer's details, above them.
    const customerCard = screen.getByRole("group", { name: "Customer" });
    expect(within(customerCard).getByRole("combobox")).toBe(input);

    await user.type(input, "oli");
    const list = await screen.findByRole("listbox", { name: "Matching customers" });
    const options = within(list).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Olivia Nguyenolivia@example.com · 0412 345 678 · Richmond",
      "Oliver Smitholiver@example.com · 03 9876 5432 · Fitzroy",
    ]);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(input.getAttribute("aria-controls")).toBe(list.id);
    expect(status().getAttribute("role")).toBe("status");
    expect(status().textContent).toBe("2 customers match. Use the up and down arrows to choose.");
    // One search once typing paused, the staff customers list's own, a few rows.
    expect(searches).toEqual([{ q: "oli", limit: "8" }]);

    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1].id);
    expect(options[1].getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowDown}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0].id);
    await user.keyboard("{Enter}");

    expect(valueOf("First name")).toBe("Olivia");
    expect(valueOf("Last name")).toBe("Nguyen");
    expect(valueOf("Email")).toBe("olivia@example.com");
    expect(valueOf("Phone")).toBe("0412 345 678");
    // The address of the record's latest booking, once the record is read.
    await waitFor(() => expect(valueOf("Street")).toBe("12 Chapel St"));
    expect([valueOf("Unit (optional)"), valueOf("Suburb"), valueOf("State"), valueOf("Postcode")]).toEqual(["4", "Richmond", "VIC", "3121"]);
    expect(status().textContent).toBe("Filled in Olivia Nguyen’s name, e-mail, phone and the address of their latest booking.");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect((input as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(input);
    // Enter chose; it never sent the booking form.
    expect(created).toEqual([]);
  });

  it("finds by phone however typed and by e-mail, chosen with the mouse; says when nothing matches; Escape closes", async () => {
    serveCustomers();
    const { user } = renderAdmin("/admin/bookings/new");
    const input = await screen.findByRole("combobox", { name: "Find a customer" });

    await user.type(input, "03 9876");
    const byPhone = await screen.findByRole("option", { name: /Oliver Smith/ });
    expect(within(screen.getByRole("listbox")).getAllByRole("option")).toHaveLength(1);
    expect(status().textContent).toBe("1 customer matches. Use the up and down arrows to choose.");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByRole("option", { name: /Oliver Smith/ })).toBeTruthy();
    await user.click(screen.getByRole("option", { name: /Oliver Smith/ }));
    expect(byPhone).toBeTruthy();
    expect(valueOf("First name")).toBe("Oliver");
    expect(valueOf("Phone")).toBe("03 9876 5432");
    await waitFor(() => expect(valueOf("Postcode")).toBe("3121"));

    await user.type(input, "nobody@nowhere");
    await waitFor(() => expect(status().textContent).toBe("No customer matches “nobody@nowhere”."));
    expect(screen.queryByRole("listbox")).toBeNull();

    await user.clear(input);
    await user.type(input, "olivia@");
    await user.click(await screen.findByRole("option", { name: /Olivia Nguyen/ }));
    expect(valueOf("Email")).toBe("olivia@example.com");
    expect(searches.map((s) => s.q)).toEqual(["03 9876", "nobody@nowhere", "olivia@"]);
  });

  it("a record with no address fills what it has, and says so; more matches than listed asks for more letters", async () => {
    serveCustomers({ oliviaAddresses: false, total: 23 });
    const { user } = renderAdmin("/admin/bookings/new");
    const input = await screen.findByRole("combobox", { name: "Find a customer" });
    fill("Street", "1 Typed St");
    await user.type(input, "ol");
    await screen.findByRole("listbox");
    expect(status().textContent).toBe("23 customers match; the first 2 are listed. Type more to narrow them down.");
    await user.click(screen.getByRole("option", { name: /Olivia Nguyen/ }));
    await waitFor(() => expect(status().textContent).toBe("Filled in Olivia Nguyen’s name, e-mail and phone; their record has no address yet."));
    expect(valueOf("First name")).toBe("Olivia");
    expect(valueOf("Street")).toBe("1 Typed St");
  });

  it("a single letter searches nothing", async () => {
    serveCustomers();
    const { user } = renderAdmin("/admin/bookings/new");
    await user.type(await screen.findByRole("combobox", { name: "Find a customer" }), "o");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches).toEqual([]);
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(finder().getAttribute("aria-expanded")).toBe("false");
  });
});

describe("New booking: the status at creation", { timeout: 20_000 }, () => {
  it("is Pending unless Confirmed is chosen, and is sent with the filled-in customer", async () => {
    serveCustomers();
    const { user, history } = renderAdmin("/admin/bookings/new");
    await fillJob(user);
    const group = screen.getByRole("group", { name: "Booking status" });
    expect((within(group).getByRole("radio", { name: "Pending" }) as HTMLInputElement).checked).toBe(true);
    expect(group.getAttribute("aria-describedby")).toBe(within(group).getByText(/their one e-mail says the booking is confirmed/).id);

    await user.type(finder(), "olivia");
    await user.click(await screen.findByRole("option", { name: /Olivia Nguyen/ }));
    await waitFor(() => expect(valueOf("Street")).toBe("12 Chapel St"));
    await user.click(within(group).getByRole("radio", { name: "Confirmed" }));
    await user.click(screen.getByRole("button", { name: "Create booking" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b9"));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      status: "CONFIRMED",
      notifyCustomer: true,
      firstName: "Olivia",
      lastName: "Nguyen",
      email: "olivia@example.com",
      phone: "0412 345 678",
      address: { unit: "4", street: "12 Chapel St", suburb: "Richmond", state: "VIC", postCode: "3121" },
    });
  });

  it("sends PENDING when left as it is", async () => {
    const { user, history } = renderAdmin("/admin/bookings/new");
    await fillJob(user);
    fill("First name", "Ada");
    fill("Last name", "Lovelace");
    fill("Email", "ada@example.com");
    fill("Phone", "0412 345 678");
    fill("Street", "12 Smith St");
    fill("Suburb", "Fitzroy");
    fill("Postcode", "3065");
    await user.click(screen.getByRole("button", { name: "Create booking" }));
    await waitFor(() => expect(history.location.pathname).toBe("/admin/bookings/b9"));
    expect(created[0]).toMatchObject({ status: "PENDING", firstName: "Ada" });
  });
});
