import sanitizeHtml from "sanitize-html";

/**
 * A received message's HTML as the desk may show it: text structure and links only. No
 * script, style, form, frame or event attribute survives, no image (a remote one would tell
 * the sender the mail was read), no link but http(s) and mailto, each opening elsewhere
 * without handing the desk's page to its target.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["p", "div", "span", "br", "hr", "blockquote", "pre", "code", "strong", "em", "b", "i", "u", "s", "a"],
    ...["ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td"],
  ],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["style", "script", "textarea", "option", "noscript", "title", "head"],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { href: attribs.href ?? "#", rel: "noopener noreferrer nofollow", target: "_blank" } }),
  },
};

/** The only way a received message's HTML is stored. */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
