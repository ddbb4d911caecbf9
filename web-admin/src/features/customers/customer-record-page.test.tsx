import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES } from "@yarra/core/customers/rules.ts";
import type { CustomerDetail } from "../../lib/customer-record.ts";
import { UNSAVED_PROMPT } from "../../lib/unsaved-changes.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { CUSTOMER_TEXT } from "./customer-text.ts";
import { aCustomer, aCustomerSummary } from "./test-fixtures.ts";

const T = CUSTOMER_TEXT;

let patches: unknown[];
let merges: unknown[];

/** GET answers `record` (or the failure); PATCH answers `patched(body)` when given. */
function serve(
  record: CustomerDetail | Response,
  options: { patched?: (body: Record<string, unknown>) => CustomerDetail | Response; merged?: () => CustomerDetail | Response } = {},
) {
  server.use(
    http.get("/api/admin/customers/cu1", () => (record instanceof Response ? record : HttpResponse.json(record))),
    // The record's ratings (issue 32; features/feedback tests them).
    http.get("/api/admin/feedback", () => HttpResponse.json({ items: [], averageRating: null, ratings: 0 })),
    http.patch("/api/admin/customers/cu1", async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      const answer = options.patched?.(body) ?? HttpResponse.json({ error: "unexpected" }, { status: 500 });
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
    http.post("/api/admin/customers/cu1/merge", async ({ request }) => {
      merges.push(await request.json());
      const answer = options.merged?.() ?? HttpResponse.json({ error: "unexpected" }, { status: 500 });
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
}

async function openRecord(path = "/admin/customers/cu1") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { level: 1, name: /Olivia Nguyen|Customer/ });
  await waitFor(() => expect(screen.queryByText(T.loading)).toBeNull());
  return view;
}

const region = (name: string) => screen.getByRole("region", { name });
const fact = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll(".customer-facts__row")].find((row) => row.querySelector("dt")?.textContent === label)?.querySelector("dd");

beforeEach(() => {
  patches = [];
  merges = [];
  storeSession();
  // happy-dom has no window.confirm of its own.
  window.confirm ??= () => false;
});
afterEach(() => vi.restoreAllMocks());

describe("a customer's record", () => {
  it("shows contacts, totals, addresses, every booking and quote, inquiries, regular cleans and possible duplicates", async () => {
    serve(aCustomer());
    await openRecord();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Olivia Nguyen");
    expect(screen.getByRole("link", { name: T.back }).getAttribute("href")).toBe("/admin/customers");

    const contacts = region("Contacts");
    expect(within(contacts).getByRole("link", { name: "olivia@example.com" }).getAttribute("href")).toBe("mailto:olivia@example.com");
    expect(within(contacts).getByRole("link", { name: "0412 345 678" }).getAttribute("href")).toBe("tel:0412345678");
    expect(fact(contacts, "Customer since")?.textContent).toBe("Thu 15 Jan 2026");

    const totals = region("Totals");
    expect(fact(totals, "Booked")?.textContent).toBe("A$475.00");
    expect(fact(totals, "Paid")?.textContent).toBe("A$250.00");
    expect(fact(totals, "Balance")?.textContent).toBe("A$225.00");
    expect(fact(totals, "Lifetime paid")?.textContent).toBe("A$475.50");
    expect(fact(totals, "Next visit")?.textContent).toBe("Sat 28 Nov 2026, 9:00 am");

    expect(within(region("Addresses used")).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "4/12 Chapel St, Richmond, VIC 3121",
      "7 Brunswick St, Fitzroy, VIC 3065",
    ]);

    const bookings = region("Bookings and quotes");
    const rows = within(bookings).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0]);
    expect(first.getByRole("link", { name: "YS-AAAA11" }).getAttribute("href")).toBe("/admin/bookings/b1");
    expect(rows[0].textContent).toContain("Regular clean");
    expect(rows[0].querySelector('[data-label="Status"]')?.textContent).toBe("Confirmed");
    expect(rows[0].querySelector('[data-label="Date"]')?.textContent).toBe("Sat 28 Nov 2026, 9:00 am");
    expect(rows[0].querySelector('[data-label="Total"]')?.textContent).toBe("A$225.00");
    expect(rows[1].querySelector('[data-label="Paid"]')?.textContent).toBe("A$250.00");
    expect(rows[2].textContent).toContain("Quote");
    expect(rows[2].querySelector('[data-label="Status"]')?.textContent).toBe("Quote requested");

    const inquiries = region("Inquiries");
    const inquiry = within(inquiries).getByRole("link", { name: "Office, Thu 1 Oct 2026" });
    expect(inquiry.getAttribute("href")).toBe("/admin/inquiries/i1");
    expect(inquiries.textContent).toContain("Archived");
    expect(inquiries.textContent).toContain("Office clean, 2 floors.");

    const series = within(region("Regular cleans")).getByRole("link", { name: "Weekly, Saturday, 9:00 am" });
    expect(series.getAttribute("href")).toBe("/admin/series/s1");
    expect(region("Regular cleans").textContent).toContain("Active");

    const duplicates = region("Possible duplicates");
    expect(within(duplicates).getByRole("link", { name: "Liv Nguyen" }).getAttribute("href")).toBe("/admin/customers/cu2");
    expect(duplicates.textContent).toContain("liv@work.example");
    expect(within(duplicates).getByRole("button", { name: "Merge into this record" }).getAttribute("aria-describedby")).toBeTruthy();
  });

  it("says what a new customer has none of yet", async () => {
    serve(aCustomer({
      notes: "", tags: [], addresses: [], bookings: [], inquiries: [], series: [], possibleDuplicates: [],
      nextVisit: null, lastVisit: null, totals: { booked: 0, paid: 0, balance: 0 },
    }));
    await openRecord();
    for (const text of [T.noBookings, T.noInquiries, T.noSeries, T.noAddresses, T.noDuplicates, T.noTags]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(fact(region("Totals"), "Next visit")?.textContent).toBe("—");
  });

  it("says 'Not found' for an id no customer has", async () => {
    serve(HttpResponse.json({ error: "Customer not found", code: "CUSTOMER_NOT_FOUND" }, { status: 404 }));
    renderAdmin("/admin/customers/cu1");
    expect(await screen.findByText(T.notFound)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: T.back }).getAttribute("href")).toBe("/admin/customers");
  });

  it("says 'Failed to load the customer' when the record fails to load", async () => {
    serve(HttpResponse.json({ error: "Database down" }, { status: 500 }));
    renderAdmin("/admin/customers/cu1");
    expect((await screen.findByRole("alert")).textContent).toContain(T.loadFailed);
  });

  it("a merged record says so and leads to the record it went into", async () => {
    serve(aCustomer({ mergedInto: "cu9", bookings: [], possibleDuplicates: [] }));
    server.use(http.get("/api/admin/customers/cu9", () => HttpResponse.json(aCustomer({ _id: "cu9", firstName: "Olivia", lastName: "Tran" }))));
    const { user, history } = await openRecord();
    const note = screen.getByRole("note");
    expect(note.textContent).toContain(T.mergedNotice);
    // Nothing to edit or merge on a record kept only as history.
    expect(screen.queryByRole("button", { name: "Save notes" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Possible duplicates" })).toBeNull();
    const link = within(note).getByRole("link", { name: T.openMerged });
    expect(link.getAttribute("href")).toBe("/admin/customers/cu9");
    await user.click(link);
    await screen.findByRole("heading", { level: 1, name: "Olivia Tran" });
    expect(history.location.pathname).toBe("/admin/customers/cu9");
  });
});

describe("lasting notes", () => {
  it("saves the notes and says so; Save waits for a change", async () => {
    serve(aCustomer(), { patched: (body) => aCustomer({ notes: String(body.notes).trim() }) });
    const { user } = await openRecord();
    const notes = screen.getByLabelText<HTMLTextAreaElement>("Notes");
    expect(notes.value).toBe("Gate code 4821. Friendly dog (Max).");
    expect(notes.maxLength).toBe(CUSTOMER_LIMITS.notes);
    expect(screen.getByText(/gate codes, pets, parking/i)).toBeTruthy();
    const save = screen.getByRole("button", { name: "Save notes" });
    expect(save).toHaveProperty("disabled", true);

    await user.clear(notes);
    await user.type(notes, "Park in the visitor bay. ");
    await user.click(save);
    expect(await within(region("Lasting notes")).findByText(T.notesSaved)).toBeTruthy();
    expect(patches).toEqual([{ notes: "Park in the visitor bay. " }]);
    // The server's trimmed text is what the box holds now.
    await waitFor(() => expect(notes.value).toBe("Park in the visitor bay."));
    expect(save).toHaveProperty("disabled", true);
  });

  it("shows the server's message by the field when it refuses the notes", async () => {
    serve(aCustomer(), {
      patched: () => HttpResponse.json(
        { error: "Validation failed", code: "VALIDATION_FAILED", fieldErrors: { notes: [CUSTOMER_MESSAGES.notesTooLong] } },
        { status: 422 },
      ),
    });
    const { user } = await openRecord();
    await user.type(screen.getByLabelText("Notes"), " More.");
    await user.click(screen.getByRole("button", { name: "Save notes" }));
    await waitFor(() => expect(screen.getByLabelText("Notes").getAttribute("aria-invalid")).toBe("true"));
    expect(within(region("Lasting notes")).getAllByText(CUSTOMER_MESSAGES.notesTooLong).length).toBeGreaterThan(0);
    expect(within(region("Lasting notes")).getByRole("alert").textContent).toContain("Validation failed");
  });

  it("says the record went when it was merged away while open (CUSTOMER_NOT_FOUND)", async () => {
    serve(aCustomer(), { patched: () => HttpResponse.json({ code: "CUSTOMER_NOT_FOUND" }, { status: 404 }) });
    const { user } = await openRecord();
    await user.type(screen.getByLabelText("Notes"), " More.");
    await user.click(screen.getByRole("button", { name: "Save notes" }));
    expect((await within(region("Lasting notes")).findByRole("alert")).textContent).toContain(T.goneWhileOpen);
  });

  it("asks before leaving typed notes unsaved", async () => {
    serve(aCustomer());
    server.use(http.get("/api/admin/customers", () => HttpResponse.json({ items: [aCustomerSummary()], page: 1, totalPages: 1, totalItems: 1 })));
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, history } = await openRecord();
    await user.type(screen.getByLabelText("Notes"), " Key in the lockbox.");
    await user.click(screen.getByRole("link", { name: T.back }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_PROMPT);
    expect(history.location.pathname).toBe("/admin/customers/cu1");
    await user.click(screen.getByRole("link", { name: T.back }));
    await screen.findByRole("heading", { level: 1, name: "Customers" });
  });
});

describe("tags", () => {
  it("adds a tag and removes one, saving the whole list each time", async () => {
    serve(aCustomer(), { patched: (body) => aCustomer({ tags: body.tags as string[] }) });
    const { user } = await openRecord();
    const tags = region("Tags");
    await user.type(within(tags).getByLabelText("New tag"), "  Airbnb   host ");
    await user.click(within(tags).getByRole("button", { name: "Add tag" }));
    await within(tags).findByText("Airbnb host");
    expect(patches).toEqual([{ tags: ["VIP", "Airbnb host"] }]);
    expect(within(tags).getByLabelText<HTMLInputElement>("New tag").value).toBe("");
    expect(within(tags).getByText(T.tagsSaved)).toBeTruthy();

    await user.click(within(tags).getByRole("button", { name: "Remove tag VIP" }));
    await waitFor(() => expect(within(tags).queryByText("VIP")).toBeNull());
    expect(patches[1]).toEqual({ tags: ["Airbnb host"] });
  });

  it("refuses a tag already there (any letter case) or a blank one, without asking the server", async () => {
    serve(aCustomer());
    const { user } = await openRecord();
    const tags = region("Tags");
    const input = within(tags).getByLabelText("New tag");
    await user.type(input, "vip");
    await user.click(within(tags).getByRole("button", { name: "Add tag" }));
    expect(within(tags).getByText('"vip" is already a tag of this customer.')).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await user.clear(input);
    await user.type(input, "   ");
    await user.click(within(tags).getByRole("button", { name: "Add tag" }));
    expect(within(tags).getByText(CUSTOMER_MESSAGES.tagLength)).toBeTruthy();
    expect(patches).toEqual([]);
    expect((input as HTMLInputElement).maxLength).toBe(CUSTOMER_LIMITS.tagLength);
  });

  it("stops at the most tags a customer may have", async () => {
    const twenty = Array.from({ length: CUSTOMER_LIMITS.tags }, (_, i) => `Tag ${i + 1}`);
    serve(aCustomer({ tags: twenty }));
    await openRecord();
    const tags = region("Tags");
    expect(within(tags).getAllByRole("listitem")).toHaveLength(20);
    expect(within(tags).getByLabelText("New tag")).toHaveProperty("disabled", true);
    expect(within(tags).getByRole("button", { name: "Add tag" })).toHaveProperty("disabled", true);
    expect(within(tags).getByText(CUSTOMER_MESSAGES.tooManyTags)).toBeTruthy();
  });

  it("shows the server's refusal of the tags", async () => {
    serve(aCustomer(), {
      patched: () => HttpResponse.json(
        { error: "Validation failed", code: "VALIDATION_FAILED", fieldErrors: { tags: [CUSTOMER_MESSAGES.tooManyTags] } },
        { status: 422 },
      ),
    });
    const { user } = await openRecord();
    const tags = region("Tags");
    await user.type(within(tags).getByLabelText("New tag"), "Weekly");
    await user.click(within(tags).getByRole("button", { name: "Add tag" }));
    expect(await within(tags).findByRole("alert")).toBeTruthy();
    expect(within(tags).getAllByText(CUSTOMER_MESSAGES.tooManyTags).length).toBeGreaterThan(0);
    // What was typed stays, to try again.
    expect(within(tags).getByLabelText<HTMLInputElement>("New tag").value).toBe("Weekly");
  });
});

describe("merging a possible duplicate", () => {
  const merged = () =>
    aCustomer({
      possibleDuplicates: [],
      bookings: [
        ...aCustomer().bookings,
        {
          _id: "b9", reference: "YS-DDDD44", type: "BOOKING", status: "DONE", paymentStatus: "PAID",
          startTime: "2026-06-01T00:00:00.000Z", serviceName: "Regular Clean", firstServiceTotal: 180, paidToDate: 180, seriesId: null,
        },
      ],
    });

  it("asks first, naming both records; No sends nothing", async () => {
    serve(aCustomer(), { merged });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const { user } = await openRecord();
    await user.click(screen.getByRole("button", { name: "Merge into this record" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    const prompt = String(confirm.mock.calls[0][0]);
    // Names sit between the Unicode isolates, as a <bdi> would hold them on screen.
    expect(prompt).toContain("Merge \u2068Liv Nguyen\u2069 (\u2068liv@work.example\u2069) into \u2068Olivia Nguyen\u2069 (\u2068olivia@example.com\u2069)?");
    expect(prompt).toContain("can't be undone");
    expect(merges).toEqual([]);
  });

  it("merges on Yes: the other record's bookings appear here and the duplicate leaves the list", async () => {
    serve(aCustomer(), { merged });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await openRecord();
    await user.click(screen.getByRole("button", { name: "Merge into this record" }));
    const bookings = region("Bookings and quotes");
    expect(await within(bookings).findByRole("link", { name: "YS-DDDD44" })).toBeTruthy();
    expect(merges).toEqual([{ otherId: "cu2" }]);
    const duplicates = region("Possible duplicates");
    expect(within(duplicates).getByText(T.noDuplicates)).toBeTruthy();
    expect(within(duplicates).getByRole("status").textContent).toBe("Merged: Liv Nguyen's bookings, quotes and inquiries are now on this record.");
  });

  it("shows why the server refused the merge (CUSTOMER_MERGE_INVALID)", async () => {
    serve(aCustomer(), {
      merged: () => HttpResponse.json(
        { error: CUSTOMER_MESSAGES.mergeMerged, code: "CUSTOMER_MERGE_INVALID", details: { mergedInto: "cu7" } },
        { status: 422 },
      ),
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await openRecord();
    await user.click(screen.getByRole("button", { name: "Merge into this record" }));
    const alert = await within(region("Possible duplicates")).findByRole("alert");
    expect(alert.textContent).toContain(CUSTOMER_MESSAGES.mergeMerged);
    // Nothing moved: the duplicate is still offered.
    expect(screen.getByRole("button", { name: "Merge into this record" })).toHaveProperty("disabled", false);
  });

  it("says the records can't be merged when the server gives no reason", async () => {
    serve(aCustomer(), { merged: () => HttpResponse.json({ code: "CUSTOMER_MERGE_INVALID" }, { status: 422 }) });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await openRecord();
    await user.click(screen.getByRole("button", { name: "Merge into this record" }));
    expect((await within(region("Possible duplicates")).findByRole("alert")).textContent).toContain(T.mergeInvalid);
  });
});
