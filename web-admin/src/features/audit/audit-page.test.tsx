import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { readableAuditEntry } from "@yarra/core/admin/audit-log/readable-entry.ts";
import type { AuditRowWithFacts } from "@yarra/core/admin/audit-log/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { AuditRow } from "./audit-page.tsx";

const SAM = "4b0c1a52-0000-4000-8000-000000000001";

const confirmed: AuditRow = {
  id: 7,
  at: "2026-11-25T03:00:00.000Z",
  adminId: SAM,
  adminEmail: "sam.staff@yarrashine.com.au",
  action: "booking.status",
  entity: "booking",
  entityId: "b-123",
  before: { status: "PENDING" },
  after: { status: "CONFIRMED" },
  actor: { name: "Sam Staff", email: "sam.staff@yarrashine.com.au", kind: "staff" },
  record: { type: "booking", id: "b-123", label: "YS-7K3F9Q · Ada Lovelace" },
  summary: "Confirmed booking YS-7K3F9Q for Ada Lovelace",
  changes: [{ field: "Status", before: "Pending", after: "Confirmed" }],
};

const moved: AuditRow = {
  ...confirmed,
  id: 6,
  // Winter: AEST.
  at: "2026-07-10T00:00:00.000Z",
  adminId: null,
  adminEmail: "ada@example.com",
  action: "booking.customer_reschedule",
  actor: { name: "Customer", email: "ada@example.com", kind: "customer" },
  summary: "Ada Lovelace moved booking YS-7K3F9Q to Sat 5 Dec 2026, 11:00 am AEDT",
  changes: [{ field: "Start", before: "Fri 4 Dec 2026, 9:00 am AEDT", after: "Sat 5 Dec 2026, 11:00 am AEDT" }],
};

const archived: AuditRow = {
  ...confirmed,
  id: 5,
  action: "inquiry.archive",
  entity: "inquiry",
  entityId: "i-9",
  record: { type: "inquiry", id: "i-9", label: "Priya Shah (Office)" },
  summary: "Archived the inquiry from Priya Shah",
  changes: [{ field: "Archived", before: "—", after: "Wed 25 Nov 2026, 2:00 pm AEDT" }],
};

const serviceGone: AuditRow = {
  ...confirmed,
  id: 4,
  action: "service.hard_delete",
  entity: "service",
  entityId: "s-1",
  record: null,
  summary: "Permanently deleted the service Deep clean and its extras",
  changes: [{ field: "Name", before: "Deep clean", after: null }],
};

let asked: URLSearchParams[];
beforeEach(() => {
  asked = [];
  storeSession({ role: "superadmin" });
  server.use(
    http.get("/api/admin/admins", () =>
      HttpResponse.json({
        items: [
          { _id: SAM, name: "Sam Staff", email: "sam.staff@yarrashine.com.au", role: "admin" },
          { _id: "4b0c1a52-0000-4000-8000-000000000002", name: "Olivia Owner", email: "olivia@yarrashine.com.au", role: "superadmin" },
        ],
      })),
  );
});

function answer(items: AuditRow[], totalPages = 1, status = 200) {
  server.use(
    http.get("/api/admin/audit", ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      if (status !== 200) return HttpResponse.json({ error: "down", code: "X" }, { status });
      return HttpResponse.json({ items, page: Number(params.get("page") ?? 1), totalPages, totalItems: items.length });
    }),
  );
}

/** The last request's filters, page size aside. */
const lastQuery = () => {
  const params = new URLSearchParams(asked.at(-1));
  params.delete("limit");
  return Object.fromEntries(params);
};

