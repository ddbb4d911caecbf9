import { screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CustomerSummary } from "../../lib/customer-record.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { aCustomerSummary } from "./test-fixtures.ts";

let queries: Record<string, string>[];
const lastQuery = () => queries[queries.length - 1];

interface PageShape {
  items: CustomerSummary[];
  page?: number;
  totalPages?: number;
  totalItems?: number;
}

function answerList(answer: (query: Record<string, string>) => PageShape | Response) {
  server.use(
    http.get("/api/admin/customers", ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const result = answer(query);
      if (result instanceof Response) return result;
      return HttpResponse.json({ page: 1, totalPages: 1, totalItems: result.items.length, ...result });
    }),
  );
}

async function openCustomers(path = "/admin/customers") {
  const view = renderAdmin(path);
  await screen.findByRole("heading", { name: "Customers", level: 1 });
  return view;
}

const cell = (row: HTMLElement, label: string) => row.querySelector(`[data-label="${label}"]`);

beforeEach(() => {
  queries = [];
  storeSession();
});

describe("the customers list", () => {
  it("is in the side bar after Bookings, before Team", async () => {
    answerList(() => ({ items: [] }));
    await openCustomers();
    const links = within(screen.getByRole("navigation", { name: "Staff screens" })).getAllByRole("link");
    const names = links.map((link) => link.textContent);
    expect(names.indexOf("Customers")).toBeGreaterThan(names.indexOf("Bookings"));
    expect(names.indexOf("Customers")).toBeLessThan(names.indexOf("Team"));
    expect(links[names.indexOf("Customers")].getAttribute("href")).toBe("/admin/customers");
  });

  it("shows each customer's name, contacts, suburbs, bookings, lifetime paid and next visit", async () => {
    answerList(() => ({ items: [aCustomerSummary(), aCustomerSummary({ _id: "cu2", firstName: "", lastName: "", email: "jack@example.com", phone: "", suburbs: [], tags: [], nextVisit: null, lifetimePaid: 0, bookingsCount: 0 })] }));
    await openCustomers();
    const name = await screen.findByRole("link", { name: "Olivia Nguyen" });
    expect(name.getAttribute("href")).toBe("/admin/customers/cu1");
    expect(lastQuery()).toEqual({ limit: "100", page: "1" });
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Name", "Contacts", "Suburbs", "Bookings", "Lifetime paid", "Next visit",
    ]);

    const olivia = name.closest("tr")!;
    expect(within(olivia).getByRole("link", { name: "olivia@example.com" }).getAttribute("href")).toBe("mailto:olivia@example.com");
    expect(within(olivia).getByRole("link", { name: "0412 345 678" }).getAttribute("href")).toBe("tel:0412345678");
    expect(cell(olivia, "Suburbs")?.textContent).toBe("Richmond, Fitzroy");
    expect(cell(olivia, "Bookings")?.textContent).toBe("3");
    expect(cell(olivia, "Lifetime paid")?.textContent).toBe("A$475.50");
    expect(cell(olivia, "Next visit")?.textContent).toBe("Sat 28 Nov 2026, 9:00 am");
    expect(within(olivia).getByRole("button", { name: "VIP" })).toBeTruthy();

    // No name: the e-mail names the record; nothing known shows a dash.
    const [jack, jackMail] = screen.getAllByRole("link", { name: "jack@example.com" });
    expect(jack.getAttribute("href")).toBe("/admin/customers/cu2");
    expect(jackMail.getAttribute("href")).toBe("mailto:jack@example.com");
    const jackRow = jack.closest("tr")!;
    expect(cell(jackRow, "Suburbs")?.textContent).toBe("—");
    expect(cell(jackRow, "Next visit")?.textContent).toBe("—");
    expect(screen.getByText("2 customers")).toBeTruthy();
  });

  it("searches by what is typed, filters by a tag, and keeps both in the URL", async () => {
    answerList(() => ({ items: [aCustomerSummary()] }));
    const { user, history } = await openCustomers();
    await screen.findByRole("link", { name: "Olivia Nguyen" });
    await user.type(screen.getByLabelText("Search"), "0412 345");
    await waitFor(() => expect(lastQuery()).toEqual({ q: "0412 345", limit: "100", page: "1" }));
    expect(history.location.search).toBe("?q=0412+345");

    await user.type(screen.getByLabelText("Tag"), "vip");
    await waitFor(() => expect(lastQuery()).toEqual({ q: "0412 345", tag: "vip", limit: "100", page: "1" }));
    // The chip of the tag shown is pressed; pressing it again shows every tag.
    const chip = await screen.findByRole("button", { name: "VIP" });
    expect(chip.getAttribute("aria-pressed")).toBe("true");
    await user.click(chip);
    // The list without a tag is the one shown before: the cache has it.
    await waitFor(() => expect(history.location.search).toBe("?q=0412+345"));
    expect(screen.getByLabelText<HTMLInputElement>("Tag").value).toBe("");
  });

  it("filters by a tag when its chip is pressed", async () => {
    answerList(() => ({ items: [aCustomerSummary({ tags: ["Airbnb host"] })] }));
    const { user, history } = await openCustomers();
    await user.click(await screen.findByRole("button", { name: "Airbnb host" }));
    await waitFor(() => expect(lastQuery()).toEqual({ tag: "Airbnb host", limit: "100", page: "1" }));
    expect(history.location.search).toBe("?tag=Airbnb+host");
    expect(screen.getByLabelText<HTMLInputElement>("Tag").value).toBe("Airbnb host");
  });

  it("opens with the search, tag and page a link carries, and pages on", async () => {
    answerList((query) => ({ items: [aCustomerSummary()], page: Number(query.page), totalPages: 3, totalItems: 250 }));
    const { user, history } = await openCustomers("/admin/customers?q=olivia&tag=VIP&page=2");
    await screen.findByText("Page 2 of 3");
    expect(lastQuery()).toEqual({ q: "olivia", tag: "VIP", limit: "100", page: "2" });
    expect(screen.getByLabelText<HTMLInputElement>("Search").value).toBe("olivia");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Page 3 of 3");
    expect(lastQuery().page).toBe("3");
    expect(history.location.search).toBe("?q=olivia&tag=VIP&page=3");
    expect(screen.getByRole("button", { name: "Next page" })).toHaveProperty("disabled", true);
  });

  it("says when there are no customers, and when a search finds none", async () => {
    answerList(() => ({ items: [] }));
    const { user } = await openCustomers();
    expect(await screen.findByText("No customers yet.")).toBeTruthy();
    await user.type(screen.getByLabelText("Search"), "zzz");
    expect(await screen.findByText("No customers match your search.")).toBeTruthy();
  });

  it("says 'Failed to load customers' when the list fails", async () => {
    answerList(() => HttpResponse.json({ error: "Database down", code: "INTERNAL" }, { status: 503 }));
    await openCustomers();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load customers");
  });
});

