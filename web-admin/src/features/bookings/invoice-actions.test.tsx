/** Issue 30 on the staff screens: a booking's invoice and receipts, and the invoices CSV of the bookings page. */
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, storeSession } from "../../test/render-admin.tsx";
import { server } from "../../test/server.ts";
import type { BookingDto } from "./bookings-api.ts";
import { INVOICE_TEXT, type InvoiceDto } from "./invoice-actions.tsx";
import { INVOICES_CSV_TEXT, monthOf } from "./invoices-export.tsx";
import type { PaymentDto, PaymentLedgerDto } from "./payments-api.ts";
import { aBooking, aPage } from "./test-fixtures.ts";

// Wed 25 Nov 2026, 2:00 pm in Melbourne (AEDT, UTC+11).
const NOW = new Date("2026-11-25T03:00:00.000Z");
const sam = { adminId: "a1", name: "Sam Staff", email: "sam@example.com" };

const INVOICE: InvoiceDto = {
  number: "INV-000123",
  issuedAt: "2026-11-24T23:30:00.000Z",
  title: "Tax invoice",
  lines: [
    { description: "Hourly Cleaning, 3 hours", quantity: 1, unitPrice: 180, amount: 180 },
    { description: "Inside oven", quantity: 2, unitPrice: 35, amount: 70 },
  ],
  total: 250,
  gst: 22.73,
  paidToDate: 200,
  balance: 50,
};

function aPayment(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    _id: "p1", bookingId: "b1", amount: 200, method: "BANK_TRANSFER", note: "Deposit", receivedAt: "2026-11-24T23:00:00.000Z",
    recordedBy: sam, createdAt: "2026-11-24T23:00:00.000Z", voidedAt: null, voidedBy: null, voidReason: null, ...overrides,
  };
}

const EMPTY_LEDGER: PaymentLedgerDto = { items: [], paidToDate: 0, balance: 250, paymentStatus: "UNPAID" };

/** Every request to the files and the invoice, as "METHOD path?query Accept". */
let asked: string[];

function serve(options: { booking?: BookingDto; ledger?: PaymentLedgerDto; invoice?: () => Response; pdf?: () => Response } = {}) {
  const booking = options.booking ?? aBooking({ totalPaid: 200 });
  const note = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${request.method} ${url.pathname}${url.search} ${request.headers.get("Accept")}`);
  };
  server.use(
    http.get("/api/admin/bookings", () => HttpResponse.json(aPage([booking]))),
    http.get("/api/admin/bookings/b1", () => HttpResponse.json(booking)),
    http.get("/api/admin/bookings/b1/history", () => HttpResponse.json({ items: [] })),
    // The job's feedback panel (issue 32; features/feedback tests it).
    http.get("/api/admin/bookings/:id/feedback", () => HttpResponse.json({ feedback: null })),
    // Who is on the job (issue 31; features/attendance tests it).
    http.get("/api/admin/bookings/:id/attendance", () => HttpResponse.json({ items: [] })),
    http.get("/api/admin/bookings/b1/payments", () => HttpResponse.json(options.ledger ?? EMPTY_LEDGER)),
    http.get("/api/admin/bookings/b1/invoice", ({ request }) => {
      note(request);
      return options.invoice ? options.invoice() : HttpResponse.json(INVOICE);
    }),
    http.get("/api/admin/bookings/b1/invoice.pdf", ({ request }) => {
      note(request);
      return options.pdf
        ? options.pdf()
        : new HttpResponse("%PDF-1.7", { headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="INV-000123.pdf"' } });
    }),
    http.get("/api/admin/bookings/b1/payments/:paymentId/receipt.pdf", ({ request, params }) => {
      note(request);
      return new HttpResponse("%PDF-1.7", {
        headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="receipt-YS-7K3F9Q-${String(params.paymentId)}.pdf"` },
      });
    }),
  );
}

/** The file downloads the page started: each Blob link's file name. */
function watchDownloads() {
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:file");
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  return () => click.mock.contexts.map((anchor) => (anchor as HTMLAnchorElement).download);
}

async function openBookingPage() {
  const view = renderAdmin("/admin/bookings/b1");
  // The first test also loads the staff area's code: give it time.
  await screen.findByRole("heading", { name: "Booking", level: 1 }, { timeout: 5_000 });
  return view;
}

