/**
 * The invoice and receipt PDFs (issue 30), drawn with pdf-lib on A4 in the standard Helvetica, so
 * the text is real text (a reader can copy and search it, and pdftotext reads it back). The
 * standard fonts speak WinAnsi only: every string goes through `winAnsi` first, which keeps what
 * the font has ("Zoë", "€"), folds accents it lacks ("Łódź" -> "Lodz") and writes "?" for the rest
 * (an emoji), so no customer's name can stop an invoice being drawn.
 */
import { type PDFFont, PDFDocument, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { InvoicePdfRenderer } from "../../core/invoicing/ports.ts";
import type { Invoice } from "../../core/invoicing/invoice.ts";
import type { Receipt } from "../../core/invoicing/receipt.ts";
import { formatMelbourneDate, formatMelbourneDateTime } from "../../core/shared/melbourne-time.ts";
import { formatAud } from "../../core/shared/money.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.8, 0.8, 0.8);

/** Characters the font lacks that have a plain equivalent. */
const FOLDS: Record<string, string> = {
  "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2212": "-", "\u00A0": " ", "\u2007": " ", "\u202F": " ",
  "\u0141": "L", "\u0142": "l", "\u0110": "D", "\u0111": "d", "\u0131": "i", "\u00D8": "O", "\u00F8": "o",
};

/** Text the font can draw: its own characters kept, accents folded, line breaks as spaces, the rest "?". */
export function winAnsi(text: string, font: PDFFont): string {
  const drawable = new Set(font.getCharacterSet());
  let out = "";
  for (const char of text.replace(/[\r\n\t\v\f]+/g, " ")) {
    const code = char.codePointAt(0)!;
    if (drawable.has(code)) {
      out += char;
      continue;
    }
    const folded = FOLDS[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += [...folded].every((c) => drawable.has(c.codePointAt(0)!)) && folded !== "" ? folded : "?";
  }
  return out;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A writer that keeps the cursor and starts a new page when the next block would not fit. */
class Sheet {
  page: PDFPage;
  y: number;
  constructor(private doc: PDFDocument, readonly fonts: Fonts) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  get width() {
    return A4[0] - 2 * MARGIN;
  }
  room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }
  clean(text: string, bold = false) {
    return winAnsi(text, bold ? this.fonts.bold : this.fonts.regular);
  }
  /** Draws at x (or right-aligned to x), on the current line, without moving down. */
  at(text: string, x: number, options: { size?: number; bold?: boolean; right?: boolean; grey?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const clean = this.clean(text, options.bold);
    const left = options.right ? x - font.widthOfTextAtSize(clean, size) : x;
    this.page.drawText(clean, { x: left, y: this.y, size, font, color: options.grey ? GREY : undefined });
  }
  /** Lines of `text` no wider than `width`, broken at spaces (a word longer than the width is cut). */
  wrap(text: string, width: number, size = 10, bold = false): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      for (const word of this.clean(paragraph, bold).split(" ")) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width || line === "") {
          line = next;
          while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
            let cut = line.length - 1;
            while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
            lines.push(line.slice(0, cut));
            line = line.slice(cut);
          }
        } else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }
  /** A block of wrapped text at x, moving down. */
  text(text: string, options: { x?: number; width?: number; size?: number; bold?: boolean; grey?: boolean } = {}) {
    const size = options.size ?? 10;
    const x = options.x ?? MARGIN;
    for (const line of this.wrap(text, options.width ?? this.width - (x - MARGIN), size, options.bold)) {
      this.room(size + 4);
      this.at(line, x, { size, bold: options.bold, grey: options.grey });
      this.y -= size + 4;
    }
  }
  gap(points: number) {
    this.y -= points;
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 4 }, end: { x: A4[0] - MARGIN, y: this.y + 4 }, thickness: 0.5, color: LINE });
    this.gap(8);
  }
}

async function newSheet(title: string): Promise<{ doc: PDFDocument; sheet: Sheet }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator("Yarra Shine bookings");
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  return { doc, sheet: new Sheet(doc, fonts) };
}

/** The seller's block (left) and the document's title (right). */
function header(sheet: Sheet, seller: Invoice["seller"], title: string) {
  const top = sheet.y;
  sheet.at(title, A4[0] - MARGIN, { size: 20, bold: true, right: true });
  sheet.text(seller.legalName, { size: 14, bold: true, width: sheet.width * 0.6 });
  if (seller.abnFormatted) sheet.text(`ABN ${seller.abnFormatted}`, { size: 10 });
  for (const line of [seller.address, seller.phone, seller.email].filter(Boolean)) sheet.text(line, { size: 9, grey: true, width: sheet.width * 0.6 });
  sheet.y = Math.min(sheet.y, top - 30);
  sheet.gap(10);
}

