import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server } from "../../test/server.ts";
import { INQUIRY_FAILURE, INQUIRY_SUCCESS } from "./inquiry-form.tsx";

type User = Awaited<ReturnType<typeof renderApp>>["user"];

const send = () => screen.getByRole("button", { name: "Send Inquiry" });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function openForm() {
  const view = await renderApp("/services/commercial");
  await screen.findByRole("heading", { level: 2, name: "Get a Quote" });
  return view;
}

async function fillAll(user: User) {
  await user.type(field("First name"), "Ada");
  await user.type(field("Last name"), "Lovelace");
  await user.type(field("Email"), "ada@example.com");
  await user.type(field("Phone"), "0412 345 678");
  await user.type(field("Suburb"), "Richmond");
  await user.type(field("Message"), "Weekly office clean, 3 floors.");
}

describe("InquiryForm", () => {
  it("offers the six types with OFFICE chosen, and every field is required", async () => {
    await openForm();
    const type = screen.getByLabelText("Inquiry type") as HTMLSelectElement;
    expect(type.value).toBe("OFFICE");
    expect(Array.from(type.options).map((option) => [option.value, option.textContent])).toEqual([
      ["HEALTHCARE_AGED_CARE", "Healthcare & Aged Care"],
      ["OFFICE", "Office"],
      ["SCHOOL_EDUCATIONAL", "School & Educational Facility"],
      ["RETAIL_SHOWROOM", "Retail & Showroom"],
      ["INDUSTRIAL_WAREHOUSE", "Industrial & Warehouse"],
      ["AIRBNB_SHORT_TERM", "Airbnb & Short-Term Rental"],
    ]);
    for (const label of ["Inquiry type", "First name", "Last name", "Email", "Phone", "Suburb", "Message"]) {
      expect(field(label).required).toBe(true);
    }
  });

  it("keeps Send disabled until every field is filled and the email looks like x@y.z", async () => {
    const { user } = await openForm();
    expect(send()).toHaveProperty("disabled", true);
    await user.type(field("First name"), "Ada");
    await user.type(field("Last name"), "Lovelace");
    await user.type(field("Phone"), "0412 345 678");
    await user.type(field("Suburb"), "Richmond");
    await user.type(field("Message"), "Hello");
    expect(send()).toHaveProperty("disabled", true);
    await user.type(field("Email"), "ada@example");
    expect(send()).toHaveProperty("disabled", true);
    await user.type(field("Email"), ".com");
    expect(send()).toHaveProperty("disabled", false);
    await user.clear(field("Suburb"));
    await user.type(field("Suburb"), "   ");
    expect(send()).toHaveProperty("disabled", true);
  });

  it("sends the fields with an Idempotency-Key, then clears them but keeps the type", async () => {
    const requests: { body: unknown; key: string | null }[] = [];
    server.use(
      http.post("/api/inquiries", async ({ request }) => {
        requests.push({ body: await request.json(), key: request.headers.get("idempotency-key") });
        return HttpResponse.json({ _id: "inq1" }, { status: 201 });
      }),
    );
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText("Inquiry type"), "SCHOOL_EDUCATIONAL");
    await fillAll(user);
    await user.click(send());

    expect(await screen.findByText(INQUIRY_SUCCESS)).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toEqual({
      inquiryType: "SCHOOL_EDUCATIONAL",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "0412 345 678",
      suburb: "Richmond",
      message: "Weekly office clean, 3 floors.",
    });
    expect(requests[0].key).toMatch(/^[0-9a-f-]{36}$/);
    for (const label of ["First name", "Last name", "Email", "Phone", "Suburb", "Message"]) {
      expect(field(label).value).toBe("");
    }
    expect((screen.getByLabelText("Inquiry type") as HTMLSelectElement).value).toBe("SCHOOL_EDUCATIONAL");
    expect(send()).toHaveProperty("disabled", true);

    await fillAll(user);
    await user.click(send());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].key).not.toBe(requests[0].key);
  });

  it("shows 'Could not send your inquiry' with the server's field errors, and reuses the key on a retry", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post("/api/inquiries", ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        return HttpResponse.json(
          {
            error: "Please fix the highlighted fields, then try again.",
            code: "VALIDATION_FAILED",
            fieldErrors: { phone: ["Please enter your phone number."] },
          },
          { status: 422 },
        );
      }),
    );
    const { user } = await openForm();
    await fillAll(user);
    await user.click(send());

    expect(await screen.findByText(INQUIRY_FAILURE)).toBeTruthy();
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Validation error")).toBeTruthy();
    expect(within(alert).getByText("phone: Please enter your phone number.")).toBeTruthy();
    const phone = field("Phone");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(phone.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Please enter your phone number.",
    );
    // Nothing is cleared on failure.
    expect(field("First name").value).toBe("Ada");

    await user.click(send());
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);

    await user.type(field("Message"), " Thanks.");
    await user.click(send());
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows the network error when the server cannot be reached", async () => {
    server.use(http.post("/api/inquiries", () => HttpResponse.error()));
    const { user } = await openForm();
    await fillAll(user);
    await user.click(send());
    expect(await screen.findByText(INQUIRY_FAILURE)).toBeTruthy();
    expect(within(screen.getByRole("alert")).getByText("Network error")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