const invoiceSection = async () => within(await screen.findByRole("region", { name: INVOICE_TEXT.heading }));

beforeEach(() => {
  asked = [];
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  storeSession();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the invoice of a booking", () => {
  it("downloads the PDF from /api/admin/bookings/{id}/invoice.pdf under the server's file name, then shows the number and GST", async () => {
    serve();
    const files = watchDownloads();
    const { user } = await openBookingPage();
    const section = await invoiceSection();
    // Nothing is asked for before staff do: the first ask issues the number.
    expect(section.getByText(INVOICE_TEXT.hint)).toBeTruthy();
    expect(asked).toEqual([]);

    await user.click(section.getByRole("button", { name: INVOICE_TEXT.download }));
    await waitFor(() => expect(files()).toEqual(["INV-000123.pdf"]));
    expect(await section.findByText("Tax invoice INV-000123, issued Wed 25 Nov 2026")).toBeTruthy();
    expect(section.getByText("Total A$250.00, including GST of A$22.73")).toBeTruthy();
    expect(section.getByText("Paid A$200.00, balance A$50.00")).toBeTruthy();
    expect(asked).toEqual([
      "GET /api/admin/bookings/b1/invoice.pdf application/pdf",
      "GET /api/admin/bookings/b1/invoice application/json",
    ]);
  });

  it("shows the number and GST on asking, and 'no GST' for a business not registered", async () => {
    serve({ invoice: () => HttpResponse.json({ ...INVOICE, title: "Invoice", gst: 0, number: "INV-000124" }) });
    const { user } = await openBookingPage();
    const section = await invoiceSection();
    await user.click(section.getByRole("button", { name: INVOICE_TEXT.show }));
    expect(await section.findByText("Invoice INV-000124, issued Wed 25 Nov 2026")).toBeTruthy();
    expect(section.getByText("Total A$250.00 (no GST: the business is not registered for GST)")).toBeTruthy();
    expect(section.queryByRole("button", { name: INVOICE_TEXT.show })).toBeNull();
    expect(asked).toEqual(["GET /api/admin/bookings/b1/invoice application/json"]);
  });

  it("shows the server's refusal of the download", async () => {
    serve({ pdf: () => HttpResponse.json({ error: "The business details are not set.", code: "CONFLICT" }, { status: 409 }) });
    const files = watchDownloads();
    const { user } = await openBookingPage();
    const section = await invoiceSection();
    await user.click(section.getByRole("button", { name: INVOICE_TEXT.download }));
    expect((await section.findByRole("alert")).textContent).toContain("The business details are not set.");
    expect(files()).toEqual([]);
    // No number was issued, so none is asked for.
    expect(asked).toEqual(["GET /api/admin/bookings/b1/invoice.pdf application/pdf"]);
  });

  it("is not offered on a quote", async () => {
    serve({ booking: aBooking({ type: "QUOTE", status: "QUOTE_REQUESTED" }) });
    await openBookingPage();
    await screen.findByText("Inside oven");
    expect(screen.queryByRole("region", { name: INVOICE_TEXT.heading })).toBeNull();
    expect(screen.queryByRole("button", { name: INVOICE_TEXT.download })).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe("receipts", () => {
  it("offers a receipt for each payment that stands, none for a voided one, and downloads it", async () => {
    serve({
      ledger: {
        items: [
          aPayment(),
          aPayment({
            _id: "p2", amount: 50, note: "Typo", receivedAt: "2026-11-25T01:00:00.000Z", voidedAt: "2026-11-25T02:00:00.000Z",
            voidedBy: sam, voidReason: "Entered twice",
          }),
          aPayment({ _id: "p3", amount: 30, method: "CASH", note: "", receivedAt: "2026-11-25T02:30:00.000Z" }),
        ],
        paidToDate: 230,
        balance: 20,
        paymentStatus: "UNPAID",
      },
    });
    const files = watchDownloads();
    const { user } = await openBookingPage();
    const panel = within(await screen.findByRole("region", { name: "Payments" }));
    await panel.findByText("Paid so far");
    const receipts = panel.getAllByRole("button", { name: /^Download the receipt/ });
    expect(receipts.map((button) => button.getAttribute("aria-label"))).toEqual([
      "Download the receipt for A$200.00 received Wed 25 Nov 2026, 10:00 am (PDF)",
      "Download the receipt for A$30.00 received Wed 25 Nov 2026, 1:30 pm (PDF)",
    ]);
    expect(receipts.map((button) => button.textContent)).toEqual([INVOICE_TEXT.receipt, INVOICE_TEXT.receipt]);

    await user.click(receipts[1]!);
    await waitFor(() => expect(files()).toEqual(["receipt-YS-7K3F9Q-p3.pdf"]));
    expect(asked).toEqual(["GET /api/admin/bookings/b1/payments/p3/receipt.pdf application/pdf"]);
  });
});

describe("the invoices CSV", () => {
  async function openExport() {
    serve();
    const view = renderAdmin("/admin/bookings");
    await screen.findByRole("heading", { name: "Olivia Nguyen" });
    await view.user.click(screen.getByRole("button", { name: INVOICES_CSV_TEXT.open }));
    const form = within(screen.getByRole("form", { name: INVOICES_CSV_TEXT.title }));
    return { ...view, form };
  }

  it("takes the Melbourne month, so 1 Dec 10:00 am AEDT is December", () => {
    expect(monthOf(NOW)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(monthOf(new Date("2026-11-30T23:00:00.000Z"))).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(monthOf(new Date("2028-02-10T00:00:00.000Z"))).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("asks /api/admin/invoices.csv for this month by default, or the range chosen, and saves the server's file", async () => {
    const urls: URL[] = [];
    server.use(
      http.get("/api/admin/invoices.csv", ({ request }) => {
        urls.push(new URL(request.url));
        return new HttpResponse("*ContactName,*InvoiceNumber\r\n", {
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="invoices-2026-11-01-2026-11-30.csv"' },
        });
      }),
    );
    const files = watchDownloads();
    const { user, form } = await openExport();
    expect(screen.getByRole("button", { name: INVOICES_CSV_TEXT.open }).getAttribute("aria-expanded")).toBe("true");
    const from = form.getByLabelText<HTMLInputElement>(INVOICES_CSV_TEXT.from);
    const to = form.getByLabelText<HTMLInputElement>(INVOICES_CSV_TEXT.to);
    expect([from.value, to.value]).toEqual(["2026-11-01", "2026-11-30"]);

    await user.click(form.getByRole("button", { name: INVOICES_CSV_TEXT.download }));
    await waitFor(() => expect(files()).toEqual(["invoices-2026-11-01-2026-11-30.csv"]));
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ from: "2026-11-01", to: "2026-11-30" });

    await user.clear(from);
    await user.type(from, "2026-07-01");
    await user.clear(to);
    await user.type(to, "2026-09-30");
    await user.click(form.getByRole("button", { name: INVOICES_CSV_TEXT.download }));
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(Object.fromEntries(urls[1]!.searchParams)).toEqual({ from: "2026-07-01", to: "2026-09-30" });
  });

  it("refuses a range that ends before it starts, and sends nothing", async () => {
    let calls = 0;
    server.use(http.get("/api/admin/invoices.csv", () => {
      calls += 1;
      return new HttpResponse("", { headers: { "Content-Type": "text/csv" } });
    }));
    const { user, form } = await openExport();
    const to = form.getByLabelText<HTMLInputElement>(INVOICES_CSV_TEXT.to);
    await user.clear(to);
    await user.type(to, "2026-10-31");
    await user.click(form.getByRole("button", { name: INVOICES_CSV_TEXT.download }));
    const message = await form.findByText(INVOICES_CSV_TEXT.order);
    expect(screen.getByRole("group", { name: INVOICES_CSV_TEXT.title }).getAttribute("aria-describedby")).toContain(message.id);
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toBe(0);
  });

  it("shows the server's refusal", async () => {
    server.use(http.get("/api/admin/invoices.csv", () =>
      HttpResponse.json({ error: "Choose at most 366 days.", code: "VALIDATION_FAILED", fieldErrors: { to: ["Choose at most 366 days."] } }, { status: 422 })));
    const { user, form } = await openExport();
    await user.click(form.getByRole("button", { name: INVOICES_CSV_TEXT.download }));
    expect((await form.findByRole("alert")).textContent).toContain("Choose at most 366 days.");
  });
});
