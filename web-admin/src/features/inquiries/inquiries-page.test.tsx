import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { InquiryDto } from "./inquiries-api.ts";

function anInquiry(overrides: Partial<InquiryDto> = {}): InquiryDto {
  return {
    _id: "i1",
    reference: "YI-7K3F9Q",
    inquiryType: "OFFICE",
    firstName: "Priya",
    lastName: "Shah",
    email: "priya@example.com",
    phone: "0398765432",
    suburb: "Carlton",
    message: "Nightly office clean, 3 floors.",
    read: false,
    hasAddress: false,
    archivedAt: null,
    adminNotes: "",
    createdAt: "2026-11-20T01:00:00.000Z",
    ...overrides,
  };
}

let queries: URLSearchParams[];
const lastQuery = () => Object.fromEntries(queries[queries.length - 1]);

function answerList(items: InquiryDto[], status = 200) {
  server.use(
    http.get("/api/admin/inquiries", ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      if (status !== 200) return HttpResponse.json({ error: "down", code: "X" }, { status });
      return HttpResponse.json({ items, page: 1, totalPages: 1, totalItems: items.length });
    }),
  );
}

async function openInquiries() {
  const view = renderAdmin("/admin/inquiries");
  await screen.findByRole("heading", { name: "Inquiries", level: 1 });
  return view;
}

const card = () => screen.getByRole("article", { name: "Priya Shah" });

beforeEach(() => {
  queries = [];
  storeSession();
  window.confirm ??= () => false;
});

