import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ExtraDto, ServiceDto } from "@yarra/api/client/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";

// happy-dom has no dialogs; give the spies something to wrap (an unexpected dialog says no).
beforeEach(() => {
  Object.assign(window, { confirm: () => false, alert: () => {}, prompt: () => null });
});

const service = (over: Partial<ServiceDto>): ServiceDto => ({
  _id: "s1", name: "Standard Clean", slug: "standard-clean", pricingModel: "HOURLY", ratePerHour: 60, minHours: 2,
  maxHours: 20, stepHours: 0.5, bedroomPrices: [], basePrice: 0, durationMinutes: 120, description: "", deletedAt: null, ...over,
});
const extra = (over: Partial<ExtraDto>): ExtraDto => ({
  _id: "e1", serviceId: "s1", title: "Inside oven", description: "", price: 45, hasQuantity: false, maxQuantity: 20,
  durationMinutes: 0, imageUrl: "", active: true, order: 1, deletedAt: null, ...over,
});

const oven = extra({ order: 1 });
const fridge = extra({
  _id: "e2", title: "Inside fridge", price: 30, hasQuantity: true, maxQuantity: 6, durationMinutes: 20, order: 2, imageUrl: "https://img.example/fridge.jpg",
});
const windows = extra({ _id: "e3", title: "Windows", price: 12.5, order: 3, active: false });
const walls = extra({ _id: "e4", title: "Walls", price: 20, order: 4, deletedAt: "2025-01-01T00:00:00.000Z" });

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** Answers the lists (filtering like the server) and records every write with its JSON body. */
function serve(extras: ExtraDto[], services = [service({}), service({ _id: "s2", name: "End of Lease", slug: "end-of-lease" })]) {
  const seen: Seen[] = [];
  const queries: URLSearchParams[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    seen.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
    return seen.at(-1)!.body as Partial<ExtraDto>;
  };
  const find = (id: unknown) => extras.find((e) => e._id === id)!;
  server.use(
    http.get("/api/admin/services", () => HttpResponse.json({ items: services })),
    http.get("/api/admin/extras", ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const items = extras.filter((e) =>
        e.serviceId === query.get("serviceId") &&
        (query.get("includeDeleted") === "true" || !e.deletedAt) &&
        (query.get("includeInactive") === "true" || e.active)
      );
      return HttpResponse.json({ items });
    }),
    http.post("/api/admin/extras", async ({ request }) =>
      HttpResponse.json(extra({ _id: `new-${seen.length}`, ...(await record(request)) }), { status: 201 })),
    http.put("/api/admin/extras/:id", async ({ request, params }) => HttpResponse.json({ ...find(params.id), ...(await record(request)) })),
    http.delete("/api/admin/extras/:id", async ({ request, params }) => {
      await record(request);
      return HttpResponse.json({ ...find(params.id), deletedAt: "2025-02-01T00:00:00.000Z" });
    }),
    http.post("/api/admin/extras/:id/restore", async ({ request, params }) => {
      await record(request);
      return HttpResponse.json({ ...find(params.id), deletedAt: null });
    }),
    http.delete("/api/admin/extras/:id/hard", async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch("/api/admin/services/:id/reorder-extras", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ items: extras });
    }),
  );
  return { seen, queries };
}

async function openPage(role: "admin" | "superadmin" = "admin") {
  storeSession({ role });
  const view = renderAdmin("/admin/extras");
  await screen.findByRole("heading", { name: "Extras of Standard Clean" });
  await waitFor(() => expect(screen.queryByText("Loading extras…")).toBeNull());
  return view;
}

const titles = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.firstChild?.textContent);
const addForm = () => within(screen.getByRole("region", { name: /New extra/ }));

