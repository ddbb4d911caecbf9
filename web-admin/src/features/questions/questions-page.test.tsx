import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { QuestionDto, ServiceDto } from "@yarra/api/client/types.ts";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";

// happy-dom has no dialogs; give the spies something to wrap (an unexpected dialog says no).
beforeEach(() => {
  Object.assign(window, { confirm: () => false, alert: () => {}, prompt: () => null });
});

const endOfLease = {
  _id: "s2", name: "End of Lease", slug: "end-of-lease", pricingModel: "FIXED", ratePerHour: 60, minHours: 2, maxHours: 20,
  stepHours: 0.5, bedroomPrices: [], basePrice: 300, durationMinutes: 120, description: "", deletedAt: null,
} satisfies ServiceDto;

const question = (over: Partial<QuestionDto>): QuestionDto => ({
  _id: "q1", scope: "GLOBAL", serviceId: null, text: "Any pets?", type: "SINGLE", required: false, order: 1, helpText: "",
  placeholder: "", options: [{ label: "No pets", value: "no_pets" }, { label: "Dog", value: "dog" }], ...over,
});
const pets = question({});
const parking = question({ _id: "q2", text: "Where can we park?", type: "TEXT", options: [], required: true, order: 2, placeholder: "Street" });
const keys = question({ _id: "q3", scope: "SERVICE", serviceId: "s2", text: "Key handover?", order: 3, options: [{ label: "Lockbox", value: "lockbox" }] });

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

function serve(items: QuestionDto[]) {
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    seen.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
    return seen.at(-1)!.body as Partial<QuestionDto>;
  };
  server.use(
    http.get("/api/admin/services", () => HttpResponse.json({ items: [endOfLease] })),
    http.get("/api/admin/questions", () => HttpResponse.json({ items })),
    http.post("/api/admin/questions", async ({ request }) =>
      HttpResponse.json(question({ _id: `new-${seen.length}`, ...(await record(request)) }), { status: 201 })),
    http.put("/api/admin/questions/:id", async ({ request, params }) =>
      HttpResponse.json({ ...items.find((q) => q._id === params.id)!, ...(await record(request)) })),
    http.delete("/api/admin/questions/:id", async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

async function openPage() {
  storeSession();
  const view = renderAdmin("/admin/questions");
  await screen.findByRole("heading", { name: "All questions" });
  await waitFor(() => expect(screen.queryByText("Loading questions…")).toBeNull());
  return view;
}

const form = () => within(screen.getByRole("region", { name: "New question" }));
const addButton = () => form().getByRole("button", { name: "Add question" });
const preview = () => within(screen.getByRole("figure", { name: "Preview on the booking form" }));
const listTitles = () =>
  within(screen.getByRole("list", { name: "Questions" })).getAllByRole("heading").map((h) => h.firstChild?.textContent);

describe("questions list", () => {
  it("lists questions by order with scope, type, options and required state", async () => {
    serve([keys, parking, pets]);
    await openPage();
    expect(listTitles()).toEqual(["Any pets?", "Where can we park?", "Key handover?"]);
    expect(screen.getByText("End of Lease · Single choice · Order 3")).toBeTruthy();
    expect(screen.getByText("Global · Text · Order 2")).toBeTruthy();
    expect(screen.getByText("Options: No pets, Dog")).toBeTruthy();
    const parkingRow = within(screen.getByRole("heading", { name: /Where can we park/ }).closest("li")!);
    expect(parkingRow.getByText("Required")).toBeTruthy();
    expect(parkingRow.getByRole("button", { name: "Make optional: Where can we park?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Make required: Any pets?" })).toBeTruthy();
  });

  it("says 'No questions yet.'", async () => {
    serve([]);
    await openPage();
    expect(screen.getByText("No questions yet.")).toBeTruthy();
  });

  it("shows a load error", async () => {
    serve([]);
    server.use(http.get("/api/admin/questions", () => HttpResponse.json({ error: "x" }, { status: 500 })));
    storeSession();
    renderAdmin("/admin/questions");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load questions")).toBeTruthy();
  });
});

describe("add form validation", () => {
  it("requires the question text", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.type(form().getByLabelText("Option 1 label"), "Yes");
    await user.type(form().getByLabelText("Option 1 value"), "yes");
    await user.click(addButton());
    const text = form().getByLabelText("Question text");
    expect(text.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(text.getAttribute("aria-describedby")!)!.textContent).toBe("Question text is required");
    await user.type(text, "   ");
    await user.click(addButton());
    expect(form().getByText("Question text is required")).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("needs a service when the scope is one service", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.type(form().getByLabelText("Question text"), "Key handover?");
    await user.click(form().getByRole("button", { name: "Use the Yes/No template" }));
    expect(form().queryByLabelText("Service")).toBeNull();
    await user.click(form().getByRole("radio", { name: "One service" }));
    await user.click(addButton());
    expect(form().getByText("Select a service")).toBeTruthy();
    expect(form().getByLabelText("Service").getAttribute("aria-invalid")).toBe("true");
    expect(seen).toEqual([]);
    await user.selectOptions(form().getByLabelText("Service"), "End of Lease");
    await user.click(addButton());
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ scope: "SERVICE", serviceId: "s2" });
  });

  it("needs at least one option for a choice", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.type(form().getByLabelText("Question text"), "Any pets?");
    await user.click(form().getByRole("button", { name: "Remove option 1" }));
    await user.click(addButton());
    expect(form().getByText("At least one option is required")).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("rejects empty labels or values", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.type(form().getByLabelText("Question text"), "Any pets?");
    await user.type(form().getByLabelText("Option 1 label"), "Dog");
    await user.click(addButton());
    expect(form().getByText("Option label/value cannot be empty")).toBeTruthy();
    const value = form().getByLabelText("Option 1 value");
    expect(value.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(value.getAttribute("aria-describedby")!)!.textContent).toContain("Option label/value cannot be empty");
    expect(seen).toEqual([]);
  });

  it("rejects values that repeat once trimmed", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.type(form().getByLabelText("Question text"), "Any pets?");
    await user.type(form().getByLabelText("Option 1 label"), "Dog");
    await user.type(form().getByLabelText("Option 1 value"), "dog");
    await user.click(form().getByRole("button", { name: "Add option" }));
    await user.type(form().getByLabelText("Option 2 label"), "Doggo");
    await user.type(form().getByLabelText("Option 2 value"), " dog ");
    await user.click(addButton());
    expect(form().getByText("Option values must be unique")).toBeTruthy();
    expect(seen).toEqual([]);
  });
});