/** "Label   value" pairs in a column, the labels grey. */
function facts(sheet: Sheet, rows: [string, string][], x: number, labelWidth = 90) {
  for (const [label, value] of rows) {
    sheet.room(14);
    sheet.at(label, x, { size: 9, grey: true });
    sheet.at(value, x + labelWidth, { size: 10 });
    sheet.gap(14);
  }
}

const quantityText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

function drawInvoice(sheet: Sheet, invoice: Invoice) {
  header(sheet, invoice.seller, invoice.title);
  const top = sheet.y;
  sheet.at("Bill to", MARGIN, { size: 9, grey: true });
  sheet.gap(14);
  sheet.text(invoice.customer.name, { bold: true, width: 240 });
  sheet.text(invoice.customer.address, { size: 9, width: 240 });
  sheet.text(invoice.customer.email, { size: 9, width: 240 });
  const left = sheet.y;
  sheet.y = top;
  facts(sheet, [
    ["Invoice number", invoice.number],
    ["Issue date", formatMelbourneDate(invoice.issuedAt)],
    ["Reference", invoice.reference],
    ["Service date", formatMelbourneDate(invoice.serviceDate)],
  ], 330);
  sheet.y = Math.min(sheet.y, left);
  sheet.gap(16);

  // The lines: description, quantity, unit price, amount.
  const [qtyX, unitX, amountX] = [360, 450, A4[0] - MARGIN];
  sheet.room(40);
  sheet.at("Description", MARGIN, { size: 9, bold: true });
  sheet.at("Qty", qtyX, { size: 9, bold: true, right: true });
  sheet.at("Unit price", unitX, { size: 9, bold: true, right: true });
  sheet.at("Amount", amountX, { size: 9, bold: true, right: true });
  sheet.gap(6);
  sheet.rule();
  for (const line of invoice.lines) {
    const wrapped = sheet.wrap(line.description, qtyX - MARGIN - 40);
    sheet.room(14 * wrapped.length);
    sheet.at(quantityText(line.quantity), qtyX, { right: true });
    sheet.at(formatAud(line.unitPrice), unitX, { right: true });
    sheet.at(formatAud(line.amount), amountX, { right: true });
    for (const text of wrapped) {
      sheet.at(text, MARGIN);
      sheet.gap(14);
    }
  }
  sheet.rule();

  const totals: [string, string, boolean][] = [["Total", formatAud(invoice.total), true]];
  if (invoice.seller.gstRegistered) totals.push(["GST included", formatAud(invoice.gst), false]);
  totals.push(["Paid to date", formatAud(invoice.paidToDate), false], ["Balance due", formatAud(invoice.balance), true]);
  for (const [label, value, bold] of totals) {
    sheet.room(16);
    sheet.at(label, unitX, { bold, right: true });
    sheet.at(value, amountX, { bold, right: true });
    sheet.gap(16);
  }
  if (invoice.seller.gstRegistered) sheet.text("Total price includes GST.", { size: 9, grey: true });
  sheet.gap(12);
  if (invoice.seller.paymentTerms) {
    sheet.text("Payment terms", { size: 9, bold: true });
    sheet.text(invoice.seller.paymentTerms, { size: 9 });
    sheet.gap(8);
  }
  if (invoice.seller.bankDetails) {
    sheet.text("Bank details", { size: 9, bold: true });
    sheet.text(invoice.seller.bankDetails, { size: 9 });
  }
}

function drawReceipt(sheet: Sheet, receipt: Receipt) {
  header(sheet, receipt.seller, "Receipt");
  sheet.at("Received from", MARGIN, { size: 9, grey: true });
  sheet.gap(14);
  sheet.text(receipt.customer.name, { bold: true });
  sheet.text(receipt.customer.address, { size: 9 });
  sheet.gap(12);
  facts(sheet, [
    ["Reference", receipt.reference],
    ...(receipt.invoiceNumber ? [["Invoice number", receipt.invoiceNumber] as [string, string]] : []),
    ["Amount received", formatAud(receipt.amount)],
    ["Method", receipt.method],
    ["Received", formatMelbourneDateTime(receipt.receivedAt)],
    ["Invoice total", formatAud(receipt.total)],
    ["Balance after this payment", formatAud(receipt.balanceAfter)],
  ], MARGIN, 150);
  sheet.gap(8);
  sheet.text("Thank you for your payment.", { size: 10 });
}

export const pdfInvoiceRenderer: InvoicePdfRenderer = {
  async invoice(invoice) {
    const { doc, sheet } = await newSheet(`${invoice.title} ${invoice.number}`);
    drawInvoice(sheet, invoice);
    return await doc.save();
  },
  async receipt(receipt) {
    const { doc, sheet } = await newSheet(`Receipt ${receipt.reference}-${receipt.sequence}`);
    drawReceipt(sheet, receipt);
    return await doc.save();
  },
};
