import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Posts are CommonMark with GitHub's extensions (tables, strikethrough, task lists,
 * autolinks), parsed by `marked`; `sanitize-html` is always the last step. Raw HTML in the
 * source is shown as text, never passed through, and the result is sanitised anyway,
 * because the desk may write description HTML straight into the database.
 */

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Links may point to our own pages, the web, or an e-mail address; nothing else. */
function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^\/(?!\/)/.test(href) || href.startsWith("#")) return href;
  if (/^https?:\/\/[^\s]+$/i.test(href) || /^mailto:[^\s]+$/i.test(href)) return href;
  return null;
}

/** Images come from our own media folder: the CSP allows no other host, and nothing is hot-linked. */
const imageSrc = /^\/media\/[\w./-]+\.(svg|png|jpe?g|webp|avif|gif)$/i;
const UPLOAD_SIZE = /^\/media\/uploads\/[0-9a-f]{32}-(\d{1,4})x(\d{1,4})\.webp$/;

const markdown = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // The page title is the one H1: the body starts at H2 and goes no deeper than H4.
    heading({ tokens, depth }) {
      const level = Math.min(4, Math.max(2, depth));
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    // Raw HTML, as a block or inline, is shown as the text it is.
    html({ text, block }) {
      return block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text);
    },
    // An unsafe link is shown as its label alone.
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      if (!safe) return label;
      return `<a href="${escapeHtml(safe)}"${title ? ` title="${escapeHtml(title)}"` : ""}>${label}</a>`;
    },
    image({ href, title, text }) {
      if (!imageSrc.test(href) || href.includes("..")) return escapeHtml(text);
      // An upload's name carries its size (…-1200x800.webp): the page keeps its place before it loads.
      const size = UPLOAD_SIZE.exec(href);
      const box = size ? ` width="${size[1]}" height="${size[2]}"` : "";
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ""}${box} loading="lazy" decoding="async">`;
    },
  },
});

/** Markdown to HTML (before sanitising). */
export function markdownToHtml(source: string): string {
  return (markdown.parse(source.replace(/\r\n?/g, "\n")) as string).trim();
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "strong", "em", "b", "i", "del", "code", "pre", "a", "hr", "br", "img"],
    ...["table", "thead", "tbody", "tr", "th", "td"],
  ],
  allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt", "title", "width", "height", "loading", "decoding"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  exclusiveFilter: (frame) => frame.tag === "img" && !imageSrc.test(frame.attribs.src ?? ""),
  transformTags: {
    // Links leaving the site never hand our page to the target (reverse tabnabbing).
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      const next: Record<string, string> = { href: attribs.href ?? "#" };
      if (attribs.title) next.title = attribs.title;
      if (external) next.rel = "noopener noreferrer";
      if (external && attribs.target === "_blank") next.target = "_blank";
      return { tagName, attribs: next };
    },
    // An H1 in edited HTML would compete with the page title.
    h1: "h2",
  },
};

const cache = new Map<string, string>();

/** The only way description HTML reaches a page or the API. */
export function sanitizeDescription(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, sanitizeOptions);
  if (cache.size > 500) cache.clear();
  cache.set(html, clean);
  return clean;
}

/** Markdown to the safe HTML a page shows: what post files and the desk's preview use. */
export function renderMarkdown(source: string): string {
  return sanitizeDescription(markdownToHtml(source));
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Plain text of description HTML, for search and previews. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|pre|th|td)>/g, "$& "), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => entities[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}