describe("add form", () => {
  it("fills options from the templates", async () => {
    serve([]);
    const { user } = await openPage();
    const values = () => form().getAllByLabelText(/Option \d+ value/).map((input) => (input as HTMLInputElement).value);
    const labels = () => form().getAllByLabelText(/Option \d+ label/).map((input) => (input as HTMLInputElement).value);
    await user.click(form().getByRole("button", { name: "Use the Yes/No template" }));
    expect(labels()).toEqual(["Yes", "No"]);
    await user.click(form().getByRole("button", { name: "Use the Access template" }));
    expect(labels()).toEqual(["Someone will be home", "Lockbox"]);
    await user.click(form().getByRole("button", { name: "Use the Pets template" }));
    expect(labels()).toEqual(["No pets", "Dog", "Cat"]);
    expect(values()).toEqual(["no_pets", "dog", "cat"]);
  });

  it("previews the question live, as the booking form shows it", async () => {
    serve([]);
    const { user } = await openPage();
    expect(preview().getByText("Your question")).toBeTruthy();
    await user.type(form().getByLabelText("Question text"), "Any pets?");
    await user.click(form().getByRole("checkbox", { name: "Required" }));
    await user.type(form().getByLabelText("Help text"), "So we can plan");
    await user.click(form().getByRole("button", { name: "Use the Pets template" }));
    expect(preview().getByText("Any pets?")).toBeTruthy();
    expect(preview().getByText("*")).toBeTruthy();
    expect(preview().getByText("So we can plan")).toBeTruthy();
    expect(preview().getAllByRole("radio")).toHaveLength(3);
    await user.click(form().getByRole("radio", { name: "Multiple choice" }));
    expect(preview().getAllByRole("checkbox")).toHaveLength(3);
    await user.click(form().getByRole("radio", { name: "Text" }));
    expect(form().queryByRole("group", { name: "Options" })).toBeNull();
    expect(form().queryByLabelText("Option 1 label")).toBeNull();
    await user.type(form().getByLabelText("Placeholder"), "e.g. one cat");
    expect(preview().getByPlaceholderText("e.g. one cat")).toBeTruthy();
  });

  it("sends a trimmed question with order 1 by default", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    expect((form().getByLabelText("Order") as HTMLInputElement).value).toBe("1");
    await user.type(form().getByLabelText("Question text"), "  Any pets?  ");
    await user.type(form().getByLabelText("Help text"), " So we can plan ");
    await user.type(form().getByLabelText("Option 1 label"), " Dog ");
    await user.type(form().getByLabelText("Option 1 value"), " dog ");
    await user.click(form().getByRole("checkbox", { name: "Required" }));
    await user.clear(form().getByLabelText("Order"));
    await user.click(addButton());
    await screen.findByRole("heading", { name: /Any pets\?/ });
    expect(seen).toEqual([{
      method: "POST",
      path: "/api/admin/questions",
      body: {
        scope: "GLOBAL", serviceId: null, text: "Any pets?", type: "SINGLE", required: true, order: 1,
        helpText: "So we can plan", placeholder: "", options: [{ label: "Dog", value: "dog" }],
      },
    }]);
    expect((form().getByLabelText("Question text") as HTMLInputElement).value).toBe("");
  });

  it("sends a text question without options", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.type(form().getByLabelText("Question text"), "Where can we park?");
    await user.click(form().getByRole("radio", { name: "Text" }));
    await user.type(form().getByLabelText("Placeholder"), "Street");
    await user.clear(form().getByLabelText("Order"));
    await user.type(form().getByLabelText("Order"), "4");
    await user.click(addButton());
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ type: "TEXT", options: [], placeholder: "Street", order: 4 });
  });

  it("shows 'Failed to create question' inline, or the server's text", async () => {
    serve([]);
    server.use(http.post("/api/admin/questions", () => new HttpResponse(null, { status: 500 })));
    const { user } = await openPage();
    await user.type(form().getByLabelText("Question text"), "Any pets?");
    await user.click(form().getByRole("button", { name: "Use the Yes/No template" }));
    await user.click(addButton());
    expect((await form().findByRole("alert")).textContent).toBe("Failed to create question");
    server.use(http.post("/api/admin/questions", () => HttpResponse.json({ error: "Service not found" }, { status: 404 })));
    await user.click(addButton());
    await waitFor(() => expect(form().getByRole("alert").textContent).toBe("Service not found"));
  });
});

