/** The quote editor (issue 30): lines, the live total, core's checks beside each field, and the server's 422 against its row. */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QUOTE_MESSAGES } from "@yarra/core/booking/quotes/priced-quote.ts";
import { describe, expect, it, vi } from "vitest";
import { checkQuoteDraft, draftOfEstimate, QUOTE_EDITOR_TEXT as T, QuoteEditor, type QuoteFieldErrors, type QuoteInput } from "./quote-editor.tsx";

function renderEditor(props: { serverErrors?: QuoteFieldErrors; onSend?: (input: QuoteInput) => void } = {}) {
  const onSend = props.onSend ?? vi.fn();
  const user = userEvent.setup();
  const view = render(
    <QuoteEditor label="Price this quote" initial={draftOfEstimate("Office clean", 480)} busy={false} serverErrors={props.serverErrors} onSend={onSend} />,
  );
  const form = screen.getByRole("form", { name: "Price this quote" });
  return { ...view, user, onSend, form: within(form) };
}

const total = () => screen.getByRole("rowheader", { name: "Total" }).nextElementSibling?.textContent;
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby")?.split(" ").at(-1) ?? "")?.textContent;

describe("the quote editor", () => {
  it("starts from the estimate, adds and removes lines, and keeps a live total", async () => {
    const { user, form } = renderEditor();
    expect((form.getByLabelText("Description, line 1") as HTMLInputElement).value).toBe("Office clean");
    expect((form.getByLabelText("Unit price, line 1") as HTMLInputElement).value).toBe("480.00");
    expect(total()).toBe("A$480.00");
    // One line is the least: it cannot be removed.
    expect((form.getByRole("button", { name: "Remove line 1" }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(form.getByRole("button", { name: T.addLine }));
    const second = form.getByLabelText("Description, line 2");
    expect(document.activeElement).toBe(second);
    await user.type(second, "Window cleaning");
    await user.clear(form.getByLabelText("Quantity, line 2"));
    await user.type(form.getByLabelText("Quantity, line 2"), "2.5");
    await user.type(form.getByLabelText("Unit price, line 2"), "40.10");
    // 2.5 × A$40.10 = A$100.25; 480 + 100.25.
    expect(form.getAllByRole("row")[2].textContent).toContain("A$100.25");
    expect(total()).toBe("A$580.25");

    await user.click(form.getByRole("button", { name: "Remove line 1" }));
    expect(form.queryByLabelText("Description, line 2")).toBeNull();
    expect((form.getByLabelText("Description, line 1") as HTMLInputElement).value).toBe("Window cleaning");
    expect(total()).toBe("A$100.25");
  });

  it("checks each field with core's messages beside it, and sends only a valid quote", async () => {
    const { user, form, onSend } = renderEditor();
    await user.clear(form.getByLabelText("Description, line 1"));
    await user.clear(form.getByLabelText("Quantity, line 1"));
    await user.type(form.getByLabelText("Quantity, line 1"), "0");
    await user.clear(form.getByLabelText("Unit price, line 1"));
    await user.type(form.getByLabelText("Unit price, line 1"), "12.345");
    await user.click(form.getByRole("button", { name: T.send }));

    expect(onSend).not.toHaveBeenCalled();
    const description = form.getByLabelText("Description, line 1");
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(description)).toBe(QUOTE_MESSAGES.description);
    expect(errorOf(form.getByLabelText("Quantity, line 1"))).toBe(QUOTE_MESSAGES.quantity);
    expect(errorOf(form.getByLabelText("Unit price, line 1"))).toBe(QUOTE_MESSAGES.unitPrice);
    // The first field in trouble takes focus.
    expect(document.activeElement).toBe(description);

    // Fixed, each message goes as it is typed; then the quote is sent as the server reads it.
    await user.type(description, "  Office clean, 3 floors ");
    expect(description.getAttribute("aria-invalid")).toBeNull();
    await user.clear(form.getByLabelText("Quantity, line 1"));
    await user.type(form.getByLabelText("Quantity, line 1"), "5");
    await user.clear(form.getByLabelText("Unit price, line 1"));
    await user.type(form.getByLabelText("Unit price, line 1"), "96");
    await user.type(form.getByLabelText(T.message), "Five evenings a week.");
    await user.click(form.getByRole("button", { name: T.send }));
    expect(onSend).toHaveBeenCalledWith({
      lineItems: [{ description: "Office clean, 3 floors", quantity: 5, unitPrice: 96 }],
      message: "Five evenings a week.",
    });
  });

  it("shows the server's 422 field errors against their row, until that field is changed", async () => {
    const { user, form } = renderEditor({
      serverErrors: { "lineItems.0.unitPrice": ["Use a price of A$0 or more."], validUntil: ["The quote can’t end before today."] },
    });
    const price = form.getByLabelText("Unit price, line 1");
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(price)).toBe("Use a price of A$0 or more.");
    expect(errorOf(form.getByLabelText(T.validUntil))).toBe("The quote can’t end before today.");
    await user.type(price, "5");
    expect(price.getAttribute("aria-invalid")).toBeNull();
    expect(errorOf(form.getByLabelText(T.validUntil))).toBe("The quote can’t end before today.");
  });

  it("holds at most 50 lines", async () => {
    const draft = { ...draftOfEstimate("Line", 1) };
    const fifty = { ...draft, lines: Array.from({ length: 50 }, (_, i) => ({ description: `Line ${i + 1}`, quantity: "1", unitPrice: "1" })) };
    expect(checkQuoteDraft(fifty, "2026-11-27").input?.lineItems).toHaveLength(50);
    const fiftyOne = { ...fifty, lines: [...fifty.lines, { description: "One more", quantity: "1", unitPrice: "1" }] };
    expect(checkQuoteDraft(fiftyOne, "2026-11-27").errors.lineItems).toEqual([QUOTE_MESSAGES.items]);
    render(<QuoteEditor label="Fifty" initial={fifty} busy={false} onSend={vi.fn()} />);
    expect((screen.getByRole("button", { name: T.addLine }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("refuses a last day before today (Melbourne)", () => {
    const draft = { ...draftOfEstimate("Office clean", 480), validUntil: "2026-11-26" };
    expect(checkQuoteDraft(draft, "2026-11-27").errors.validUntil).toEqual([QUOTE_MESSAGES.validUntilPast]);
    expect(checkQuoteDraft({ ...draft, validUntil: "2026-11-27" }, "2026-11-27").input?.validUntil).toBe("2026-11-27");
  });
});