describe("extras list", () => {
  it("lists the first service's extras in order, with price, quantity and the minutes each adds", async () => {
    const { queries } = serve([fridge, oven, windows, walls, extra({ _id: "e6", title: "Carpets", order: 6, durationMinutes: 90 })]);
    await openPage();
    expect(titles()).toEqual(["Inside oven", "Inside fridge", "Carpets"]);
    expect(screen.getByText("A$45.00 · adds no time")).toBeTruthy();
    expect(screen.getByText("A$30.00 each · up to 6 · adds 20 min each")).toBeTruthy();
    expect(screen.getByText("A$45.00 · adds 1 h 30 min")).toBeTruthy();
    expect(queries[0]!.toString()).toBe("serviceId=s1&includeDeleted=false&includeInactive=false");
  });

  it("shows deleted and inactive extras with their chips when toggled", async () => {
    const { queries } = serve([oven, fridge, windows, walls]);
    const { user } = await openPage("superadmin");
    await user.click(screen.getByRole("switch", { name: "Show inactive" }));
    await screen.findByText("INACTIVE");
    expect(within(screen.getByText("Windows").closest("li")!).getByRole("button", { name: "Enable Windows" })).toBeTruthy();
    await user.click(screen.getByRole("switch", { name: "Show deleted" }));
    await screen.findByText("DELETED");
    expect(queries.at(-1)!.toString()).toBe("serviceId=s1&includeDeleted=true&includeInactive=true");
    const wallsRow = within(screen.getByText("Walls").closest("li")!);
    expect(wallsRow.getByRole("button", { name: "Restore Walls" })).toBeTruthy();
    expect(wallsRow.queryByRole("button", { name: "Delete Walls" })).toBeNull();
    expect(wallsRow.queryByRole("button", { name: "Edit Walls" })).toBeNull();
  });

  it("switches service", async () => {
    const { queries } = serve([oven, extra({ _id: "e9", serviceId: "s2", title: "Carpet steam" })]);
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText("Service"), "End of Lease");
    await screen.findByText("Carpet steam");
    expect(queries.at(-1)!.get("serviceId")).toBe("s2");
    expect(screen.getByRole("heading", { name: "New extra for End of Lease" })).toBeTruthy();
  });

  it("says 'No extras yet.' for a service without extras", async () => {
    serve([]);
    await openPage();
    expect(screen.getByText("No extras yet.")).toBeTruthy();
  });

  it("shows 'Failed to load extras' when the list fails", async () => {
    serve([]);
    server.use(http.get("/api/admin/extras", () => HttpResponse.json({ error: "down" }, { status: 503 })));
    storeSession();
    renderAdmin("/admin/extras");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load extras")).toBeTruthy();
    expect(within(alert).getByText("Server error")).toBeTruthy();
  });
});

