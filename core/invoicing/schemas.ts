/** The wire shapes of the invoice calls (issue 30). */
import { z } from "zod";
import { moneySchema as money } from "../shared/money-schema.ts";
import { ymdText } from "../shared/ymd-schema.ts";

export const invoiceLineSchema = z.object({
  description: z.string().meta({ examples: ["Regular Clean, 3 hours"] }),
  quantity: z.number().meta({ examples: [1] }),
  unitPrice: z.number().meta({ description: "A$ each; negative for a discount", examples: [165] }),
  amount: z.number().meta({ examples: [165] }),
});

export const invoiceSchema = z.object({
  number: z.string().meta({ description: "Gapless, given when first issued", examples: ["INV-000123"] }),
  issuedAt: z.string().meta({ format: "date-time", examples: ["2026-11-27T23:30:00.000Z"] }),
  title: z.enum(["Tax invoice", "Invoice"]).meta({ description: "Tax invoice when the business is registered for GST" }),
  lines: z.array(invoiceLineSchema),
  total: money.meta({ description: "The booking's first service total; the lines add up to it", examples: [255.5] }),
  gst: money.meta({ description: "GST included: total / 11 to the cent; 0 when not registered", examples: [23.23] }),
  paidToDate: money.meta({ examples: [100] }),
  balance: z.number().meta({ description: "total - paidToDate; negative when overpaid", examples: [155.5] }),
}).meta({ id: "Invoice" });

export const INVOICE_QUERY_MESSAGES = { order: "The end date must be on or after the start date." } as const;

export const invoicesCsvQuerySchema = z.object({
  from: ymdText().meta({ description: "First Melbourne issue date, YYYY-MM-DD", examples: ["2026-11-01"] }),
  to: ymdText().meta({ description: "Last Melbourne issue date, included", examples: ["2026-11-30"] }),
}).refine((query) => query.from <= query.to, { path: ["to"], error: INVOICE_QUERY_MESSAGES.order })
  .meta({ id: "InvoicesCsvQuery" });
