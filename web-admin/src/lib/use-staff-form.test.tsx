/** The one way a staff form works (issue 33): core's messages, the server's field errors, focus, dirty and reset. */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "@yarra/api/client/http.ts";
import { describeFailure } from "@yarra/api/client/error-catalogue.ts";
import { CLEANER_MESSAGES, cleanerInputSchema } from "@yarra/core/cleaners/schemas.ts";
import { describe, expect, it, vi } from "vitest";
import { FormField } from "../ui/form-field.tsx";
import { checkResolver, coreSchemaResolver, useStaffForm } from "./use-staff-form.ts";
import { hasUnsavedChanges } from "./unsaved-changes.ts";

interface Values {
  name: string;
  phone: string;
  email: string;
}

const EMPTY: Values = { name: "", phone: "", email: "" };
const resolver = coreSchemaResolver<Values, { name: string; phone: string; email: string }>(cleanerInputSchema);

function Probe({ onSubmit }: { onSubmit: (body: unknown) => Promise<unknown> }) {
  const { form, errorsOf, working, dirty, formRef, submit } = useStaffForm({
    defaultValues: EMPTY,
    resolver,
    onSubmit,
    afterSave: "empty",
    guardUnsaved: true,
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormField label="Name" errors={errorsOf("name")}>{(control) => <input {...control} {...form.register("name")} />}</FormField>
      <FormField label="Phone" errors={errorsOf("phone")}>{(control) => <input {...control} {...form.register("phone")} />}</FormField>
      <FormField label="Email" errors={errorsOf("email")}>{(control) => <input {...control} {...form.register("email")} />}</FormField>
      <p>{dirty ? "Unsaved" : "Saved"}</p>
      <button type="submit">{working ? "Saving…" : "Save"}</button>
    </form>
  );
}

/** A list sent as entries but typed in one box: the server's `entries.N` land on the box, naming the entry. */
function ListProbe({ onSubmit }: { onSubmit: (body: string[]) => Promise<string[]> }) {
  const { form, errorsOf, formRef, submit } = useStaffForm({
    defaultValues: { entries: "" },
    resolver: checkResolver<{ entries: string }, string[]>(({ entries }) => ({ ok: true, value: entries.split(",") })),
    onSubmit,
    // The box shows the list the server kept.
    afterSave: (kept) => ({ entries: kept.join(",") }),
    serverErrors: (fieldErrors, sent) => ({
      entries: Object.entries(fieldErrors).flatMap(([path, messages]) =>
        messages.map((message) => `${sent[Number(path.split(".")[1])]}: ${message}`)
      ),
    }),
    focusServerErrors: true,
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormField label="Entries" errors={errorsOf("entries")}>
        {(control) => <input {...control} {...form.register("entries")} />}
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

/** A form whose second step (Confirm, outside the submit) is refused: `later` is that refusal, `placed` where it shows. */
function StepProbe({ later, placed }: { later: unknown; placed?: Record<string, string[]> }) {
  const { form, errorsOf, failure, formRef, submit, showFailure } = useStaffForm({
    defaultValues: EMPTY,
    resolver,
    onSubmit: async () => {},
    focusServerErrors: true,
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormField label="Name" errors={errorsOf("name")}>{(control) => <input {...control} {...form.register("name")} />}</FormField>
      <FormField label="Email" errors={errorsOf("email")}>{(control) => <input {...control} {...form.register("email")} />}</FormField>
      {failure !== null && <p role="alert">Refused</p>}
      <button type="submit">Save</button>
      <button type="button" onClick={() => showFailure(later, placed)}>Confirm</button>
    </form>
  );
}

function renderProbe(
  onSubmit: (body: unknown) => Promise<unknown>,
  probe: "fields" | "list" | "step" = "fields",
  step: { later?: unknown; placed?: Record<string, string[]> } = {},
) {
  const rootRoute = createRootRoute({
    component: () =>
      probe === "list"
        ? <ListProbe onSubmit={onSubmit as (body: string[]) => Promise<string[]>} />
        : probe === "step"
        ? <StepProbe later={step.later} placed={step.placed} />
        : <Probe onSubmit={onSubmit} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/"] }) });
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return user;
}

describe("useStaffForm", () => {
  it("shows core's message under the field, focuses it, and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    const user = renderProbe(onSubmit);
    await user.type(await screen.findByLabelText("Phone"), "12");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const name = screen.getByLabelText("Name");
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(CLEANER_MESSAGES.nameRequired).id).toMatch(/-error$/);
    expect(screen.getByLabelText("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the schema's output, then starts over: nothing unsaved", async () => {
    const onSubmit = vi.fn(async () => {});
    const user = renderProbe(onSubmit);
    await user.type(await screen.findByLabelText("Name"), "  Mia Chen ");
    screen.getByText("Unsaved");
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Mia Chen", phone: "", email: "" }, expect.anything()));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Name").value).toBe(""));
    screen.getByText("Saved");
    expect(hasUnsavedChanges()).toBe(false);
  });

  it("puts the server's field errors (a 422's fieldErrors) under their fields, every message", async () => {
    const refusal = new ApiError(describeFailure({
      status: 422,
      body: { error: "Invalid input", code: "VALIDATION_ERROR", fieldErrors: { email: ["Taken.", "Ask them."] } },
    }));
    const onSubmit = vi.fn(async () => {
      throw refusal;
    });
    const user = renderProbe(onSubmit);
    await user.type(await screen.findByLabelText("Name"), "Mia");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByText("Taken. Ask them.")).id).toMatch(/-error$/);
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    // A refused save keeps what was typed.
    expect(screen.getByLabelText<HTMLInputElement>("Name").value).toBe("Mia");
  });

  it("places the server's field errors where serverErrors says, all on one field, and focuses it", async () => {
    const refusal = new ApiError(describeFailure({
      status: 422,
      body: { error: "Invalid input", code: "VALIDATION_ERROR", fieldErrors: { "entries.1": ["Not a postcode."], "entries.2": ["Too long."] } },
    }));
    const user = renderProbe(async () => {
      throw refusal;
    }, "list");
    const box = await screen.findByLabelText("Entries");
    await user.type(box, "3000,31x1,300000");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByText("31x1: Not a postcode. 300000: Too long.")).id).toMatch(/-error$/);
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it("starts over from what afterSave makes of the answer", async () => {
    const user = renderProbe(async (body) => [...(body as string[])].sort(), "list");
    const box = await screen.findByLabelText<HTMLInputElement>("Entries");
    await user.type(box, "3121,3000");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(box.value).toBe("3000,3121"));
  });

  it("shows a later step's refusal as the submit's own: the last check's messages replaced, the field focused", async () => {
    const later = new ApiError(describeFailure({
      status: 422,
      body: { error: "Invalid input", code: "VALIDATION_ERROR", fieldErrors: { email: ["Taken."] } },
    }));
    const user = renderProbe(async () => {}, "step", { later });
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText(CLEANER_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Confirm" }));
    const email = screen.getByLabelText("Email");
    expect((await screen.findByText("Taken.")).id).toMatch(/-error$/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByText(CLEANER_MESSAGES.nameRequired)).toBeNull();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Refused");
  });

  it("puts a later step's messages where the form says, by its own paths", async () => {
    const later = new ApiError(describeFailure({ status: 409, body: { error: "Gone.", code: "CONFLICT" } }));
    const user = renderProbe(async () => {}, "step", { later, placed: { name: ["Someone else has this name now."] } });
    await user.click(await screen.findByRole("button", { name: "Confirm" }));
    expect((await screen.findByText("Someone else has this name now.")).id).toMatch(/-error$/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Name")));
    expect(screen.getByRole("alert").textContent).toBe("Refused");
  });
});