describe("add form", () => {
  it("adds only when a service is chosen, the title is given and the price is 0 or more", async () => {
    const { seen } = serve([]);
    const { user } = await openPage();
    const add = () => addForm().getByRole("button", { name: "Add extra" }) as HTMLButtonElement;
    expect(add().disabled).toBe(true);
    await user.type(addForm().getByLabelText("Title"), "  Balcony ");
    expect(add().disabled).toBe(true);
    await user.type(addForm().getByLabelText("Price"), "-1");
    expect(add().disabled).toBe(true);
    await user.clear(addForm().getByLabelText("Price"));
    await user.type(addForm().getByLabelText("Price"), "0");
    expect(add().disabled).toBe(false);
    await user.selectOptions(screen.getByLabelText("Service"), "");
    expect(screen.getByText("Choose a service to see and add its extras.")).toBeTruthy();
    expect(add().disabled).toBe(true);
    expect(seen).toEqual([]);
  });

  it("previews an https image only, with a hint otherwise, and sends the extra", async () => {
    const { seen } = serve([]);
    const { user } = await openPage();
    await user.type(addForm().getByLabelText("Title"), "Balcony");
    await user.type(addForm().getByLabelText("Price"), "25.5");
    await user.click(addForm().getByRole("checkbox", { name: "Has quantity" }));
    const url = addForm().getByLabelText("Image URL");
    await user.type(url, "http://img.example/b.jpg");
    expect(addForm().queryByRole("img")).toBeNull();
    expect(url.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(url.getAttribute("aria-describedby")!)!.textContent).toBe("Previews show for https:// addresses only.");
    await user.clear(url);
    await user.type(url, "https://img.example/b.jpg");
    expect(addForm().getByRole("img", { name: "Preview of Balcony" }).getAttribute("src")).toBe("https://img.example/b.jpg");
    expect(addForm().queryByText("Previews show for https:// addresses only.")).toBeNull();
    await user.type(addForm().getByLabelText("Description"), "Sweep and mop");
    const minutes = addForm().getByLabelText<HTMLInputElement>("Adds minutes");
    expect(minutes.value).toBe("0");
    await user.clear(minutes);
    await user.type(minutes, "25");
    await user.click(addForm().getByRole("button", { name: "Add extra" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({
      method: "POST",
      path: "/api/admin/extras",
      body: {
        serviceId: "s1", title: "Balcony", price: 25.5, hasQuantity: true, maxQuantity: 20, durationMinutes: 25,
        imageUrl: "https://img.example/b.jpg", description: "Sweep and mop",
      },
    });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Extra “Balcony” added."));
  });

  it("says so when the previewed image cannot be loaded", async () => {
    serve([]);
    const { user } = await openPage();
    await user.type(addForm().getByLabelText("Image URL"), "https://img.example/missing.jpg");
    const image = addForm().getByRole("img", { name: "Preview of the extra" });
    fireEvent.error(image);
    expect(addForm().queryByRole("img")).toBeNull();
    expect(addForm().getByText("The image at this address could not be loaded.")).toBeTruthy();
  });

  it("shows core's message for a non-https image and the server's text on failure", async () => {
    const { seen } = serve([]);
    server.use(http.post("/api/admin/extras", () => HttpResponse.json({ error: "Service is deleted" }, { status: 422 })));
    const { user } = await openPage();
    await user.type(addForm().getByLabelText("Title"), "Balcony");
    await user.type(addForm().getByLabelText("Price"), "5");
    await user.type(addForm().getByLabelText("Image URL"), "ftp://x");
    await user.click(addForm().getByRole("button", { name: "Add extra" }));
    expect(addForm().getByText("Image URL must start with https://")).toBeTruthy();
    expect(addForm().getByLabelText("Image URL").getAttribute("aria-invalid")).toBe("true");
    expect(seen).toEqual([]);
    await user.clear(addForm().getByLabelText("Image URL"));
    await user.click(addForm().getByRole("button", { name: "Add extra" }));
    expect((await addForm().findByRole("alert")).textContent).toBe("Service is deleted");
  });
});

describe("row actions", () => {
  it("edits an extra", async () => {
    const { seen } = serve([oven]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit Inside oven" }));
    const editor = within(screen.getByRole("region", { name: "Edit Inside oven" }));
    await user.clear(editor.getByLabelText("Price"));
    await user.type(editor.getByLabelText("Price"), "50");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Edit Inside oven" })).toBeNull());
    expect(seen).toEqual([{
      method: "PUT",
      path: "/api/admin/extras/e1",
      body: { title: "Inside oven", price: 50, hasQuantity: false, durationMinutes: 0, imageUrl: "", description: "" },
    }]);
  });

  it("edits the minutes an extra adds, 0 to 600, with core's message out of range", async () => {
    const { seen } = serve([fridge]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit Inside fridge" }));
    const editor = within(screen.getByRole("region", { name: "Edit Inside fridge" }));
    const minutes = editor.getByLabelText<HTMLInputElement>("Adds minutes");
    expect(minutes.value).toBe("20");
    expect(minutes.max).toBe("600");
    expect(document.getElementById(minutes.getAttribute("aria-describedby")!)!.textContent)
      .toBe("Minutes one of this extra adds to the visit (each unit, when it has a quantity): 0 to 600.");
    await user.clear(minutes);
    await user.type(minutes, "601");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    expect(editor.getByText("Added minutes must be a whole number from 0 to 600")).toBeTruthy();
    expect(minutes.getAttribute("aria-invalid")).toBe("true");
    await user.clear(minutes);
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    expect(editor.getByText("Added minutes must be a whole number from 0 to 600")).toBeTruthy();
    expect(seen).toEqual([]);
    await user.type(minutes, "45");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].body).toMatchObject({ hasQuantity: true, maxQuantity: 6, durationMinutes: 45 });
  });

  it("edits an extra's maximum quantity, with core's message out of range (issue 13)", async () => {
    const { seen } = serve([fridge]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit Inside fridge" }));
    const editor = within(screen.getByRole("region", { name: "Edit Inside fridge" }));
    const maximum = editor.getByLabelText<HTMLInputElement>("Maximum quantity");
    expect(maximum.value).toBe("6");
    expect(maximum.max).toBe("100");
    expect(editor.getByLabelText<HTMLInputElement>("Price").max).toBe("100000");
    await user.clear(maximum);
    await user.type(maximum, "101");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    expect(editor.getByText("Maximum quantity must be a whole number from 1 to 100")).toBeTruthy();
    expect(maximum.getAttribute("aria-invalid")).toBe("true");
    expect(seen).toEqual([]);
    await user.clear(maximum);
    await user.type(maximum, "8");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].body).toMatchObject({ hasQuantity: true, maxQuantity: 8 });
  });

  it("disables and enables with active", async () => {
    const { seen } = serve([oven, windows]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Disable Inside oven" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({ method: "PUT", path: "/api/admin/extras/e1", body: { active: false } });
    await user.click(screen.getByRole("switch", { name: "Show inactive" }));
    await user.click(await screen.findByRole("button", { name: "Enable Windows" }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual({ method: "PUT", path: "/api/admin/extras/e3", body: { active: true } });
  });

  it("soft-deletes after confirmation and restores", async () => {
    const { seen } = serve([oven, walls]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete Inside oven" }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/Delete the extra “Inside oven”\? It will be hidden but recoverable/));
    expect(seen).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Delete Inside oven" }));
    await waitFor(() => expect(seen).toEqual([{ method: "DELETE", path: "/api/admin/extras/e1", body: undefined }]));
    await user.click(screen.getByRole("switch", { name: "Show deleted" }));
    await user.click(await screen.findByRole("button", { name: "Restore Walls" }));
    await waitFor(() => expect(seen[1]).toEqual({ method: "POST", path: "/api/admin/extras/e4/restore", body: undefined }));
  });
});

describe("reorder", () => {
  it("sends every shown extra with its new order from 1", async () => {
    const { seen } = serve([oven, fridge, extra({ _id: "e5", title: "Blinds", order: 3 })]);
    const { user } = await openPage();
    expect((screen.getByRole("button", { name: "Move Inside oven up" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Move Blinds down" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Move Blinds up" }));
    expect(titles()).toEqual(["Inside oven", "Blinds", "Inside fridge"]);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({
      method: "PATCH",
      path: "/api/admin/services/s1/reorder-extras",
      body: { orders: [{ extraId: "e1", order: 1 }, { extraId: "e5", order: 2 }, { extraId: "e2", order: 3 }] },
    });
  });

  it("reloads the list when the reorder fails", async () => {
    const { queries } = serve([oven, fridge]);
    server.use(http.patch("/api/admin/services/:id/reorder-extras", () =>
      HttpResponse.json({ error: "This extra does not belong to the service" }, { status: 422 })));
    const { user } = await openPage();
    const loadsBefore = queries.length;
    await user.click(screen.getByRole("button", { name: "Move Inside oven down" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("This extra does not belong to the service")).toBeTruthy();
    await waitFor(() => expect(queries.length).toBe(loadsBefore + 1));
    await waitFor(() => expect(titles()).toEqual(["Inside oven", "Inside fridge"]));
  });
});

describe("hard delete", () => {
  it("is offered only to superadmins", async () => {
    serve([oven]);
    await openPage("admin");
    expect(screen.queryByRole("button", { name: /Hard delete/ })).toBeNull();
  });

  it("asks first, then deletes for good", async () => {
    const { seen } = serve([oven]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openPage("superadmin");
    await user.click(screen.getByRole("button", { name: "Hard delete Inside oven" }));
    expect(confirm).toHaveBeenLastCalledWith("Permanently delete the extra “Inside oven”? This cannot be undone.");
    expect(seen).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Hard delete Inside oven" }));
    await waitFor(() => expect(seen).toEqual([{ method: "DELETE", path: "/api/admin/extras/e1/hard", body: undefined }]));
  });

  it("alerts the server's error, or the superadmin hint", async () => {
    serve([oven]);
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    server.use(http.delete("/api/admin/extras/:id/hard", () => HttpResponse.json({ error: "Only superadmins may do this" }, { status: 403 })));
    const { user } = await openPage("superadmin");
    await user.click(screen.getByRole("button", { name: "Hard delete Inside oven" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Only superadmins may do this"));
    server.use(http.delete("/api/admin/extras/:id/hard", () => HttpResponse.error()));
    await user.click(screen.getByRole("button", { name: "Hard delete Inside oven" }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith("Hard delete failed (superadmin only?)"));
  });
});

describe("extras in the URL", () => {
  it("opens on the service and toggles a link carries, and puts each choice in the URL", async () => {
    const { queries } = serve([oven, extra({ _id: "e9", serviceId: "s2", title: "Carpet steam", active: false })]);
    storeSession();
    const { user, history } = renderAdmin("/admin/extras?serviceId=s2&includeInactive=true");
    expect(await screen.findByText("Carpet steam")).toBeTruthy();
    expect(queries.at(-1)!.toString()).toBe("serviceId=s2&includeDeleted=false&includeInactive=true");
    expect(screen.getByRole("switch", { name: "Show inactive" })).toHaveProperty("checked", true);
    await user.selectOptions(screen.getByLabelText("Service"), "Standard Clean");
    await screen.findByText("Inside oven");
    expect(history.location.search).toBe("?serviceId=s1&includeInactive=true");
  });
});