describe("audit log", () => {
  it("lists who, when in Melbourne time with its label, what as a sentence, and the changes", async () => {
    answer([confirmed, moved, archived, serviceGone]);
    renderAdmin("/admin/audit");
    await screen.findByRole("heading", { name: "Audit log", level: 1 });
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Who", "When", "What", "Changes"]);
    const [first, second, , fourth] = within(table).getAllByRole("row").slice(1);
    expect(within(first).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "Sam Staffsam.staff@yarrashine.com.au",
      "Wed 25 Nov 2026, 2:00 pm AEDT",
      "Confirmed booking YS-7K3F9Q for Ada LovelaceYS-7K3F9Q · Ada Lovelace",
      "Status: Pending →  changed to Confirmed",
    ]);
    expect(within(second).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "Customerada@example.com",
      "Fri 10 July 2026, 10:00 am AEST",
      "Ada Lovelace moved booking YS-7K3F9Q to Sat 5 Dec 2026, 11:00 am AEDTYS-7K3F9Q · Ada Lovelace",
      "Start: Fri 4 Dec 2026, 9:00 am AEDT →  changed to Sat 5 Dec 2026, 11:00 am AEDT",
    ]);
    // A record that is gone: the sentence, no link; a delete has no after.
    expect(within(fourth).queryByRole("link")).toBeNull();
    expect(within(fourth).getAllByRole("cell")[3].textContent).toBe("Name: Deep clean");
  });

  it("links the record's label to its own page", async () => {
    answer([confirmed, archived, serviceGone]);
    renderAdmin("/admin/audit");
    const booking = await screen.findAllByRole("link", { name: "YS-7K3F9Q · Ada Lovelace" });
    expect(booking[0].getAttribute("href")).toBe("/admin/bookings/b-123");
    expect(screen.getByRole("link", { name: "Priya Shah (Office)" }).getAttribute("href")).toBe("/admin/inquiries/i-9");
  });

  it("breaks an e-mail only before its @ and its dots, in Who and in Changes", async () => {
    answer([{ ...confirmed, changes: [{ field: "E-mail", before: "ada@old.example", after: "ada.l@example.com" }] }]);
    renderAdmin("/admin/audit");
    const table = await screen.findByRole("table");
    const email = table.querySelector(".audit-email")!;
    expect(email.textContent).toBe("sam.staff@yarrashine.com.au");
    expect([...email.querySelectorAll(".audit-email__part")].map((part) => part.textContent)).toEqual([
      "sam",
      ".staff",
      "@yarrashine",
      ".com",
      ".au",
    ]);
    expect(email.querySelectorAll("wbr")).toHaveLength(4);
    const changed = table.querySelector(".audit-changes__after .audit-email")!;
    expect([...changed.querySelectorAll(".audit-email__part")].map((part) => part.textContent)).toEqual(["ada", ".l", "@example", ".com"]);
    expect(table.querySelector(".audit-changes")!.textContent).toBe("E-mail: ada@old.example →  changed to ada.l@example.com");
  });

  it("pages, keeping the filters", async () => {
    answer([confirmed], 3);
    const { user } = renderAdmin("/admin/audit?recordType=booking");
    await screen.findByText("Page 1 of 3");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Page 2 of 3");
    expect(asked.map((params) => [params.get("page"), params.get("recordType")])).toEqual([["1", "booking"], ["2", "booking"]]);
  });

  it("shows an empty log, no match for filters, and a failed load", async () => {
    answer([]);
    const view = renderAdmin("/admin/audit");
    expect(await screen.findByText("No audit entries yet.")).toBeTruthy();
    view.unmount();
    answer([]);
    const filtered = renderAdmin("/admin/audit?recordType=quote");
    expect(await screen.findByText("No entries match these filters.")).toBeTruthy();
    filtered.unmount();
    answer([], 1, 500);
    renderAdmin("/admin/audit");
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load the audit log");
  });
});

describe("audit log filters", () => {
  it("send the person, the record type and the Melbourne dates, and keep them in the URL", async () => {
    answer([confirmed]);
    const { user, history } = renderAdmin("/admin/audit?page=2");
    await screen.findByRole("table");
    const person = screen.getByRole("combobox", { name: "Person" });
    await within(person).findByRole("option", { name: "Sam Staff (sam.staff@yarrashine.com.au)" });

    await user.selectOptions(person, "Sam Staff (sam.staff@yarrashine.com.au)");
    // A new filter starts at page 1.
    await waitFor(() => expect(lastQuery()).toEqual({ adminId: SAM, page: "1" }));

    await user.selectOptions(screen.getByRole("combobox", { name: "Record" }), "Bookings");
    await waitFor(() => expect(lastQuery()).toEqual({ adminId: SAM, recordType: "booking", page: "1" }));

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    await waitFor(() => expect(lastQuery().from).toBe("2026-11-01"));
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-30" } });
    await waitFor(() => expect(lastQuery()).toEqual({ adminId: SAM, recordType: "booking", from: "2026-11-01", to: "2026-11-30", page: "1" }));
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({
      adminId: SAM,
      recordType: "booking",
      from: "2026-11-01",
      to: "2026-11-30",
    });

    await user.selectOptions(person, "Customers (through their booking link)");
    await waitFor(() => expect(lastQuery()).toEqual({ actor: "customer", recordType: "booking", from: "2026-11-01", to: "2026-11-30", page: "1" }));

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: "1" }));
    expect(history.location.search).toBe("");
  });

  it("open from a link with its filters chosen", async () => {
    answer([confirmed]);
    renderAdmin(`/admin/audit?adminId=${SAM}&recordType=inquiry&from=2026-11-01`);
    await screen.findByRole("table");
    expect(lastQuery()).toEqual({ adminId: SAM, recordType: "inquiry", from: "2026-11-01", page: "1" });
    await waitFor(() => expect((screen.getByRole("combobox", { name: "Person" }) as HTMLSelectElement).value).toBe(SAM));
    expect((screen.getByRole("combobox", { name: "Record" }) as HTMLSelectElement).value).toBe("inquiry");
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-11-01");
  });

  it("opens on the page a link carries and keeps the page in the URL", async () => {
    answer([confirmed], 3);
    const { user, history } = renderAdmin("/admin/audit?page=2");
    await screen.findByText("Page 2 of 3");
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await screen.findByText("Page 1 of 3");
    expect(asked.map((params) => params.get("page"))).toEqual(["2", "1"]);
    expect(history.location.search).toBe("");
  });
});

