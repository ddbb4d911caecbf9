/** Issue 31: a service's "Checklist for cleaners", one item a line, sent as `checklist: string[]`. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { CATALOG_LIMITS } from "@yarra/core/catalog/constants.ts";
import { CATALOG_MESSAGES } from "@yarra/core/catalog/schemas.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { checklistErrorsByLine, checklistOf } from "./checklist-lines.ts";
import type { StaffServiceDto } from "./services-api.ts";

const standard: StaffServiceDto = {
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
  checklist: ["Wipe kitchen benches", "Vacuum and mop floors"],
};

beforeEach(() => {
  Object.assign(window, { confirm: () => false });
  storeSession();
});

/** The staff services calls over one list; each write's body is kept, and answered as the server stores it. */
function serve(items: StaffServiceDto[], refuse?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  let list = [...items];
  const stored = (body: Record<string, unknown>) =>
    Array.isArray(body.checklist) ? { checklist: checklistOf((body.checklist as string[]).join("\n")) } : {};
  server.use(
    http.get("/api/admin/services", () => HttpResponse.json({ items: list })),
    http.post("/api/admin/services", async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (refuse) return refuse();
      const created = { ...standard, checklist: [], ...body, ...stored(body), _id: `new-${bodies.length}` } as StaffServiceDto;
      list = [...list, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put("/api/admin/services/:id", async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (refuse) return refuse();
      const saved = { ...list.find((s) => s._id === params.id)!, ...body, ...stored(body) } as StaffServiceDto;
      list = list.map((s) => (s._id === saved._id ? saved : s));
      return HttpResponse.json(saved);
    }),
  );
  return bodies;
}

async function openServices() {
  const view = renderAdmin("/admin");
  await screen.findByRole("heading", { name: "All services" });
  await waitFor(() => expect(screen.queryByText("Loading services…")).toBeNull());
  return view;
}

describe("Checklist for cleaners", () => {
  it("shows the saved checklist one item a line, and sends the items edited (trimmed, blank lines left out)", async () => {
    const bodies = serve([standard]);
    const { user } = await openServices();
    await user.click(screen.getByRole("button", { name: "Edit Standard Clean" }));
    const editor = within(screen.getByRole("region", { name: "Edit Standard Clean" }));
    const box = editor.getByLabelText<HTMLTextAreaElement>("Checklist for cleaners");
    expect(box.value).toBe("Wipe kitchen benches\nVacuum and mop floors");
    expect(document.getElementById(box.getAttribute("aria-describedby")!)!.textContent).toContain("One item per line, up to 30 lines");
    await user.clear(box);
    await user.type(box, "  Clean inside the microwave  {Enter}{Enter}Wipe kitchen benches{Enter}");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].checklist).toEqual(["Clean inside the microwave", "Wipe kitchen benches"]);
    // Saved: the editor closes; opened again it shows what the server kept.
    await waitFor(() => expect(screen.queryByRole("region", { name: "Edit Standard Clean" })).toBeNull());
    await user.click(screen.getByRole("button", { name: "Edit Standard Clean" }));
    expect(within(screen.getByRole("region", { name: "Edit Standard Clean" })).getByLabelText<HTMLTextAreaElement>("Checklist for cleaners").value)
      .toBe("Clean inside the microwave\nWipe kitchen benches");
  });

  it("leaves the checklist out of an edit that does not change it, and clears it with an empty box", async () => {
    const bodies = serve([standard]);
    const { user } = await openServices();
    await user.click(screen.getByRole("button", { name: "Edit Standard Clean" }));
    let editor = within(screen.getByRole("region", { name: "Edit Standard Clean" }));
    await user.clear(editor.getByLabelText("Rate per hour"));
    await user.type(editor.getByLabelText("Rate per hour"), "65");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty("checklist");
    expect(bodies[0].ratePerHour).toBe(65);

    await waitFor(() => expect(screen.queryByRole("region", { name: "Edit Standard Clean" })).toBeNull());
    await user.click(screen.getByRole("button", { name: "Edit Standard Clean" }));
    editor = within(screen.getByRole("region", { name: "Edit Standard Clean" }));
    await user.clear(editor.getByLabelText("Checklist for cleaners"));
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].checklist).toEqual([]);
  });

  it("a new service sends its checklist; without one, none is sent", async () => {
    const bodies = serve([]);
    const { user } = await openServices();
    const form = within(screen.getByRole("region", { name: "New service" }));
    await user.type(form.getByLabelText("Name"), "Deep Clean");
    await user.type(form.getByLabelText("Checklist for cleaners"), "Degrease rangehood{Enter}Clean skirting boards");
    await user.click(form.getByRole("button", { name: "Create service" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: "Deep Clean", checklist: ["Degrease rangehood", "Clean skirting boards"] });

    await screen.findByText("Service “Deep Clean” created.");
    await user.type(form.getByLabelText("Name"), "Quick Tidy");
    await user.click(form.getByRole("button", { name: "Create service" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty("checklist");
  });

  it("shows core's messages naming the line, and sends nothing while they stand", async () => {
    const bodies = serve([standard]);
    const { user } = await openServices();
    await user.click(screen.getByRole("button", { name: "Edit Standard Clean" }));
    const editor = within(screen.getByRole("region", { name: "Edit Standard Clean" }));
    const box = editor.getByLabelText<HTMLTextAreaElement>("Checklist for cleaners");
    await user.clear(box);
    // user.type would take minutes for 121 characters a line: the box is set as pasted.
    await user.click(box);
    await user.paste(`Mop floors\n\n${"x".repeat(CATALOG_LIMITS.checklistItem + 1)}`);
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(box.getAttribute("aria-invalid")).toBe("true"));
    expect(editor.getByText(`Line 3: ${CATALOG_MESSAGES.checklistItemTooLong}`)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box));

    await user.clear(box);
    await user.paste(Array.from({ length: CATALOG_LIMITS.checklistItems + 1 }, (_, i) => `Item ${i + 1}`).join("\n"));
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    expect(await editor.findByText(CATALOG_MESSAGES.checklistTooLong)).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it("puts the server's 422 on an item under the line it was typed on", async () => {
    const bodies = serve([standard], () =>
      HttpResponse.json(
        { error: "Validation error", code: "VALIDATION_FAILED", fieldErrors: { "checklist.1": ["Checklist lines must be one line"] } },
        { status: 422 },
      ));
    const { user } = await openServices();
    await user.click(screen.getByRole("button", { name: "Edit Standard Clean" }));
    const editor = within(screen.getByRole("region", { name: "Edit Standard Clean" }));
    const box = editor.getByLabelText<HTMLTextAreaElement>("Checklist for cleaners");
    await user.clear(box);
    await user.type(box, "First{Enter}{Enter}Second");
    await user.click(editor.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // Item 2 sent is line 3 of the box (the blank line was left out).
    expect(await editor.findByText("Line 3: Checklist lines must be one line")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("checklistErrorsByLine", () => {
  it("moves an item's messages to its line and keeps the others", () => {
    expect(checklistErrorsByLine({ "checklist.0": ["a"], "checklist.2": ["b"], checklist: ["c"], name: ["d"] }, "\none\n  \ntwo\nthree"))
      .toEqual({ "checklist.1": ["a"], "checklist.4": ["b"], checklist: ["c"], name: ["d"] });
  });
});