describe("the customers CSV export", () => {
  it("downloads /api/admin/customers/export.csv with the search and tag shown, under the server's file name", async () => {
    answerList(() => ({ items: [aCustomerSummary()] }));
    let csvQuery: Record<string, string> | undefined;
    let authorization: string | null = "unset";
    server.use(
      http.get("/api/admin/customers/export.csv", async ({ request }) => {
        csvQuery = Object.fromEntries(new URL(request.url).searchParams);
        authorization = request.headers.get("Authorization");
        await delay(5);
        return new HttpResponse("\uFEFFName\r\n", {
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="customers-2026-11-25.csv"' },
        });
      }),
    );
    const createUrl = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:customers");
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user } = await openCustomers("/admin/customers?q=richmond&tag=VIP");
    await screen.findByRole("link", { name: "Olivia Nguyen" });
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(csvQuery).toEqual({ q: "richmond", tag: "VIP" });
    expect(authorization).toBeNull();
    expect(createUrl).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("customers-2026-11-25.csv");
    // Back to its label once the download has been handed over (the mutation settles after the click).
    expect(await screen.findByRole("button", { name: "Export CSV" })).toHaveProperty("disabled", false);
    createUrl.mockRestore();
    click.mockRestore();
  });

  it("shows the server's reason when the export fails", async () => {
    answerList(() => ({ items: [] }));
    server.use(
      http.get("/api/admin/customers/export.csv", () =>
        HttpResponse.json({ error: "tag: Each tag must be 1 to 30 characters.", code: "VALIDATION_FAILED" }, { status: 400 })),
    );
    const { user } = await openCustomers();
    await screen.findByText("No customers yet.");
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("tag: Each tag must be 1 to 30 characters.");
    await user.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
