import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";

describe("FaqPage", () => {
  it("groups the questions under Booking, Payment and Service", async () => {
    await renderApp("/faq");
    await screen.findByRole("heading", { level: 1, name: "Frequently Asked Questions" });
    const groups = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(groups.slice(0, 3)).toEqual(["Booking", "Payment", "Service"]);
  });

  it("states every fact from the spec", async () => {
    await renderApp("/faq");
    await screen.findByRole("heading", { level: 1, name: "Frequently Asked Questions" });
    const text = document.querySelector("main")!.textContent!;
    for (
      const fact of [
        /Steam cleaning must be booked at least three days ahead/,
        /we work on Saturdays\. We are closed on Sundays/,
        /cancel with at least one business day’s notice, or a fee may apply/,
        /If parking is not found within 20 minutes, a cancellation fee may apply/,
        /We clean interior windows only/,
        /balcony cleaning is an optional extra/,
        /cleaners are police-checked/,
        /an extended tidy-up is at most 30 minutes/,
      ]
    ) {
      expect(text).toMatch(fact);
    }
  });

  it("uses native disclosures that open and close", async () => {
    const { user } = await renderApp("/faq");
    const booking = within(await screen.findByRole("region", { name: "Booking" }));
    const summary = booking.getByText("How far ahead do I need to book steam cleaning?");
    const details = summary.closest("details")!;
    expect(details.open).toBe(false);
    await user.click(summary);
    expect(details.open).toBe(true);
  });
});
