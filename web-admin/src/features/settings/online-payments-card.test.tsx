/** The Online payments card of the Settings page (issue 30), against the API's contract as msw answers it. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { ONLINE_PAYMENTS_TEXT as T, type OnlinePayments } from "./online-payments-card.tsx";

const ON: OnlinePayments = { enabled: true, deposit: { mode: "PERCENT", value: 20 }, balanceOnline: true };

/** The Settings page's other loads, and the payment settings as given. */
function answerLoads(payments: OnlinePayments) {
  server.use(
    http.get("/api/admin/settings/service-area", () => HttpResponse.json({ postcodes: [] })),
    http.get("/api/admin/closed-dates", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/settings/scheduling", () => HttpResponse.json({})),
    http.get("/api/admin/content", () => HttpResponse.json({})),
    http.get("/api/admin/settings/business", () => HttpResponse.json({})),
    http.get("/api/admin/settings/payments", () => HttpResponse.json(payments)),
    // The Feedback card (issue 32; features/feedback tests it).
    http.get("/api/admin/settings/feedback", () => HttpResponse.json({ enabled: true, delayHours: 0, reviewUrl: null })),
    // The cleaners' e-mails card (issue 31; features/team-notices tests it).
    http.get("/api/admin/settings/team-notices", () => HttpResponse.json({ runSheetHour: null })),
  );
}

function answerSaves(answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put("/api/admin/settings/payments", async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer ? answer(body) : HttpResponse.json({ enabled: true, ...body });
    }),
  );
  return bodies;
}

async function openSettings() {
  const view = renderAdmin("/admin/settings");
  await screen.findByRole("heading", { name: "Settings", level: 1 }, { timeout: 5000 });
  await waitFor(() => expect(screen.queryByText("Loading settings…")).toBeNull());
  return view;
}

const card = () => within(screen.getByRole("form", { name: T.title }));

describe("online payments, as a superadmin", () => {
  beforeEach(() => storeSession({ role: "superadmin" }));

  it("shows nothing about payments while Stripe is not set up", async () => {
    answerLoads({ enabled: false, deposit: { mode: "NONE", value: 0 }, balanceOnline: false });
    await openSettings();
    // The other cards have loaded; this one never appears.
    await waitFor(() => expect(screen.queryByText("Loading settings…")).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: T.title })).toBeNull();
    expect(screen.queryByText(T.balanceOnline)).toBeNull();
  });

  it("loads the saved settings and saves a fixed deposit and the balance online", async () => {
    answerLoads(ON);
    const bodies = answerSaves();
    const { user } = await openSettings();
    await screen.findByRole("form", { name: T.title });
    expect(card().getByLabelText<HTMLInputElement>(T.modes.PERCENT).checked).toBe(true);
    expect(card().getByLabelText<HTMLInputElement>(T.percent).value).toBe("20");
    expect(card().getByLabelText<HTMLInputElement>(T.balanceOnline).checked).toBe(true);

    await user.click(card().getByLabelText(T.modes.FIXED));
    const amount = card().getByLabelText<HTMLInputElement>(T.fixed);
    await user.clear(amount);
    await user.type(amount, "50");
    await user.click(card().getByLabelText(T.balanceOnline));
    await user.click(card().getByRole("button", { name: T.save }));
    expect(await card().findByText(T.saved)).toBeTruthy();
    expect(bodies).toEqual([{ deposit: { mode: "FIXED", value: 50 }, balanceOnline: false }]);
  });

  it("refuses a percentage over 100 beside the field, before sending", async () => {
    answerLoads(ON);
    const bodies = answerSaves();
    const { user } = await openSettings();
    await screen.findByRole("form", { name: T.title });
    const percent = card().getByLabelText<HTMLInputElement>(T.percent);
    await user.clear(percent);
    await user.type(percent, "120");
    await user.click(card().getByRole("button", { name: T.save }));
    expect(await card().findByText(T.badPercent)).toBeTruthy();
    expect(percent.getAttribute("aria-invalid")).toBe("true");
    expect(bodies).toHaveLength(0);
  });

  it("shows the server's 422 on the deposit's value beside the field", async () => {
    answerLoads(ON);
    answerSaves(() =>
      HttpResponse.json({
        error: "Please fix the highlighted fields, then try again.",
        code: "VALIDATION_FAILED",
        fieldErrors: { "deposit.value": ["Please enter a percentage from 1 to 100."] },
      }, { status: 422 })
    );
    const { user } = await openSettings();
    await screen.findByRole("form", { name: T.title });
    await user.click(card().getByRole("button", { name: T.save }));
    const message = await card().findByText("Please enter a percentage from 1 to 100.");
    expect(card().getByLabelText(T.percent).getAttribute("aria-describedby")).toContain(message.id);
  });

  it("no deposit: no amount asked, and 0 sent", async () => {
    answerLoads(ON);
    const bodies = answerSaves();
    const { user } = await openSettings();
    await screen.findByRole("form", { name: T.title });
    await user.click(card().getByLabelText(T.modes.NONE));
    expect(card().queryByLabelText(T.percent)).toBeNull();
    await user.click(card().getByRole("button", { name: T.save }));
    await card().findByText(T.saved);
    expect(bodies).toEqual([{ deposit: { mode: "NONE", value: 0 }, balanceOnline: true }]);
  });
});

describe("online payments, as an admin", () => {
  beforeEach(() => storeSession({ role: "admin" }));

  it("reads the settings and cannot change them", async () => {
    answerLoads(ON);
    await openSettings();
    const heading = await screen.findByRole("heading", { name: T.title });
    const section = within(heading.closest("section")!);
    expect(section.getByText(T.readOnly)).toBeTruthy();
    expect(section.getByText("20% of the first clean")).toBeTruthy();
    expect(screen.queryByRole("button", { name: T.save })).toBeNull();
  });
});
