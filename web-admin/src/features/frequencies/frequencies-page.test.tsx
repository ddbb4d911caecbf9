import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FrequencyDto } from "@yarra/api/client/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";

// happy-dom has no dialogs; give the spies something to wrap (an unexpected dialog says no).
beforeEach(() => {
  Object.assign(window, { confirm: () => false, alert: () => {}, prompt: () => null });
});

const oneTime: FrequencyDto = { _id: "f1", name: "One time", code: "ONE_TIME", discountPercent: 0 };
const weekly: FrequencyDto = { _id: "f2", name: "Weekly", code: "WEEKLY", discountPercent: 15 };

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

function serve(items: FrequencyDto[]) {
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    seen.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
    return seen.at(-1)!.body as Partial<FrequencyDto>;
  };
  server.use(
    http.get("/api/admin/frequencies", () => HttpResponse.json({ items })),
    http.post("/api/admin/frequencies", async ({ request }) =>
      HttpResponse.json({ _id: "new", name: "", code: "", discountPercent: 0, ...(await record(request)) }, { status: 201 })),
    http.put("/api/admin/frequencies/:id", async ({ request, params }) =>
      HttpResponse.json({ ...items.find((f) => f._id === params.id)!, ...(await record(request)) })),
    http.delete("/api/admin/frequencies/:id", async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

async function openPage() {
  storeSession();
  const view = renderAdmin("/admin/frequencies");
  await screen.findByRole("heading", { name: "All frequencies" });
  await waitFor(() => expect(screen.queryByText("Loading frequencies…")).toBeNull());
  return view;
}

const form = () => within(screen.getByRole("region", { name: "New frequency" }));

describe("frequencies", () => {
  it("lists frequencies with code and discount", async () => {
    serve([oneTime, weekly]);
    await openPage();
    const row = within(screen.getByRole("heading", { name: /Weekly/ }).closest("li")!);
    expect(row.getByText("WEEKLY")).toBeTruthy();
    expect(row.getByText("15% off after the first service")).toBeTruthy();
    expect(screen.getByText("No discount")).toBeTruthy();
  });

  it("says 'No frequencies yet.'", async () => {
    serve([]);
    await openPage();
    expect(screen.getByText("No frequencies yet.")).toBeTruthy();
  });

  it("shows a load error", async () => {
    server.use(http.get("/api/admin/frequencies", () => HttpResponse.error()));
    storeSession();
    renderAdmin("/admin/frequencies");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Network error")).toBeTruthy();
    expect(within(alert).getByText("Failed to load frequencies")).toBeTruthy();
  });

  it("adds a frequency, discount input limited to 0 to 100", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    const discount = form().getByLabelText("Discount percent");
    expect(discount.getAttribute("min")).toBe("0");
    expect(discount.getAttribute("max")).toBe("100");
    await user.type(form().getByLabelText("Name"), " Fortnightly ");
    await user.type(form().getByLabelText("Code"), "fortnightly");
    await user.clear(discount);
    await user.type(discount, "10");
    await user.click(form().getByRole("button", { name: "Add frequency" }));
    await screen.findByRole("heading", { name: /Fortnightly/ });
    expect(seen).toEqual([{ method: "POST", path: "/api/admin/frequencies", body: { name: "Fortnightly", code: "FORTNIGHTLY", discountPercent: 10 } }]);
    expect((form().getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("shows core's messages and sends nothing while they stand", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.clear(form().getByLabelText("Discount percent"));
    await user.type(form().getByLabelText("Discount percent"), "120");
    await user.click(form().getByRole("button", { name: "Add frequency" }));
    expect(form().getByText("Name is required")).toBeTruthy();
    expect(form().getByText("Code is required")).toBeTruthy();
    expect(form().getByText("Discount must be between 0 and 100")).toBeTruthy();
    expect(form().getByLabelText("Discount percent").getAttribute("aria-invalid")).toBe("true");
    expect(seen).toEqual([]);
  });

  it("shows the server's text when the code is taken", async () => {
    serve([]);
    server.use(http.post("/api/admin/frequencies", () =>
      HttpResponse.json({ error: "That code is already used by another frequency.", fieldErrors: { code: ["Another frequency already uses this code"] } }, { status: 409 })));
    const { user } = await openPage();
    await user.type(form().getByLabelText("Name"), "Weekly");
    await user.type(form().getByLabelText("Code"), "WEEKLY");
    await user.click(form().getByRole("button", { name: "Add frequency" }));
    expect((await form().findByRole("alert")).textContent).toBe("That code is already used by another frequency.");
    expect(form().getByText("Another frequency already uses this code")).toBeTruthy();
  });
});

describe("Edit %", () => {
  it("prompts with the current value and sends it", async () => {
    const seen = serve([weekly]);
    const prompt = vi.spyOn(window, "prompt").mockReturnValue("20");
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit % of Weekly" }));
    expect(prompt).toHaveBeenCalledWith("New discount percent for “Weekly” (0 to 100):", "15");
    await screen.findByText("20% off after the first service");
    expect(seen).toEqual([{ method: "PUT", path: "/api/admin/frequencies/f2", body: { discountPercent: 20 } }]);
  });

  it.each([
    ["-5", 0],
    ["abc", 0],
    ["", 0],
    ["150", 100],
    ["12.345", 12.35],
  ])("clamps %j to %d", async (answer, sent) => {
    const seen = serve([weekly]);
    vi.spyOn(window, "prompt").mockReturnValue(answer);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit % of Weekly" }));
    await waitFor(() => expect(seen).toEqual([{ method: "PUT", path: "/api/admin/frequencies/f2", body: { discountPercent: sent } }]));
  });

  it("does nothing when the prompt is cancelled", async () => {
    const seen = serve([weekly]);
    vi.spyOn(window, "prompt").mockReturnValue(null);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit % of Weekly" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
  });
});

describe("delete", () => {
  it("deletes after confirmation; a cancel does nothing", async () => {
    const seen = serve([oneTime, weekly]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete Weekly" }));
    expect(confirm).toHaveBeenLastCalledWith("Delete the frequency “Weekly”? Past bookings keep their discount.");
    expect(seen).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Delete Weekly" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: /Weekly/ })).toBeNull());
    expect(seen).toEqual([{ method: "DELETE", path: "/api/admin/frequencies/f2", body: undefined }]);
  });

  it("shows the server's text when the delete is refused", async () => {
    serve([oneTime]);
    server.use(http.delete("/api/admin/frequencies/:id", () =>
      HttpResponse.json({ error: "ONE_TIME is the default frequency and stays.", code: "DEFAULT_FREQUENCY" }, { status: 409 })));
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete One time" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("ONE_TIME is the default frequency and stays.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: /One time/ })).toBeTruthy();
  });
});
