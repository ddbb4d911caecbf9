import { act, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ServiceDto } from "@yarra/api/client/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { hasUnsavedChanges } from "../../lib/unsaved-changes.ts";

const service = (over: Partial<ServiceDto>): ServiceDto => ({
  _id: "s1",
  name: "Standard Clean",
  slug: "standard-clean",
  pricingModel: "HOURLY",
  ratePerHour: 60,
  minHours: 2,
  maxHours: 20,
  stepHours: 0.5,
  bedroomPrices: [],
  basePrice: 0,
  durationMinutes: 120,
  description: "",
  deletedAt: null,
  ...over,
});

const standard = service({});
const endOfLease = service({
  _id: "s2",
  name: "End of Lease",
  slug: "end-of-lease",
  pricingModel: "BEDROOMS",
  bedroomPrices: [{ bedrooms: 0, price: 199, durationMinutes: 90 }, { bedrooms: 2, price: 349.5, durationMinutes: 210 }],
});
const oldOven = service({
  _id: "s3", name: "Oven Only", slug: "oven-only", pricingModel: "FIXED", basePrice: 89, durationMinutes: 45, deletedAt: "2025-01-02T00:00:00.000Z",
});

// happy-dom has no dialogs; give the spies something to wrap (an unexpected dialog says no).
beforeEach(() => {
  Object.assign(window, { confirm: () => false, alert: () => {}, prompt: () => null });
});

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** Answers the list with `items` and records every write with its JSON body. */
function serve(items: ServiceDto[]) {
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    seen.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
  };
  server.use(
    http.get("/api/admin/services", ({ request }) => {
      expect(new URL(request.url).searchParams.get("includeDeleted")).toBe("true");
      return HttpResponse.json({ items });
    }),
    http.post("/api/admin/services", async ({ request }) => {
      await record(request);
      return HttpResponse.json(service({ _id: `new-${seen.length}`, ...(seen.at(-1)!.body as object) }), { status: 201 });
    }),
    http.put("/api/admin/services/:id", async ({ request, params }) => {
      await record(request);
      const before = items.find((s) => s._id === params.id)!;
      return HttpResponse.json({ ...before, ...(seen.at(-1)!.body as object) });
    }),
    http.delete("/api/admin/services/:id", async ({ request, params }) => {
      await record(request);
      return HttpResponse.json({ ...items.find((s) => s._id === params.id)!, deletedAt: "2025-02-01T00:00:00.000Z" });
    }),
    http.patch("/api/admin/services/:id/restore", async ({ request, params }) => {
      await record(request);
      return HttpResponse.json({ ...items.find((s) => s._id === params.id)!, deletedAt: null });
    }),
    http.delete("/api/admin/services/:id/hard", async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

const rowOf = (name: string) => screen.getByRole("heading", { name: new RegExp(name) }).closest("li")!;

async function openPage(role: "admin" | "superadmin" = "admin") {
  storeSession({ role });
  const view = renderAdmin("/admin");
  await screen.findByRole("heading", { name: "All services" });
  await waitFor(() => expect(screen.queryByText("Loading services…")).toBeNull());
  return view;
}

describe("services list", () => {
  it("lists live services with their prices and hides deleted ones behind the toggle", async () => {
    serve([standard, endOfLease, oldOven]);
    const { user } = await openPage();
    expect(screen.getByText(/A\$60\.00 per hour · 2 h to 20 h, step 0\.5 h/)).toBeTruthy();
    expect(screen.getByText(/Studio A\$199\.00, 2 bed A\$349\.50/)).toBeTruthy();
    expect(within(rowOf("Standard Clean")).getByText("Visit length: the hours booked")).toBeTruthy();
    expect(within(rowOf("End of Lease")).getByText("Visit length: Studio 1 h 30 min, 2 bed 3 h 30 min")).toBeTruthy();
    expect(screen.queryByText("Oven Only")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show deleted (1)" }));
    const row = within(rowOf("Oven Only"));
    expect(row.getByText("DELETED")).toBeTruthy();
    expect(row.getByText(/Fixed price A\$89\.00/)).toBeTruthy();
    expect(row.getByText("Visit length: 45 min")).toBeTruthy();
    expect(row.getByRole("button", { name: "Restore Oven Only" })).toBeTruthy();
    expect(row.queryByRole("button", { name: "Delete Oven Only" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Hide deleted (1)" }));
    expect(screen.queryByText("Oven Only")).toBeNull();
  });

  it("says so when there are no services", async () => {
    serve([]);
    storeSession();
    renderAdmin("/admin");
    expect(await screen.findByText("No services yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show deleted (0)" })).toBeTruthy();
  });

  it("shows 'Failed to load services' when the list fails, and can try again", async () => {
    server.use(http.get("/api/admin/services", () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    storeSession();
    const { user } = renderAdmin("/admin");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load services")).toBeTruthy();
    expect(within(alert).getByText("Server error")).toBeTruthy();
    serve([standard]);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Standard Clean")).toBeTruthy();
  });
});

describe("create form", () => {
  it("starts with the spec's defaults and sends an hourly service, suggesting the slug", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    const form = within(screen.getByRole("region", { name: "New service" }));
    expect((form.getByRole("radio", { name: "Hourly" }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText("Rate per hour") as HTMLInputElement).value).toBe("60");
    expect((form.getByLabelText("Minimum hours") as HTMLInputElement).value).toBe("2");
    expect((form.getByLabelText("Maximum hours") as HTMLInputElement).value).toBe("20");
    expect((form.getByLabelText("Step (hours)") as HTMLInputElement).value).toBe("0.5");
    await user.type(form.getByLabelText("Name"), "Deep Clean ");
    expect((form.getByLabelText("Slug") as HTMLInputElement).value).toBe("deep-clean");
    await user.clear(form.getByLabelText("Rate per hour"));
    await user.type(form.getByLabelText("Rate per hour"), "75.5");
    await user.click(form.getByRole("button", { name: "Create service" }));
    await screen.findByText("Deep Clean");
    expect(seen).toEqual([{
      method: "POST",
      path: "/api/admin/services",
      body: { name: "Deep Clean", slug: "deep-clean", pricingModel: "HOURLY", ratePerHour: 75.5, minHours: 2, maxHours: 20, stepHours: 0.5 },
    }]);
    expect(screen.getByRole("status").textContent).toBe("Service “Deep Clean” created.");
    expect((form.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    // The empty form for the next one has nothing to lose: leaving it does not ask (issue 34).
    expect(hasUnsavedChanges()).toBe(false);
  });

  it("leaving a just-created service by a link asks nothing; typing again and leaving still asks (issue 34 item 18)", async () => {
    serve([]);
    // The Extras screen: its list, and the live services (no includeDeleted) for its selector.
    server.use(
      http.get("/api/admin/extras", () => HttpResponse.json({ items: [] })),
      http.get("/api/admin/services", ({ request }) =>
        new URL(request.url).searchParams.has("includeDeleted") ? undefined : HttpResponse.json({ items: [] })),
    );
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const { user, history } = await openPage();
    const form = within(screen.getByRole("region", { name: "New service" }));
    const nav = within(screen.getByRole("navigation", { name: "Staff screens" }));

    // Typed, then a link away: asked, and the answer No keeps the form as typed.
    await user.type(form.getByLabelText("Name"), "End of Lease");
    await user.click(form.getByRole("radio", { name: "By bedrooms" }));
    await user.type(form.getByLabelText("Price"), "199");
    await user.click(form.getByRole("button", { name: "Add row" }));
    await user.type(form.getByLabelText("Price, row 2"), "249");
    await user.click(nav.getByRole("link", { name: "Extras" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(history.location.pathname).toBe("/admin");

    // Created: the emptied form is clean, so the same link leaves at once.
    await user.click(form.getByRole("button", { name: "Create service" }));
    await screen.findByText("Service “End of Lease” created.");
    expect(form.getByLabelText<HTMLInputElement>("Name").value).toBe("");
    expect(form.getByRole<HTMLInputElement>("radio", { name: "Hourly" }).checked).toBe(true);
    await user.click(nav.getByRole("link", { name: "Extras" }));
    await screen.findByRole("heading", { name: "Extras", level: 1 });
    expect(history.location.pathname).toBe("/admin/extras");
    expect(confirm).toHaveBeenCalledTimes(1);
  }, 15_000);

  it("sends bedroom rows, added and removed, and a fixed base price", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    const form = within(screen.getByRole("region", { name: "New service" }));
    await user.type(form.getByLabelText("Name"), "End of Lease");
    await user.click(form.getByRole("radio", { name: "By bedrooms" }));
    expect(form.queryByLabelText("Rate per hour")).toBeNull();
    await user.type(form.getByLabelText("Price"), "199");
    await user.click(form.getByRole("button", { name: "Add row" }));
    await user.click(form.getByRole("button", { name: "Add row" }));
    const prices = form.getAllByLabelText(/^Price/);
    expect(prices.map((input) => input.getAttribute("aria-label") ?? document.querySelector(`label[for="${input.id}"]`)!.textContent)).toEqual(["Price", "Price, row 2", "Price, row 3"]);
    await user.type(prices[1]!, "249");
    await user.type(prices[2]!, "999");
    await user.click(form.getByRole("button", { name: "Remove row 3 (3 bedrooms)" }));
    // Each row has its visit length, 120 minutes until staff change it.
    const lengths = form.getAllByLabelText<HTMLInputElement>(/^Length \(minutes\)/);
    expect(lengths.map((input) => input.value)).toEqual(["120", "120"]);
    expect(form.getByLabelText("Length (minutes), row 2")).toBe(lengths[1]);
    await user.clear(lengths[1]!);
    await user.type(lengths[1]!, "180");
    await user.click(form.getByRole("button", { name: "Create service" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({
      name: "End of Lease",
      slug: "end-of-lease",
      pricingModel: "BEDROOMS",
      bedroomPrices: [{ bedrooms: 1, price: 199, durationMinutes: 120 }, { bedrooms: 2, price: 249, durationMinutes: 180 }],
    });

    await user.type(form.getByLabelText("Name"), "Oven");
    await user.click(form.getByRole("radio", { name: "Fixed price" }));
    expect((form.getByLabelText("Base price") as HTMLInputElement).value).toBe("0");
    await user.clear(form.getByLabelText("Base price"));
    await user.type(form.getByLabelText("Base price"), "89");
    const visit = form.getByLabelText<HTMLInputElement>("Visit length (minutes)");
    expect(visit.value).toBe("120");
    expect(document.getElementById(visit.getAttribute("aria-describedby")!)!.textContent)
      .toBe("How long one visit takes: 15 to 1440 minutes. A job must end by the close of the working day.");
    await user.clear(visit);
    await user.type(visit, "150");
    await user.click(form.getByRole("button", { name: "Create service" }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.body).toEqual({ name: "Oven", slug: "oven", pricingModel: "FIXED", basePrice: 89, durationMinutes: 150 });
    expect(await screen.findByText("Visit length: 2 h 30 min")).toBeTruthy();
  });

  it("says an hourly visit's length comes from the hours booked, with no length field", async () => {
    serve([]);
    await openPage();
    const form = within(screen.getByRole("region", { name: "New service" }));
    expect(form.getByText("Visit length comes from the hours booked (3 hours is a 3-hour visit).")).toBeTruthy();
    expect(form.queryByLabelText(/length \(minutes\)/i)).toBeNull();
  });

  it("refuses a visit length outside 15 to 1440 minutes, on the field and on a bedroom row", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    const form = within(screen.getByRole("region", { name: "New service" }));
    await user.type(form.getByLabelText("Name"), "Oven");
    await user.click(form.getByRole("radio", { name: "Fixed price" }));
    const visit = form.getByLabelText("Visit length (minutes)");
    await user.clear(visit);
    await user.type(visit, "10");
    await user.click(form.getByRole("button", { name: "Create service" }));
    const message = "Visit length must be a whole number of minutes from 15 to 1440";
    expect(visit.getAttribute("aria-invalid")).toBe("true");
    expect(form.getByText(message)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(visit));

    await user.click(form.getByRole("radio", { name: "By bedrooms" }));
    await user.type(form.getByLabelText("Price"), "150");
    const length = form.getByLabelText("Length (minutes)");
    await user.clear(length);
    await user.type(length, "1441");
    await user.click(form.getByRole("button", { name: "Create service" }));
    await waitFor(() => expect(length.getAttribute("aria-invalid")).toBe("true"));
    expect(form.getByText(message)).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("edits a fixed service's visit length and a bedroom row's length", async () => {
    const fixed = service({ _id: "s4", name: "Oven Clean", slug: "oven-clean", pricingModel: "FIXED", basePrice: 89, durationMinutes: 60 });
    const seen = serve([fixed, endOfLease]);
    const { user } = await openPage();
    expect(within(rowOf("Oven Clean")).getByText("Visit length: 1 h")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Edit Oven Clean" }));
    let editor = within(screen.getByRole("region", { name: "Edit Oven Clean" }));
    const visit = editor.getByLabelText<HTMLInputElement>("Visit length (minutes)");
    expect(visit.value).toBe("60");
    await user.clear(visit);
    await user.type(visit, "75");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    expect(await within(rowOf("Oven Clean")).findByText("Visit length: 1 h 15 min")).toBeTruthy();
    expect(seen[0]!.body).toEqual({ name: "Oven Clean", slug: "oven-clean", pricingModel: "FIXED", basePrice: 89, durationMinutes: 75 });

    await user.click(screen.getByRole("button", { name: "Edit End of Lease" }));
    editor = within(screen.getByRole("region", { name: "Edit End of Lease" }));
    const second = editor.getByLabelText<HTMLInputElement>("Length (minutes), row 2");
    expect(second.value).toBe("210");
    await user.clear(second);
    await user.type(second, "240");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.body).toMatchObject({
      bedroomPrices: [{ bedrooms: 0, price: 199, durationMinutes: 90 }, { bedrooms: 2, price: 349.5, durationMinutes: 240 }],
    });
    expect(await within(rowOf("End of Lease")).findByText("Visit length: Studio 1 h 30 min, 2 bed 4 h")).toBeTruthy();
  });

  it("shows core's messages on the fields and sends nothing while they stand", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    const form = within(screen.getByRole("region", { name: "New service" }));
    await user.click(form.getByRole("button", { name: "Create service" }));
    const name = form.getByLabelText("Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const describedBy = name.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy)!.textContent).toBe("Name is required");
    expect(form.getByText("Slug is required")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));

    await user.type(name, "Big");
    await user.click(form.getByRole("radio", { name: "By bedrooms" }));
    await user.type(form.getByLabelText("Price"), "-5");
    await user.click(form.getByRole("button", { name: "Create service" }));
    expect(form.getByText("Bedroom prices must be 0 or more")).toBeTruthy();
    expect(form.getByLabelText("Price").getAttribute("aria-invalid")).toBe("true");
    expect(form.getByLabelText("Price").getAttribute("min")).toBe("0");
    expect(seen).toEqual([]);
  });

  it("shows the server's text and field errors when the create fails", async () => {
    serve([]);
    server.use(http.post("/api/admin/services", () =>
      HttpResponse.json(
        { error: "That slug is already used by another service (deleted ones included).", code: "SLUG_TAKEN", fieldErrors: { slug: ["Another service already uses this slug"] } },
        { status: 409 },
      )));
    const { user } = await openPage();
    const form = within(screen.getByRole("region", { name: "New service" }));
    await user.type(form.getByLabelText("Name"), "Standard");
    await user.click(form.getByRole("button", { name: "Create service" }));
    expect((await form.findByRole("alert")).textContent).toBe("That slug is already used by another service (deleted ones included).");
    expect(form.getByText("Another service already uses this slug")).toBeTruthy();
    expect(form.getByLabelText("Slug").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("row actions", () => {
  it("edits a service in place with the same form", async () => {
    const seen = serve([standard]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit Standard Clean" }));
    const editor = within(screen.getByRole("region", { name: "Edit Standard Clean" }));
    expect((editor.getByLabelText("Slug") as HTMLInputElement).value).toBe("standard-clean");
    await user.clear(editor.getByLabelText("Name"));
    await user.type(editor.getByLabelText("Name"), "Regular Clean");
    // Editing the name never rewrites an existing slug.
    expect((editor.getByLabelText("Slug") as HTMLInputElement).value).toBe("standard-clean");
    await user.clear(editor.getByLabelText("Maximum hours"));
    await user.type(editor.getByLabelText("Maximum hours"), "8");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await screen.findByRole("heading", { name: "Regular Clean" });
    expect(seen).toEqual([{
      method: "PUT",
      path: "/api/admin/services/s1",
      body: { name: "Regular Clean", slug: "standard-clean", pricingModel: "HOURLY", ratePerHour: 60, minHours: 2, maxHours: 8, stepHours: 0.5 },
    }]);
    expect(screen.queryByRole("region", { name: /Edit / })).toBeNull();
  });

  it("cancels an edit without a request", async () => {
    const seen = serve([standard]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit Standard Clean" }));
    await user.click(within(screen.getByRole("region", { name: "Edit Standard Clean" })).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("region", { name: "Edit Standard Clean" })).toBeNull();
    expect(seen).toEqual([]);
  });

  it("soft-deletes only after the confirm prompt says it stays recoverable", async () => {
    const seen = serve([standard]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete Standard Clean" }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/hidden but recoverable/));
    expect(seen).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Delete Standard Clean" }));
    await screen.findByText("No services yet.");
    expect(seen).toEqual([{ method: "DELETE", path: "/api/admin/services/s1", body: undefined }]);
    expect(screen.getByRole("button", { name: "Show deleted (1)" })).toBeTruthy();
  });

  it("restores a deleted service", async () => {
    const seen = serve([oldOven]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Show deleted (1)" }));
    await user.click(screen.getByRole("button", { name: "Restore Oven Only" }));
    await waitFor(() => expect(screen.queryByText("DELETED")).toBeNull());
    expect(seen).toEqual([{ method: "PATCH", path: "/api/admin/services/s3/restore", body: undefined }]);
    expect(screen.getByRole("button", { name: "Delete Oven Only" })).toBeTruthy();
  });

  it("shows the server's text when a soft delete fails", async () => {
    serve([standard]);
    server.use(http.delete("/api/admin/services/:id", () => HttpResponse.json({ error: "Service not found" }, { status: 404 })));
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete Standard Clean" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Service not found")).toBeTruthy();
  });

  it("locks a row's buttons while its write runs", async () => {
    serve([oldOven]);
    let release!: () => void;
    server.use(http.patch("/api/admin/services/:id/restore", () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(HttpResponse.json({ ...oldOven, deletedAt: null }));
      })));
    const { user } = await openPage("superadmin");
    await user.click(screen.getByRole("button", { name: "Show deleted (1)" }));
    await user.click(screen.getByRole("button", { name: "Restore Oven Only" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Restore Oven Only" }) as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByRole("button", { name: "Hard delete Oven Only" }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByRole("button", { name: "Delete Oven Only" });
    expect((screen.getByRole("button", { name: "Hard delete Oven Only" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("hard delete", () => {
  it("is offered only to superadmins", async () => {
    serve([standard]);
    await openPage("admin");
    expect(screen.queryByRole("button", { name: /Hard delete/ })).toBeNull();
  });

  it("asks before deleting for good, then removes the row", async () => {
    const seen = serve([standard, endOfLease]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openPage("superadmin");
    await user.click(screen.getByRole("button", { name: "Hard delete End of Lease" }));
    expect(confirm.mock.calls[0]![0]).toMatch(/Permanently delete.*End of Lease.*removes its extras too/);
    expect(seen).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Hard delete End of Lease" }));
    await waitFor(() => expect(screen.queryByText("End of Lease")).toBeNull());
    expect(seen).toEqual([{ method: "DELETE", path: "/api/admin/services/s2/hard", body: undefined }]);
  });

  it("alerts the server's error, or the superadmin hint when there is none", async () => {
    serve([standard]);
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    server.use(http.delete("/api/admin/services/:id/hard", () => HttpResponse.json({ error: "Superadmins only" }, { status: 403 })));
    const { user } = await openPage("superadmin");
    await user.click(screen.getByRole("button", { name: "Hard delete Standard Clean" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Superadmins only"));
    server.use(http.delete("/api/admin/services/:id/hard", () => new HttpResponse(null, { status: 403 })));
    await user.click(screen.getByRole("button", { name: "Hard delete Standard Clean" }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith("Hard delete failed (are you superadmin?)"));
    expect(screen.getByText("Standard Clean")).toBeTruthy();
  });
});

describe("Show deleted in the URL", () => {
  it("opens with deleted services shown from a link, and the toggle follows the URL", async () => {
    serve([standard, oldOven]);
    storeSession();
    const { user, history } = renderAdmin("/admin?includeDeleted=true");
    expect(await screen.findByText("Oven Only")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Hide deleted (1)" }));
    expect(screen.queryByText("Oven Only")).toBeNull();
    expect(history.location.search).toBe("");
    await act(async () => history.back());
    expect(await screen.findByText("Oven Only")).toBeTruthy();
  });
});