const REGULAR = "86b8cdc8-7352-4d26-b9c5-3826239533f4";
const DEEP = "62684706-ec03-4ed4-99c0-a526747259e8";
const OVEN = "fb20856d-6885-4cde-84ba-c69fa78d74c3";

/** A row as the server stores it, read as the server answers it (core's readable entry, JSON round trip). */
const stored = (id: number, row: Partial<AuditRowWithFacts>): AuditRow =>
  JSON.parse(JSON.stringify(readableAuditEntry({
    id,
    at: new Date("2026-11-25T03:00:00.000Z"),
    adminId: SAM,
    adminEmail: "sam.staff@yarrashine.com.au",
    action: "unknown.action",
    entity: "extra",
    entityId: OVEN,
    before: null,
    after: null,
    actorName: "Sam Staff",
    facts: null,
    names: null,
    ...row,
  })));

describe("audit log: names, never ids or JSON (issue 34 item 17)", () => {
  it("reads catalogue changes and the public holidays by name", async () => {
    answer([
      stored(14, {
        action: "closed_date.add_public_holidays",
        entity: "closed_date",
        entityId: null,
        after: {
          holidays: [
            { date: "2026-12-25", label: "Christmas Day" },
            { date: "2026-12-26", label: "Boxing Day" },
            { date: "2027-11-02", label: "Melbourne Cup" },
          ],
        },
      }),
      stored(13, {
        action: "service.hard_delete",
        entity: "service",
        entityId: REGULAR,
        before: {
          _id: REGULAR,
          name: "Regular clean",
          extras: [{ _id: OVEN, serviceId: REGULAR, title: "Inside oven", price: 65, order: 1, deletedAt: null }],
          questions: [{ _id: "a6669e0f-0642-4478-b04c-37c8b1254aa0", serviceId: REGULAR, text: "Any pets?", options: [] }],
        },
      }),
      stored(12, {
        action: "extra.update",
        before: { _id: OVEN, serviceId: REGULAR, serviceName: "Regular clean", title: "Inside oven", order: 1 },
        after: { _id: OVEN, serviceId: DEEP, serviceName: "Deep clean", title: "Inside oven", order: 4 },
        facts: { name: "Inside oven" },
      }),
      // A row written before the use cases kept the service's name, the service since deleted.
      stored(11, {
        action: "extra.update",
        before: { _id: OVEN, serviceId: REGULAR, title: "Inside oven", price: 65 },
        after: { _id: OVEN, serviceId: DEEP, title: "Inside oven", price: 70 },
        names: { [DEEP]: "Deep clean" },
      }),
    ]);
    renderAdmin("/admin/audit");
    const table = await screen.findByRole("table");
    const [holidays, hardDelete, moved, old] = within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell"));

    expect(holidays[2].textContent).toBe("Closed 3 public holidays, Fri 25 Dec 2026 to Tue 2 Nov 2027");
    expect(within(holidays[3]).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Fri 25 Dec 2026: Christmas Day",
      "Sat 26 Dec 2026: Boxing Day",
      "Tue 2 Nov 2027: Melbourne Cup",
    ]);
    expect(hardDelete[2].textContent).toBe("Permanently deleted the service Regular clean and its extras");
    expect(within(hardDelete[3]).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Name: Regular clean",
      "Extras: Inside oven",
      "Questions: Any pets?",
    ]);
    // The sentence, then the record by its name.
    expect(moved[2].textContent).toBe("Moved the extra Inside oven from Regular clean to Deep cleanInside oven");
    expect(within(moved[3]).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Service: Regular clean →  changed to Deep clean",
      "Order: 1 →  changed to 4",
    ]);
    expect(within(old[3]).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Service: a service no longer listed →  changed to Deep clean",
      "Price: A$65.00 →  changed to A$70.00",
    ]);
    expect(table.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(table.textContent).not.toMatch(/[{}]|":/);
  });
});
