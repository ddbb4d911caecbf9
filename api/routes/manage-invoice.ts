/**
 * Issue 30: the customer's copy of their invoice through their manage-my-booking link. The link
 * opens it until 90 days after the job (the booking itself only until the job is over; the same
 * 404 MANAGE_LINK_INVALID afterwards); answers
 * carry manageResponseHeaders (no cache, no Referer) like every call under /api/manage.
 */
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { CUSTOMER_INVOICE_ERRORS, type Invoicing } from "../../core/invoicing/invoicing.ts";
import { failWith, HTTP_ERRORS } from "../http-errors.ts";
import { route, routeGroup } from "../openapi.ts";
import { pdfAnswer, sendPdf } from "./admin/invoices.ts";

const TokenParams = z.object({
  token: z.string().meta({ description: "The token of the customer's link (43 characters, base64url)" }),
});

const customerInvoice = route({
  method: "get", path: "/manage/{token}/invoice.pdf", tags: ["Manage my booking"], "x-required-role": "public",
  summary: "The customer downloads their invoice as a PDF",
  description: "The same document staff download (its number is issued on the first download, from either side). The link opens it until 90 days after the job ends, when the manage page itself is closed. A quote has none (409 QUOTE_NOT_INVOICEABLE).",
  request: { params: TokenParams },
  errors: [...CUSTOMER_INVOICE_ERRORS, HTTP_ERRORS.rateLimited],
  responses: { 200: pdfAnswer("INV-000123.pdf") },
});

export function manageInvoiceRoutes(deps: { invoicing: Invoicing; read: MiddlewareHandler }) {
  const group = routeGroup();
  group.on("GET", "/manage/:token/invoice.pdf", deps.read);
  return group.openapi(customerInvoice, async (c) => {
    const result = await deps.invoicing.customerInvoicePdf(c.req.valid("param").token);
    return result.ok ? sendPdf(c, result.value) : failWith(customerInvoice, c, result.error);
  });
}