describe("inquiries", () => {
  it("lists inquiries newest first, 200 a page, archived hidden", async () => {
    answerList([anInquiry()]);
    await openInquiries();
    expect(await screen.findByRole("heading", { name: "Priya Shah" })).toBeTruthy();
    expect(lastQuery()).toEqual({ includeArchived: "false", sort: "createdAt", order: "desc", limit: "200", page: "1" });
    const text = card().textContent ?? "";
    for (const expected of ["Office", "priya@example.com", "0398765432", "Carlton", "Nightly office clean, 3 floors."]) {
      expect(text).toContain(expected);
    }
  });

  it("shows each inquiry's reference on its card, and searches by it (issue 34)", async () => {
    answerList([anInquiry(), anInquiry({ _id: "i2", reference: "YI-Z2Z2Z2", firstName: "Bob", lastName: "Builder" })]);
    const { user } = await openInquiries();
    await screen.findByRole("heading", { name: "Priya Shah" });
    expect(within(card()).getByText("YI-7K3F9Q").className).toBe("inquiry-card__reference");
    const bob = screen.getByRole("article", { name: "Bob Builder" });
    expect(within(bob).getByText("YI-Z2Z2Z2")).toBeTruthy();
    expect(within(bob).queryByText("YI-7K3F9Q")).toBeNull();

    const search = screen.getByLabelText("Search");
    expect(search.getAttribute("placeholder")).toContain("reference (YI-");
    answerList([anInquiry()]);
    await user.type(search, "yi 7k3f9q");
    await waitFor(() => expect(lastQuery().q).toBe("yi 7k3f9q"));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Bob Builder" })).toBeNull());
    expect(within(card()).getByText("YI-7K3F9Q")).toBeTruthy();
  });

  it("offers Any and all six types with their labels, and sends the filters", async () => {
    answerList([]);
    const { user } = await openInquiries();
    await screen.findByText("No inquiries.");
    const options = within(screen.getByLabelText("Type")).getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual([
      "Any", "Healthcare / aged care", "Office", "School / educational", "Retail / showroom",
      "Industrial / warehouse", "Airbnb / short-term rental",
    ]);
    await user.selectOptions(screen.getByLabelText("Type"), "Industrial / warehouse");
    await user.selectOptions(screen.getByLabelText("Read"), "Unread");
    await user.selectOptions(screen.getByLabelText("Checked"), "Checked");
    await user.click(screen.getByLabelText("Include archived"));
    await waitFor(() => expect(lastQuery()).toMatchObject({
      inquiryType: "INDUSTRIAL_WAREHOUSE", read: "false", hasAddress: "true", includeArchived: "true",
    }));
  });

  it("says 'No results for your search.' when a search finds nothing", async () => {
    answerList([]);
    const { user } = await openInquiries();
    await screen.findByText("No inquiries.");
    await user.type(screen.getByLabelText("Search"), "acme");
    expect(await screen.findByText("No results for your search.")).toBeTruthy();
    expect(lastQuery().q).toBe("acme");
  });

  it("shows 'Failed to load inquiries'", async () => {
    answerList([], 503);
    await openInquiries();
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load inquiries");
  });

  it("marks read and unread, and ticks Checked", async () => {
    answerList([anInquiry()]);
    const bodies: Record<string, unknown> = {};
    server.use(
      http.patch("/api/admin/inquiries/i1/read", async ({ request }) => {
        const body = (await request.json()) as { read: boolean };
        bodies.read = body;
        return HttpResponse.json(anInquiry({ read: body.read }));
      }),
      http.patch("/api/admin/inquiries/i1/has-address", async ({ request }) => {
        const body = (await request.json()) as { hasAddress: boolean };
        bodies.hasAddress = body;
        return HttpResponse.json(anInquiry({ read: true, hasAddress: body.hasAddress }));
      }),
    );
    const { user } = await openInquiries();
    await screen.findByRole("heading", { name: "Priya Shah" });
    await user.click(within(card()).getByRole("button", { name: "Mark Read" }));
    expect(await within(card()).findByRole("button", { name: "Mark Unread" })).toBeTruthy();
    expect(bodies.read).toEqual({ read: true });

    const checked = within(card()).getByRole("checkbox", { name: "Checked" });
    await user.click(checked);
    await waitFor(() => expect(checked).toHaveProperty("checked", true));
    expect(bodies.hasAddress).toEqual({ hasAddress: true });
  });

  it("archives only after confirmation", async () => {
    answerList([anInquiry()]);
    let deleted = 0;
    server.use(
      http.delete("/api/admin/inquiries/i1", () => {
        deleted += 1;
        return HttpResponse.json(anInquiry({ archivedAt: "2026-11-25T00:00:00.000Z" }));
      }),
    );
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openInquiries();
    await screen.findByRole("heading", { name: "Priya Shah" });
    await user.click(screen.getByRole("button", { name: "Archive" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    // The name sits between the Unicode isolates, as a <bdi> would hold it on screen.
    expect(confirm.mock.calls[0][0]).toContain("Archive the inquiry from \u2068Priya Shah\u2069?");
    expect(deleted).toBe(0);
    await user.click(screen.getByRole("button", { name: "Archive" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Priya Shah" })).toBeNull());
    expect(deleted).toBe(1);
  });

  it("restores an archived inquiry to the list", async () => {
    answerList([anInquiry({ archivedAt: "2026-11-25T00:00:00.000Z" })]);
    let restored = 0;
    server.use(
      http.post("/api/admin/inquiries/i1/restore", () => {
        restored += 1;
        return HttpResponse.json(anInquiry({ archivedAt: null }));
      }),
    );
    const { user } = await openInquiries();
    await screen.findByRole("heading", { name: "Priya Shah" });
    expect(screen.getByText("Archived")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Archive" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Archive" })).toBeTruthy());
    expect(restored).toBe(1);
    expect(screen.queryByText("Archived")).toBeNull();
  });

  it("saves admin notes with a short-lived confirmation, and shows the server's error", async () => {
    answerList([anInquiry()]);
    let sent: unknown;
    let fail = false;
    server.use(
      http.patch("/api/admin/inquiries/i1", async ({ request }) => {
        sent = await request.json();
        if (fail) return HttpResponse.json({ error: "Notes are too long.", code: "INVALID" }, { status: 422 });
        return HttpResponse.json(anInquiry({ adminNotes: "Call back Monday" }));
      }),
    );
    const { user } = await openInquiries();
    await screen.findByRole("heading", { name: "Priya Shah" });
    const save = screen.getByRole("button", { name: "Save notes" });
    expect(save).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText("Admin notes"), "Call back Monday");
    await user.click(save);
    expect(await screen.findByText("Notes saved.")).toBeTruthy();
    expect(sent).toEqual({ adminNotes: "Call back Monday" });
    await waitFor(() => expect(screen.queryByText("Notes saved.")).toBeNull(), { timeout: 4000 });

    fail = true;
    await user.type(screen.getByLabelText("Admin notes"), "!");
    await user.click(save);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Notes are too long.");
  });
});

describe("admin notes as the server keeps them", () => {
  it("shows a refusal naming the notes under them, and starts again from the notes the server trimmed", async () => {
    answerList([anInquiry()]);
    let refuse = true;
    server.use(
      http.patch("/api/admin/inquiries/i1", async ({ request }) => {
        const { adminNotes } = (await request.json()) as { adminNotes: string };
        if (refuse) {
          return HttpResponse.json({
            error: "Please fix the highlighted fields, then try again.",
            code: "VALIDATION_FAILED",
            fieldErrors: { adminNotes: ["Please keep admin notes under 5,000 characters."] },
          }, { status: 422 });
        }
        return HttpResponse.json(anInquiry({ adminNotes: adminNotes.trim() }));
      }),
    );
    const { user } = await openInquiries();
    const notes = await screen.findByLabelText<HTMLTextAreaElement>("Admin notes");
    await user.type(notes, "  Call back Monday  ");
    await user.click(screen.getByRole("button", { name: "Save notes" }));
    const message = await within(card()).findByText("Please keep admin notes under 5,000 characters.");
    expect(notes.getAttribute("aria-describedby")).toBe(message.id);
    expect(notes.getAttribute("aria-invalid")).toBe("true");
    expect(within(card()).getByRole("alert")).toBeTruthy();

    refuse = false;
    await user.click(screen.getByRole("button", { name: "Save notes" }));
    expect(await within(card()).findByText("Notes saved.")).toBeTruthy();
    await waitFor(() => expect(notes.value).toBe("Call back Monday"));
    expect(notes.getAttribute("aria-invalid")).toBeNull();
    expect(within(card()).queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Save notes" })).toHaveProperty("disabled", true);
  });
});

describe("customer text cannot turn the staff screen around (issue 13)", () => {
  it("isolates a name, e-mail, phone, suburb and message holding a right-to-left override (U+202E)", async () => {
    const evil = anInquiry({
      firstName: "Eve\u202E", lastName: "gnp.exe", suburb: "\u202ECarlton", message: "Hi\u202E there", email: "eve\u202E@x.co",
      phone: "\u202E0398",
    });
    answerList([evil]);
    await openInquiries();
    const heading = await screen.findByRole("heading", { name: /Eve/ });
    const article = heading.closest("article")!;
    for (const text of ["Eve\u202E gnp.exe", "eve\u202E@x.co", "\u202E0398", "\u202ECarlton", "Hi\u202E there"]) {
      const holders = [...article.querySelectorAll("bdi")].filter((bdi) => bdi.textContent === text);
      expect(holders, text).toHaveLength(1);
    }
    // Every override sits inside an isolate, so it ends where the customer's text ends.
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.includes("\u202E")) expect(node.parentElement?.closest("bdi")).not.toBeNull();
    }
  });
});

describe("inquiries in the URL", () => {
  it("opens with the filters and page a link carries, and puts each choice in the URL", async () => {
    answerList([anInquiry()]);
    const { user, history } = renderAdmin("/admin/inquiries?q=shah&inquiryType=OFFICE&read=false&hasAddress=true&includeArchived=true&order=asc&page=2");
    await screen.findByRole("heading", { name: "Priya Shah" });
    expect(lastQuery()).toEqual({
      includeArchived: "true", sort: "createdAt", order: "asc", limit: "200", page: "2",
      q: "shah", inquiryType: "OFFICE", read: "false", hasAddress: "true",
    });
    expect(screen.getByLabelText<HTMLSelectElement>("Read").value).toBe("false");
    expect(screen.getByLabelText<HTMLInputElement>("Include archived").checked).toBe(true);

    await user.selectOptions(screen.getByLabelText("Read"), "Any");
    await waitFor(() => expect(lastQuery().read).toBeUndefined());
    expect(lastQuery().page).toBe("1");
    expect(history.location.search).toBe("?q=shah&inquiryType=OFFICE&hasAddress=true&includeArchived=true&order=asc");
  });

  it("links each inquiry to its own URL, which shows it with its actions", async () => {
    answerList([anInquiry()]);
    server.use(
      http.get("/api/admin/inquiries/i1", () => HttpResponse.json(anInquiry({ archivedAt: "2026-11-25T00:00:00.000Z" }))),
      http.patch("/api/admin/inquiries/i1/read", () => HttpResponse.json(anInquiry({ read: true, archivedAt: "2026-11-25T00:00:00.000Z" }))),
    );
    const { user, history } = await openInquiries();
    await user.click(await screen.findByRole("link", { name: "Priya Shah" }));
    expect(await screen.findByRole("heading", { name: "Inquiry", level: 1 })).toBeTruthy();
    expect(history.location.pathname).toBe("/admin/inquiries/i1");
    expect(within(card()).getByText("Archived")).toBeTruthy();
    expect(within(card()).getByText("YI-7K3F9Q")).toBeTruthy();
    await user.click(within(card()).getByRole("button", { name: "Mark Read" }));
    expect(await within(card()).findByRole("button", { name: "Mark Unread" })).toBeTruthy();
  });

  it("shows 'Not found' for an id no inquiry has", async () => {
    server.use(
      http.get("/api/admin/inquiries/nope", () =>
        HttpResponse.json({ error: "Inquiry not found.", code: "INQUIRY_NOT_FOUND" }, { status: 404 })),
    );
    renderAdmin("/admin/inquiries/nope");
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to inquiries" }).getAttribute("href")).toBe("/admin/inquiries");
  });
});
