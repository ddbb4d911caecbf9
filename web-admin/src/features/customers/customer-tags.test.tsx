/** The tags card on its own terms: the field's messages, their focus, and a removal the server refuses. */
import { screen, waitFor, within } from "@testing-library/react";
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES } from "@yarra/core/customers/rules.ts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import { CUSTOMER_TEXT } from "./customer-text.ts";
import { aCustomer } from "./test-fixtures.ts";

let patches: unknown[];

/** The record with its tags; PATCH answers with `answer(body)`. */
function serve(answer: (body: { tags: string[] }) => Response) {
  server.use(
    http.get("/api/admin/customers/cu1", () => HttpResponse.json(aCustomer())),
    http.get("/api/admin/feedback", () => HttpResponse.json({ items: [], averageRating: null, ratings: 0 })),
    http.patch("/api/admin/customers/cu1", async ({ request }) => {
      const body = (await request.json()) as { tags: string[] };
      patches.push(body);
      return answer(body);
    }),
  );
}

async function openTags() {
  const view = renderAdmin("/admin/customers/cu1");
  await screen.findByRole("heading", { level: 1, name: "Olivia Nguyen" });
  return { ...view, tags: screen.getByRole("region", { name: "Tags" }) };
}

beforeEach(() => {
  patches = [];
  storeSession();
});

describe("the tags card", () => {
  it("a tag refused by core's rules takes the focus with its message; typing again takes the message away", async () => {
    serve(() => HttpResponse.json({ error: "unexpected" }, { status: 500 }));
    const { user, tags } = await openTags();
    const input = within(tags).getByLabelText("New tag");
    expect((input as HTMLInputElement).maxLength).toBe(CUSTOMER_LIMITS.tagLength);
    await user.type(input, " VIP ");
    await user.click(within(tags).getByRole("button", { name: "Add tag" }));
    const message = within(tags).getByText('"VIP" is already a tag of this customer.');
    expect(input.getAttribute("aria-describedby")).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(input));

    await user.type(input, "s");
    expect(within(tags).queryByText('"VIP" is already a tag of this customer.')).toBeNull();
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(patches).toEqual([]);
  });

  it("a removal the server refuses says so, with its message by the field, until the alert is closed", async () => {
    serve(() =>
      HttpResponse.json(
        { error: "Validation failed", code: "VALIDATION_FAILED", fieldErrors: { tags: [CUSTOMER_MESSAGES.tagLength] } },
        { status: 422 },
      )
    );
    const { user, tags } = await openTags();
    await user.click(within(tags).getByRole("button", { name: "Remove tag VIP" }));
    expect(await within(tags).findByRole("alert")).toBeTruthy();
    expect(patches).toEqual([{ tags: [] }]);
    const input = within(tags).getByLabelText("New tag");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(within(tags).getAllByText(CUSTOMER_MESSAGES.tagLength).some((node) => node.id.endsWith("-error"))).toBe(true);
    // The tag is still there: nothing was saved.
    expect(within(tags).getByText("VIP")).toBeTruthy();

    await user.click(within(within(tags).getByRole("alert")).getByRole("button", { name: /dismiss|close/i }));
    expect(within(tags).queryByRole("alert")).toBeNull();
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(within(tags).queryByText(CUSTOMER_TEXT.tagsSaved)).toBeNull();
  });
});
