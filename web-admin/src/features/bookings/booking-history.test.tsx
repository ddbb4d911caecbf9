import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { AuditEntry } from "../../ui/audit-entry.tsx";
import { aBooking } from "./test-fixtures.ts";

const confirmed: AuditEntry = {
  id: 7,
  at: "2026-11-25T03:00:00.000Z",
  adminId: "a1",
  adminEmail: "sam@yarrashine.com.au",
  action: "booking.status",
  entity: "booking",
  entityId: "b1",
  before: { status: "PENDING" },
  after: { status: "CONFIRMED" },
  actor: { name: "Sam Staff", email: "sam@yarrashine.com.au", kind: "staff" },
  record: { type: "booking", id: "b1", label: "YS-7K3F9Q · Olivia Nguyen" },
  summary: "Confirmed booking YS-7K3F9Q for Olivia Nguyen",
  changes: [{ field: "Status", before: "Pending", after: "Confirmed" }],
};

const moved: AuditEntry = {
  ...confirmed,
  id: 8,
  at: "2026-11-26T22:30:00.000Z",
  adminId: null,
  adminEmail: "olivia@example.com",
  action: "booking.customer_reschedule",
  actor: { name: "Customer", email: "olivia@example.com", kind: "customer" },
  summary: "Olivia Nguyen moved booking YS-7K3F9Q to Sat 5 Dec 2026, 11:00 am AEDT",
  changes: [{ field: "Start", before: "Fri 4 Dec 2026, 9:00 am AEDT", after: "Sat 5 Dec 2026, 11:00 am AEDT" }],
};

let historyCalls: number;

function serve(history: () => Response) {
  server.use(
    http.get("/api/admin/bookings/b1", () => HttpResponse.json(aBooking())),
    http.get("/api/admin/bookings/:id/payments", () => HttpResponse.json({ items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" })),
    // The job's feedback panel (issue 32; features/feedback tests it).
    http.get("/api/admin/bookings/:id/feedback", () => HttpResponse.json({ feedback: null })),
    // Who is on the job (issue 31; features/attendance tests it).
    http.get("/api/admin/bookings/:id/attendance", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/bookings/b1/history", () => {
      historyCalls += 1;
      return history();
    }),
  );
}

beforeEach(() => {
  historyCalls = 0;
  // An ordinary admin: the history is theirs to read, the whole log is not.
  storeSession({ role: "admin" });
});

async function openHistory() {
  const view = renderAdmin("/admin/bookings/b1");
  await screen.findByRole("heading", { name: "Booking", level: 1 });
  const toggle = await screen.findByText("History");
  return { ...view, toggle, section: toggle.closest("details")! };
}

describe("a booking's history on its page", () => {
  it("is closed at first and loads when opened: who, when in Melbourne time, what, and the changes", async () => {
    serve(() => HttpResponse.json({ items: [moved, confirmed] }));
    const { user, toggle, section } = await openHistory();
    expect(section.open).toBe(false);
    expect(historyCalls).toBe(0);
    await user.click(toggle);
    const entries = await waitFor(() => {
      const items = section.querySelectorAll(".record-history__entry");
      expect(items).toHaveLength(2);
      return [...items];
    });
    expect(entries[0].textContent).toBe(
      "Olivia Nguyen moved booking YS-7K3F9Q to Sat 5 Dec 2026, 11:00 am AEDT" +
        "Fri 27 Nov 2026, 9:30 am AEDT · Customerolivia@example.com" +
        "Start: Fri 4 Dec 2026, 9:00 am AEDT →  changed to Sat 5 Dec 2026, 11:00 am AEDT",
    );
    expect(entries[1].textContent).toBe(
      "Confirmed booking YS-7K3F9Q for Olivia Nguyen" +
        "Wed 25 Nov 2026, 2:00 pm AEDT · Sam Staffsam@yarrashine.com.au" +
        "Status: Pending →  changed to Confirmed",
    );
    expect(historyCalls).toBe(1);
  });

  it("says when nothing is recorded yet, and when the history failed to load", async () => {
    serve(() => HttpResponse.json({ items: [] }));
    const first = await openHistory();
    await first.user.click(first.toggle);
    expect(await within(first.section).findByText("No changes recorded yet.")).toBeTruthy();
    first.unmount();

    serve(() => HttpResponse.json({ error: "down", code: "INTERNAL_ERROR" }, { status: 500 }));
    const second = await openHistory();
    await second.user.click(second.toggle);
    expect((await within(second.section).findByRole("alert")).textContent).toContain("Failed to load the history");
  });
});
