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

const oneTime: FrequencyDto = { _id: "f1", name: "One time", code: "ONE_TIME", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0, active: true };
const weekly: FrequencyDto = { _id: "f2", name: "Weekly", code: "WEEKLY", discountPercent: 15, repeatUnit: "WEEK", repeatEvery: 1, active: true };

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
      HttpResponse.json({ _id: "new", name: "", code: "", discountPercent: 0, repeatUnit: "NONE", repeatEvery: 0, active: true, ...(await record(request)) }, { status: 201 })),
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
    // The code's usual repeat (core's REPEAT_BY_CODE) was offered and kept.
    expect(seen).toEqual([{
      method: "POST",
      path: "/api/admin/frequencies",
      body: { name: "Fortnightly", code: "FORTNIGHTLY", discountPercent: 10, repeatUnit: "WEEK", repeatEvery: 2 },
    }]);
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

describe("a frequency in use (issue 28)", () => {
  const refuse = () =>
    server.use(http.delete("/api/admin/frequencies/:id", () =>
      HttpResponse.json({
        error: "This frequency is used by 2 regular cleans and 5 coming bookings, so it can’t be deleted.",
        code: "FREQUENCY_IN_USE",
        details: { series: 2, bookings: 5 },
      }, { status: 409 })));

  it("a refused delete says what uses it, with the counts, and offers Retire instead, which retires it", async () => {
    const seen = serve([oneTime, weekly]);
    refuse();
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete Weekly" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "“Weekly” can’t be deleted: 2 regular cleans and 5 coming bookings still use it. Retire it instead: it leaves the booking form, and they keep it.",
    );
    expect(screen.getByRole("heading", { name: /Weekly/ })).toBeTruthy();
    await user.click(within(alert).getByRole("button", { name: "Retire instead" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Retire instead" })).toBeNull());
    expect(seen).toEqual([{ method: "PUT", path: "/api/admin/frequencies/f2", body: { active: false } }]);
    const row = within(screen.getByRole("heading", { name: /Weekly/ }).closest("li")!);
    expect(row.getByText("Retired: not offered on the booking form")).toBeTruthy();
    expect(row.getByRole("button", { name: "Bring back Weekly" })).toBeTruthy();
    expect(screen.getByText("“Weekly” is retired: the booking form no longer offers it.")).toBeTruthy();
  });

  it("one in use with only bookings names those alone; Cancel closes the message and sends nothing", async () => {
    const seen = serve([oneTime, weekly]);
    server.use(http.delete("/api/admin/frequencies/:id", () =>
      HttpResponse.json({ error: "In use", code: "FREQUENCY_IN_USE", details: { series: 0, bookings: 1 } }, { status: 409 })));
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Delete Weekly" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("“Weekly” can’t be deleted: 1 coming booking still use it.");
    await user.click(within(alert).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(seen).toEqual([]);
  });

  it("Retire and Bring back in the row; ONE_TIME has neither", async () => {
    const seen = serve([oneTime, { ...weekly, active: false }]);
    const { user } = await openPage();
    expect(screen.queryByRole("button", { name: /Retire One time|Bring back One time/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Bring back Weekly" }));
    await screen.findByRole("button", { name: "Retire Weekly" });
    expect(seen).toEqual([{ method: "PUT", path: "/api/admin/frequencies/f2", body: { active: true } }]);
    expect(screen.getByText("“Weekly” is on the booking form again.")).toBeTruthy();
  });
});

describe("repeats (issue 17)", () => {
  it("shows each frequency's repeat in the list", async () => {
    const monthly: FrequencyDto = { _id: "f3", name: "Quarterly", code: "QUARTERLY", discountPercent: 0, repeatUnit: "MONTH", repeatEvery: 3 };
    serve([oneTime, weekly, monthly]);
    await openPage();
    const rowOf = (name: RegExp) => within(screen.getByRole("heading", { name }).closest("li")!);
    expect(rowOf(/One time/).getByText("Does not repeat")).toBeTruthy();
    expect(rowOf(/Weekly/).getByText("Every week")).toBeTruthy();
    expect(rowOf(/Quarterly/).getByText("Every 3 months")).toBeTruthy();
  });

  it("offers the code's usual repeat, and sends the one chosen instead", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    expect((form().getByLabelText("Repeats") as HTMLSelectElement).value).toBe("NONE");
    expect(form().queryByLabelText("Every how many weeks")).toBeNull();
    await user.type(form().getByLabelText("Code"), "weekly");
    expect((form().getByLabelText("Repeats") as HTMLSelectElement).value).toBe("WEEK");
    expect((form().getByLabelText("Every how many weeks") as HTMLInputElement).value).toBe("1");
    await user.selectOptions(form().getByLabelText("Repeats"), "Every N months");
    const every = form().getByLabelText("Every how many months");
    expect(every.getAttribute("min")).toBe("1");
    expect(every.getAttribute("max")).toBe("52");
    await user.clear(every);
    await user.type(every, "3");
    await user.type(form().getByLabelText("Name"), "Every three months");
    await user.click(form().getByRole("button", { name: "Add frequency" }));
    await screen.findByRole("heading", { name: /Every three months/ });
    expect(seen[0].body).toEqual({ name: "Every three months", code: "WEEKLY", discountPercent: 0, repeatUnit: "MONTH", repeatEvery: 3 });
    // The form starts again: the repeat follows the (empty) code once more.
    expect((form().getByLabelText("Repeats") as HTMLSelectElement).value).toBe("NONE");
  });

  it("a one-off sends an interval of 0", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.type(form().getByLabelText("Name"), "Spring clean");
    await user.type(form().getByLabelText("Code"), "SPRING");
    await user.click(form().getByRole("button", { name: "Add frequency" }));
    await screen.findByRole("heading", { name: /Spring clean/ });
    expect(seen[0].body).toMatchObject({ repeatUnit: "NONE", repeatEvery: 0 });
  });

  it("shows core's message for an interval out of range and sends nothing", async () => {
    const seen = serve([]);
    const { user } = await openPage();
    await user.type(form().getByLabelText("Name"), "Yearly-ish");
    await user.type(form().getByLabelText("Code"), "ODD");
    await user.selectOptions(form().getByLabelText("Repeats"), "Every N weeks");
    const every = form().getByLabelText("Every how many weeks");
    await user.clear(every);
    await user.type(every, "60");
    await user.click(form().getByRole("button", { name: "Add frequency" }));
    expect(form().getByText("Repeat every must be a whole number from 1 to 52")).toBeTruthy();
    expect(every.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(every);
    expect(seen).toEqual([]);
  });

  it("edits a frequency's repeat in its row, then gives focus back to the button", async () => {
    const seen = serve([weekly]);
    const { user } = await openPage();
    const edit = screen.getByRole("button", { name: "Edit repeat of Weekly" });
    expect(edit.getAttribute("aria-expanded")).toBe("false");
    await user.click(edit);
    expect(edit.getAttribute("aria-expanded")).toBe("true");
    const row = within(edit.closest("li")!);
    const every = row.getByLabelText("Every how many weeks");
    await user.clear(every);
    await user.type(every, "2");
    await user.click(row.getByRole("button", { name: "Save repeat" }));
    await screen.findByText("Every 2 weeks");
    expect(seen).toEqual([{ method: "PUT", path: "/api/admin/frequencies/f2", body: { repeatUnit: "WEEK", repeatEvery: 2 } }]);
    expect(screen.getByRole("status").textContent).toBe("“Weekly” now: every 2 weeks.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit repeat of Weekly" })));
  });

  it("turning the repeat off sends NONE and 0; Cancel sends nothing", async () => {
    const seen = serve([weekly]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit repeat of Weekly" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("button", { name: "Save repeat" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit repeat of Weekly" }));
    expect(seen).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Edit repeat of Weekly" }));
    const row = within(screen.getByRole("button", { name: "Save repeat" }).closest("li")!);
    await user.selectOptions(row.getByLabelText("Repeats"), "Does not repeat");
    await user.click(row.getByRole("button", { name: "Save repeat" }));
    await waitFor(() => expect(seen).toEqual([{ method: "PUT", path: "/api/admin/frequencies/f2", body: { repeatUnit: "NONE", repeatEvery: 0 } }]));
  });

  it("an interval of 0 with a unit shows core's message in the row", async () => {
    const seen = serve([weekly]);
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit repeat of Weekly" }));
    const row = within(screen.getByRole("button", { name: "Save repeat" }).closest("li")!);
    await user.clear(row.getByLabelText("Every how many weeks"));
    await user.type(row.getByLabelText("Every how many weeks"), "0");
    await user.click(row.getByRole("button", { name: "Save repeat" }));
    expect(row.getByText("Repeat every must be a whole number from 1 to 52")).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("shows the server's text when the repeat cannot be saved", async () => {
    serve([weekly]);
    server.use(http.put("/api/admin/frequencies/:id", () =>
      HttpResponse.json({ error: "Repeat every must be a whole number from 1 to 52", code: "VALIDATION_FAILED" }, { status: 422 })));
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: "Edit repeat of Weekly" }));
    await user.click(screen.getByRole("button", { name: "Save repeat" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Repeat every must be a whole number from 1 to 52")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save repeat" })).toBeTruthy();
  });
});
