/**
 * A tiny document model for e-mails: messages are written once as blocks and rendered to both the
 * text and the HTML part, so escaping happens in exactly one place (renderHtml).
 */
import { escapeHtml, htmlToText } from "./html.ts";

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  /** Label/value pairs; values may span lines (notes, messages); a value with an href is a link in HTML. */
  | { kind: "rows"; rows: Array<[label: string, value: string, href?: string]> }
  /** The business's name and logo: the HTML part's header wherever the block stands; not in the text. */
  | { kind: "brand"; name: string; logoUrl?: string }
  | { kind: "list"; items: string[] }
  /** Trusted, already sanitised HTML (the cancellation policy); flattened for the text part. */
  | { kind: "trustedHtml"; html: string }
  | { kind: "link"; label: string; url: string };

export function renderText(blocks: Block[]): string {
  const parts = blocks.map((block): string => {
    switch (block.kind) {
      case "paragraph":
        return block.text;
      case "heading":
        return `${block.text}\n${"-".repeat(block.text.length)}`;
      case "rows":
        return block.rows
          .map(([label, value]) => `${label}: ${value.split("\n").join("\n  ")}`)
          .join("\n");
      case "list":
        return block.items.map((item) => `- ${item}`).join("\n");
      case "trustedHtml":
        return htmlToText(block.html);
      case "link":
        return `${block.label}: ${block.url}`;
      case "brand":
        return "";
    }
  });
  return parts.filter((part) => part !== "").join("\n\n") + "\n";
}

const textWithBreaks = (text: string): string => escapeHtml(text).replaceAll("\n", "<br>");

const FONT = "font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933";

/** The header: the logo (a hosted PNG, sized, with the name as its alt) and the business's name. */
function brandHeader(brand: Extract<Block, { kind: "brand" }>): string {
  const logo = brand.logoUrl
    ? `<td width="56" valign="middle" style="padding:0 12px 0 0"><img src="${escapeHtml(brand.logoUrl)}" width="56" height="56" alt="${
      escapeHtml(brand.name)
    }" style="display:block;border:0"></td>`
    : "";
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px"><tr>${logo}<td valign="middle" style="font-size:20px;font-weight:bold;color:#0b4f6c">${
    escapeHtml(brand.name)
  }</td></tr></table>`;
}

const cell = (value: string, href?: string): string =>
  href ? `<a href="${escapeHtml(href)}" style="color:#0b4f6c">${textWithBreaks(value)}</a>` : textWithBreaks(value);

export function renderHtml(title: string, blocks: Block[]): string {
  const brand = blocks.find((block): block is Extract<Block, { kind: "brand" }> => block.kind === "brand");
  const body = blocks.map((block): string => {
    switch (block.kind) {
      case "paragraph":
        return `<p style="margin:0 0 14px">${textWithBreaks(block.text)}</p>`;
      case "heading":
        return `<h2 style="margin:22px 0 8px;font-size:17px;color:#0b4f6c">${
          escapeHtml(block.text)
        }</h2>`;
      case "rows":
        return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 14px;width:100%">${
          block.rows.map(([label, value, href]) =>
            `<tr><th align="left" valign="top" width="35%" style="padding:4px 12px 4px 0;font-weight:bold">${
              escapeHtml(label)
            }</th><td valign="top" style="padding:4px 0">${cell(value, href)}</td></tr>`
          ).join("")
        }</table>`;
      case "list":
        return `<ul style="margin:0 0 14px;padding-left:20px">${
          block.items.map((item) => `<li>${textWithBreaks(item)}</li>`).join("")
        }</ul>`;
      case "trustedHtml":
        return `<div style="margin:0 0 14px">${block.html}</div>`;
      case "link":
        return `<p style="margin:0 0 14px"><a href="${escapeHtml(block.url)}">${
          escapeHtml(block.label)
        }</a></p>`;
      case "brand":
        return "";
    }
  });
  return `<!DOCTYPE html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${
    escapeHtml(title)
  }</title></head>
<body style="margin:0;padding:0;background:#f4f7f9">
<div style="max-width:620px;margin:0 auto;padding:24px;background:#ffffff;${FONT}">
${brand ? brandHeader(brand) : ""}
${body.filter((part) => part !== "").join("\n")}
</div>
</body>
</html>
`;
}
