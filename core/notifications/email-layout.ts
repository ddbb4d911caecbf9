/**
 * A tiny document model for e-mails: messages are written once as blocks and rendered to both the
 * text and the HTML part, so escaping happens in exactly one place (renderHtml).
 */
import { escapeHtml, htmlToText } from "./html.ts";

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  /** Label/value pairs; values may span lines (notes, messages). */
  | { kind: "rows"; rows: Array<[label: string, value: string]> }
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
    }
  });
  return parts.filter((part) => part !== "").join("\n\n") + "\n";
}

const textWithBreaks = (text: string): string => escapeHtml(text).replaceAll("\n", "<br>");

const FONT = "font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933";

export function renderHtml(title: string, blocks: Block[]): string {
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
          block.rows.map(([label, value]) =>
            `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;font-weight:bold;white-space:nowrap;width:35%">${
              escapeHtml(label)
            }</th><td valign="top" style="padding:4px 0">${textWithBreaks(value)}</td></tr>`
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
    }
  });
  return `<!DOCTYPE html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${
    escapeHtml(title)
  }</title></head>
<body style="margin:0;padding:0;background:#f4f7f9">
<div style="max-width:620px;margin:0 auto;padding:24px;background:#ffffff;${FONT}">
${body.join("\n")}
</div>
</body>
</html>
`;
}
