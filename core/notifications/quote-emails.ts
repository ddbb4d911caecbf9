/**
 * The e-mails of a quote the office prices (issue 30), composed as values: the customer's quote
 * with its lines, total, message, valid-until day and the link to answer it; and the office told
 * when the customer accepts (the booking it became) or declines (with the reason).
 */
import type { BookingRecord } from "../booking/types.ts";
import type { CustomerLinks } from "../booking/ports.ts";
import { lineText, type PricedQuote } from "../booking/quotes/priced-quote.ts";
import { manageUrl } from "../booking/manage/token.ts";
import type { OutboxMessage } from "../shared/outbox.ts";
import { formatAud } from "../shared/money.ts";
import { formatMelbourneMoment, formatYmdLong } from "../shared/melbourne-time.ts";
import { customerName, formatAddress } from "../shared/contact.ts";
import type { Block } from "./email-layout.ts";
import { contactBlocks, describeService, greeting, message, type MessageContext, policyBlocks, signOff } from "./email-parts.ts";

/** The lines, the total, and how long the price stands. */
function quoteBlocks(quote: PricedQuote): Block[] {
  return [
    { kind: "heading", text: "Your quote" },
    { kind: "list", items: quote.lineItems.map((line) => lineText(line, formatAud)) },
    {
      kind: "rows",
      rows: [
        ["Total", formatAud(quote.total)],
        ["Valid until", quote.validUntil ? formatYmdLong(quote.validUntil) : "Until we tell you otherwise"],
      ],
    },
  ];
}

/** To the customer: the office's price, and the link where they accept it with a time, or decline it. */
export function pricedQuoteEmail(
  record: BookingRecord,
  quote: PricedQuote,
  ctx: MessageContext,
  links: CustomerLinks = {},
): OutboxMessage {
  const { profile } = ctx;
  const url = links.manageToken ? manageUrl(ctx.siteUrl, links.manageToken) : undefined;
  const blocks: Block[] = [
    greeting(record),
    {
      kind: "paragraph",
      text: `Thanks for asking ${profile.brandName} for a quote for ${describeService(record)}` +
        `${record.address.street ? ` at ${formatAddress(record.address)}` : ""}. Here is our price (reference ${record.reference}).`,
    },
    ...(quote.message.trim() ? [{ kind: "paragraph" as const, text: quote.message }] : []),
    ...quoteBlocks(quote),
    url
      ? {
        kind: "paragraph",
        text: "To go ahead, open your quote, choose a time that suits you from our calendar and accept it; " +
          "or let us know if it isn’t right for you.",
      }
      : { kind: "paragraph", text: `To go ahead, reply to this e-mail or call us on ${profile.phone}.` },
    ...(url ? [{ kind: "link" as const, label: "See and accept your quote", url }] : []),
    ...policyBlocks(ctx),
    ...contactBlocks(ctx),
    signOff(ctx),
  ];
  return message("quote-priced", record.email, `Your quote from ${profile.brandName} (${record.reference})`, blocks, record._id);
}

const adminLink = (ctx: MessageContext): Block[] =>
  ctx.siteUrl ? [{ kind: "link", label: "Open the bookings in the admin area", url: `${ctx.siteUrl.replace(/\/+$/, "")}/admin/bookings` }] : [];

/** To the office: the customer accepted the quote; it is now a PENDING booking at the quoted total. */
export function quoteAcceptedNotification(booking: BookingRecord, quote: PricedQuote, ctx: MessageContext): OutboxMessage {
  const who = customerName(booking);
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: `${who} accepted quote ${booking.reference} on their page, for ${formatMelbourneMoment(booking.startTime)}. ` +
        `It is now a PENDING booking at ${formatAud(quote.total)}: confirm it with the customer.`,
    },
    ...quoteBlocks(quote),
    { kind: "rows", rows: [["Address", formatAddress(booking.address)], ["Email", booking.email], ["Phone", booking.phone]] },
    ...adminLink(ctx),
  ];
  return {
    ...message(
      "quote-accepted-notification",
      ctx.profile.notificationEmail,
      `Quote accepted — ${who}, ${formatAud(quote.total)}, ${formatMelbourneMoment(booking.startTime)} (${booking.reference})`,
      blocks,
      booking._id,
    ),
    replyTo: booking.email,
  };
}

/** To the office: the customer declined the quote, and why. */
export function quoteDeclinedNotification(record: BookingRecord, quote: PricedQuote, ctx: MessageContext): OutboxMessage {
  const who = customerName(record);
  const blocks: Block[] = [
    { kind: "paragraph", text: `${who} declined quote ${record.reference} (${formatAud(quote.total)}) on their page.` },
    { kind: "rows", rows: [["Reason", quote.declineReason]] },
    ...quoteBlocks(quote),
    ...adminLink(ctx),
  ];
  return {
    ...message("quote-declined-notification", ctx.profile.notificationEmail, `Quote declined — ${who} (${record.reference})`, blocks, record._id),
    replyTo: record.email,
  };
}
