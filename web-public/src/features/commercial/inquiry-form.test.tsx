import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server } from "../../test/server.ts";
import { INQUIRY_MESSAGES } from "@yarra/core/inquiry/validation.ts";
import { INQUIRY_FAILURE, INQUIRY_FIX_FIELDS, INQUIRY_SEND_HINT,
  INQUIRY_SUCCESS, inquiryReferenceText } from "./inquiry-form.tsx";

type User = Awaited<ReturnType<typeof renderApp>>["user"];

const send = () => screen.getByRole("button", { name: "Send Inquiry" });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The text a control's aria-describedby points at. */
const errorOf = (label: string) =>
  (field(label).getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent).join(" ");

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

  it("Send stays disabled until the spec's fields are in (public-site.md 5), and says so beside it", async () => {
    const { user } = await openForm();
    expect(send()).toHaveProperty("disabled", true);
    const hint = document.getElementById(send().getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe(INQUIRY_SEND_HINT);
    for (const [label, value] of [["First name", "Priya"], ["Last name", "Shah"], ["Email", "priya@school"], ["Phone", "0412 345 678"], ["Suburb", "Carlton"], ["Message", "Weekly clean"]]) {
      await user.type(field(label), value);
    }
    expect(send()).toHaveProperty("disabled", true);
    await user.type(field("Email"), ".edu.au");
    expect(send()).toHaveProperty("disabled", false);
    expect(send().getAttribute("aria-describedby")).toBeNull();
  });

  it("a phone like abc: Send says what to fix, focuses it, and sends nothing", async () => {
    const sent: unknown[] = [];
    server.use(http.post("/api/inquiries", async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ _id: "inq1" }, { status: 201 });
    }));
    const { user } = await openForm();
    for (const [label, value] of [["First name", "Priya"], ["Last name", "Shah"], ["Email", "priya@school.edu.au"], ["Phone", "abc"], ["Suburb", "Carlton"], ["Message", "Weekly clean"]]) {
      await user.type(field(label), value);
    }
    await user.click(send());
    expect(field("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(errorOf("Phone")).toBe(INQUIRY_MESSAGES.phoneInvalid);
    expect(field("First name").getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(field("Phone"));
    expect(screen.getByRole("status").textContent).toBe(INQUIRY_FIX_FIELDS);
    expect(sent).toEqual([]);

    // Typing in the field takes its message away.
    await user.type(field("Phone"), "1");
    expect(field("Phone").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says why an email like priya@school is refused as soon as the field is left", async () => {
    const { user } = await openForm();
    await user.type(field("Email"), "priya@school");
    expect(field("Email").getAttribute("aria-invalid")).toBeNull();
    await user.tab();
    expect(field("Email").getAttribute("aria-invalid")).toBe("true");
    expect(errorOf("Email")).toBe("Please enter a valid email address.");

    await user.type(field("Email"), ".edu.au");
    expect(field("Email").getAttribute("aria-invalid")).toBeNull();
    await user.tab();
    expect(field("Email").getAttribute("aria-invalid")).toBeNull();
  });

  it("leaves a field it was only passed through alone until Send", async () => {
    const { user } = await openForm();
    await user.click(field("First name"));
    await user.tab();
    await user.tab();
    expect(field("First name").getAttribute("aria-invalid")).toBeNull();
    expect(field("Last name").getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(INQUIRY_MESSAGES.firstName)).toBeNull();
  });

  it("checks the phone: any plausible one, a 1300 or overseas number included (issue 34)", async () => {
    const sent: { phone: string }[] = [];
    server.use(http.post("/api/inquiries", async ({ request }) => {
      sent.push(await request.json() as { phone: string });
      return HttpResponse.json({ _id: "inq1" }, { status: 201 });
    }));
    const { user } = await openForm();
    await fillAll(user);
    await user.clear(field("Phone"));
    await user.type(field("Phone"), "abc");
    await user.tab();
    expect(errorOf("Phone")).toBe(INQUIRY_MESSAGES.phoneInvalid);

    await user.click(send());
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(field("Phone"));
    expect(errorOf("Phone")).toBe(INQUIRY_MESSAGES.phoneInvalid);

    for (const refused of ["12345", "03 9123 4567 ext 2"]) {
      await user.clear(field("Phone"));
      await user.type(field("Phone"), refused);
      await user.click(send());
      expect(errorOf("Phone"), refused).toBe(INQUIRY_MESSAGES.phoneInvalid);
    }
    expect(sent).toEqual([]);

    await user.clear(field("Phone"));
    await user.type(field("Phone"), "+44 20 7946 0958");
    await user.click(send());
    expect(await screen.findByText(INQUIRY_SUCCESS)).toBeTruthy();
    // Kept as typed: staff read it back.
    expect(sent.map((body) => body.phone)).toEqual(["+44 20 7946 0958"]);
  });

  it("says beside Send that sending means agreeing to the Terms and Privacy Policy", async () => {
    await openForm();
    const note = screen.getByText(/^By sending this inquiry you agree to our/);
    expect(within(note).getByRole("link", { name: /^Terms/ }).getAttribute("href")).toBe("/terms");
    expect(within(note).getByRole("link", { name: /^Privacy Policy/ }).getAttribute("href")).toBe("/privacy");
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
    // A cleared form after a success is not a form with errors.
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    await fillAll(user);
    await user.click(send());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].key).not.toBe(requests[0].key);
  });

  it("shows the inquiry's reference after the spec's success text (issue 34), announced with it", async () => {
    server.use(http.post("/api/inquiries", () =>
      HttpResponse.json({ _id: "inq1", reference: "YI-7K3F9Q", inquiryType: "OFFICE" }, { status: 201 })));
    const { user } = await openForm();
    await fillAll(user);
    await user.click(send());

    const status = screen.getByRole("status");
    await waitFor(() => expect(status.textContent).toBe(INQUIRY_SUCCESS + inquiryReferenceText("YI-7K3F9Q")));
    // The spec's sentence stays whole, on its own line; the reference follows it.
    const [spec, reference] = Array.from(status.querySelectorAll("p"));
    expect(spec.textContent).toBe(INQUIRY_SUCCESS);
    expect(reference.textContent).toBe("Your reference is YI-7K3F9Q.");
    expect(within(reference).getByText("YI-7K3F9Q").tagName).toBe("STRONG");

    // Changing the form again takes the message and its reference away.
    await user.type(field("First name"), "B");
    expect(status.textContent).toBe("");
  });

  it("an answer without a reference still shows the spec's success text alone", async () => {
    server.use(http.post("/api/inquiries", () => HttpResponse.json({ _id: "inq1" }, { status: 201 })));
    const { user } = await openForm();
    await fillAll(user);
    await user.click(send());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(INQUIRY_SUCCESS));
    expect(screen.queryByText(/Your reference is/)).toBeNull();
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
    expect(errorOf("Phone")).toBe("Please enter your phone number.");
    expect(document.activeElement).toBe(phone);
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
