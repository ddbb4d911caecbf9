import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { AuditEntry } from "../../ui/audit-entry.tsx";
import type { InquiryDto } from "./inquiries-api.ts";

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
  archivedAt: "2026-11-25T03:00:00.000Z",
  adminNotes: "",
  createdAt: "2026-11-20T01:00:00.000Z",
};

const archived: AuditEntry = {
  id: 3,
  // Winter: AEST.
  at: "2026-07-10T00:00:00.000Z",
  adminId: "a1",
  adminEmail: "sam@yarrashine.com.au",
  action: "inquiry.archive",
  entity: "inquiry",
  entityId: "i1",
  before: { archivedAt: null },
  after: { archivedAt: "2026-07-10T00:00:00.000Z" },
  actor: { name: "Sam Staff", email: "sam@yarrashine.com.au", kind: "staff" },
  record: { type: "inquiry", id: "i1", label: "Priya Shah (Office)" },
  summary: "Archived the inquiry from Priya Shah",
  changes: [{ field: "Archived", before: "—", after: "Fri 10 July 2026, 10:00 am AEST" }],
};

beforeEach(() => storeSession({ role: "admin" }));

describe("an inquiry's history on its page", () => {
  it("loads when opened and lists who changed what and when", async () => {
    const asked: string[] = [];
    server.use(
      http.get("/api/admin/inquiries/i1", () => HttpResponse.json(inquiry)),
      http.get("/api/admin/inquiries/i1/history", ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ items: [archived] });
      }),
    );
    const { user } = renderAdmin("/admin/inquiries/i1");
    await screen.findByRole("heading", { name: "Inquiry", level: 1 });
    const toggle = await screen.findByText("History");
    const section = toggle.closest("details")!;
    expect(asked).toEqual([]);
    await user.click(toggle);
    expect(await within(section).findByText("Archived the inquiry from Priya Shah")).toBeTruthy();
    expect(section.textContent).toContain("Fri 10 July 2026, 10:00 am AEST · Sam Staffsam@yarrashine.com.au");
    expect(section.textContent).toContain("Archived: — →  changed to Fri 10 July 2026, 10:00 am AEST");
    // On the record's own page the sentence is enough: no link back to itself.
    expect(within(section).queryByRole("link")).toBeNull();
    expect(asked).toEqual(["/api/admin/inquiries/i1/history"]);
  });
});
