import { afterEach, describe, expect, it, vi } from "vitest";
import { bookingRecord } from "./booking-test-fixtures.ts";
import { POPUP_BLOCKED_MESSAGE, printReceipt, receiptHtml } from "./receipt.ts";

afterEach(() => vi.useRealTimers());

function fakePopup({ afterPrintEvent }: { afterPrintEvent: boolean }) {
  const listeners: Record<string, () => void> = {};
  const popup = {
    written: "",
    document: {
      open: vi.fn(),
      write: vi.fn((html: string) => (popup.written += html)),
      close: vi.fn(),
    },
    focus: vi.fn(),
    print: vi.fn(),
    close: vi.fn(),
    addEventListener: vi.fn((name: string, listener: () => void) => (listeners[name] = listener)),
    fire: (name: string) => listeners[name]?.(),
  };
  if (afterPrintEvent) Object.assign(popup, { onafterprint: null });
  return popup;
}

function fakeHost(popup: unknown) {
  return {
    open: vi.fn(() => popup),
    alert: vi.fn(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  } as unknown as Window & { open: ReturnType<typeof vi.fn>; alert: ReturnType<typeof vi.fn> };
}

describe("receipt", () => {
  it("lists ref id, date, customer, service, start, and the four amounts", () => {
    const html = receiptHtml(bookingRecord({ firstName: "<Ada>" }), "Yarra Shine Cleaning");
    for (
      const text of [
        "YS-7K3F9Q",
        "Fri 1 Mar 2030",
        "&lt;Ada&gt; Lovelace",
        "Hourly Cleaning — 3 hours",
        "Wed 6 Mar 2030, 9:00 am",
        "A$165.00",
        "A$95.00",
        "A$260.00",
        "A$221.00",
        "First service total",
        "Recurring total",
      ]
    ) expect(html).toContain(text);
    expect(html).not.toContain("<Ada>");
    expect(receiptHtml(bookingRecord({ startTime: "" }), "Brand")).toContain("(TBA)");
  });

  it("leaves out the recurring total when the clean does not repeat (issue 34)", () => {
    const oneTime = receiptHtml(bookingRecord({ type: "QUOTE", frequencyCode: "ONE_TIME", recurringTotal: 260 }), "Brand");
    expect(oneTime).toContain("First service total");
    expect(oneTime).not.toContain("Recurring total");
    // The form knows the chosen frequency: one that does not repeat, whatever its code, has none either.
    expect(receiptHtml({ ...bookingRecord({ frequencyCode: "END_OF_LEASE" }), repeats: false }, "Brand"))
      .not.toContain("Recurring total");
    expect(receiptHtml({ ...bookingRecord(), repeats: true }, "Brand")).toContain("Recurring total");
  });

  it("opens a 720 by 900 popup, prints, and closes it 300 ms after printing", () => {
    vi.useFakeTimers();
    const popup = fakePopup({ afterPrintEvent: true });
    const host = fakeHost(popup);
    expect(printReceipt(bookingRecord(), "Brand", host)).toBe(true);
    expect(host.open).toHaveBeenCalledWith("", "receipt", "width=720,height=900");
    expect(popup.written).toContain("YS-7K3F9Q");
    expect(popup.print).toHaveBeenCalledOnce();
    expect(popup.close).not.toHaveBeenCalled();
    popup.fire("afterprint");
    vi.advanceTimersByTime(299);
    expect(popup.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(popup.close).toHaveBeenCalledOnce();
  });

  it("closes on a timer where the browser has no afterprint event", () => {
    vi.useFakeTimers();
    const popup = fakePopup({ afterPrintEvent: false });
    printReceipt(bookingRecord(), "Brand", fakeHost(popup));
    vi.advanceTimersByTime(300);
    expect(popup.close).toHaveBeenCalledOnce();
  });

  it("asks to allow popups when the browser blocks it", () => {
    const host = fakeHost(null);
    expect(printReceipt(bookingRecord(), "Brand", host)).toBe(false);
    expect(host.alert).toHaveBeenCalledWith(POPUP_BLOCKED_MESSAGE);
    expect(POPUP_BLOCKED_MESSAGE).toBe("Please allow popups to print the receipt.");
  });
});
