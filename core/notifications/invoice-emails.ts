/**
 * Issue 30: the customer's invoice by e-mail, the PDF attached, when staff mark the job DONE (and
 * the business details ask for it). The body says what the PDF says in a few lines, so a reader
 * who never opens the attachment knows what is owed.
 */
import type { BookingRecord } from "../booking/types.ts";
import type { Invoice } from "../invoicing/invoice.ts";
import { invoiceFileName } from "../invoicing/invoice.ts";
import { formatAud } from "../shared/money.ts";
import { formatMelbourneDate } from "../shared/melbourne-time.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, describeService, greeting, message, type MessageContext, signOff } from "./email-parts.ts";

/** Bytes as base64, written with btoa (every runtime core runs in has it). */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function invoiceEmail(record: BookingRecord, invoice: Invoice, pdf: Uint8Array, ctx: MessageContext): OutboxMessage {
  const settled = invoice.balance <= 0;
  const rows: Array<[string, string]> = [
    ["Invoice number", invoice.number],
    ["Reference", invoice.reference],
    ["Service date", formatMelbourneDate(invoice.serviceDate)],
    ["Total", formatAud(invoice.total)],
    ...(invoice.seller.gstRegistered ? [["GST included", formatAud(invoice.gst)] as [string, string]] : []),
    ["Paid to date", formatAud(invoice.paidToDate)],
    ["Balance due", formatAud(invoice.balance)],
  ];
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Thank you for choosing ${ctx.profile.brandName}. Your ${describeService(record)} is done, and your ` +
        `${invoice.title.toLowerCase()} ${invoice.number} is attached (${invoiceFileName(invoice)}).`,
    },
    { kind: "rows", rows },
    {
      kind: "paragraph",
      text: settled ? "It is paid in full: there is nothing more to pay." : [
        `Please pay the balance of ${formatAud(invoice.balance)}.`,
        invoice.seller.paymentTerms,
      ].filter(Boolean).join(" "),
    },
    ...(!settled && invoice.seller.bankDetails ? [{ kind: "rows", rows: [["Bank details", invoice.seller.bankDetails]] } satisfies Block] : []),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("invoice", record.email, `${invoice.title} ${invoice.number} from ${ctx.profile.brandName} (${record.reference})`, blocks, record._id, [
    { filename: invoiceFileName(invoice), contentType: "application/pdf", content: base64Of(pdf), encoding: "base64" },
  ]);
}