describe("row actions", () => {
  it("makes a question required or optional", async () => {
    const seen = serve([pets, parking]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Make required: Any pets?" }));
    await screen.findByRole("button", { name: "Make optional: Any pets?" });
    await user.click(screen.getByRole("button", { name: "Make optional: Where can we park?" }));
    await screen.findByRole("button", { name: "Make required: Where can we park?" });
    expect(seen).toEqual([
      { method: "PUT", path: "/api/admin/questions/q1", body: { required: true } },
      { method: "PUT", path: "/api/admin/questions/q2", body: { required: false } },
    ]);
  });

  it("moves a question up and down by order", async () => {
    const seen = serve([pets, parking]);
    const { user } = await openPage();
    expect((screen.getByRole("button", { name: "Move up: Any pets?" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Move up: Where can we park?" }));
    await screen.findByText("Global · Text · Order 1");
    await user.click(screen.getByRole("button", { name: "Move down: Any pets?" }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { method: "PUT", path: "/api/admin/questions/q2", body: { order: 1 } },
      { method: "PUT", path: "/api/admin/questions/q1", body: { order: 2 } },
    ]);
    await waitFor(() => expect(listTitles()).toEqual(["Where can we park?", "Any pets?"]));
  });

  it("alerts 'Update failed', or the server's text", async () => {
    serve([pets]);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    server.use(http.put("/api/admin/questions/:id", () => new HttpResponse(null, { status: 500 })));
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Make required: Any pets?" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Update failed"));
    server.use(http.put("/api/admin/questions/:id", () => HttpResponse.json({ error: "Question not found" }, { status: 404 })));
    await user.click(screen.getByRole("button", { name: "Move down: Any pets?" }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith("Question not found"));
  });

  it("deletes after confirmation; a cancel does nothing", async () => {
    const seen = serve([pets, parking]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete: Any pets?" }));
    expect(confirm).toHaveBeenLastCalledWith("Delete the question “Any pets?”? Past bookings keep their answers.");
    expect(seen).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Delete: Any pets?" }));
    await waitFor(() => expect(listTitles()).toEqual(["Where can we park?"]));
    expect(seen).toEqual([{ method: "DELETE", path: "/api/admin/questions/q1", body: undefined }]);
  });

  it("alerts 'Delete failed', or the server's text", async () => {
    serve([pets]);
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    server.use(http.delete("/api/admin/questions/:id", () => HttpResponse.error()));
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete: Any pets?" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Delete failed"));
    server.use(http.delete("/api/admin/questions/:id", () => HttpResponse.json({ error: "Question not found" }, { status: 404 })));
    await user.click(screen.getByRole("button", { name: "Delete: Any pets?" }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith("Question not found"));
    expect(listTitles()).toEqual(["Any pets?"]);
  });
});
