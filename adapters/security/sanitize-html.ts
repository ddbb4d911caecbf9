/**
 * The cancellation policy staff write is shown on the public booking page: keep harmless
 * formatting and links, drop everything that could run code or restyle the page.
 */
import sanitizeHtml from "sanitize-html";
import type { HtmlSanitizer } from "../../core/settings/admin-settings.ts";

export const ALLOWED_TAGS = [
  "p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h3", "h4", "blockquote", "span",
];

export const ALLOWED_LINK_SCHEMES = ["http", "https", "mailto", "tel"];

/** Absolute links of the allowed schemes only (no relative, protocol-relative or script URLs). */
const SAFE_HREF = new RegExp(`^(${ALLOWED_LINK_SCHEMES.join("|")}):`, "i");

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ALLOWED_LINK_SCHEMES,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Other tags go, their text stays; these lose their content too.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      return {
        tagName,
        attribs: {
          ...(SAFE_HREF.test(href) ? { href } : {}),
          ...(attribs.target === "_blank" ? { target: "_blank" } : {}),
          rel: "noopener noreferrer",
        },
      };
    },
  },
};

export const sanitizePolicyHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

export const policyHtmlSanitizer: HtmlSanitizer = { sanitize: sanitizePolicyHtml };
