import sanitizeHtml from "sanitize-html";

/**
 * A deliberately small Markdown dialect for posts: headings, paragraphs, lists,
 * block quotes, rules, fenced code, and inline emphasis, code and links. Raw HTML in the
 * source is shown as text, never passed through; the result is sanitised again anyway,
 * because a back office may later write description HTML straight into the database.
 */

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Links may point to our own pages, the web, or an e-mail address; nothing else. */
function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^\/(?!\/)/.test(href) || href.startsWith("#")) return href;
  if (/^https?:\/\/[^\s]+$/i.test(href) || /^mailto:[^\s]+$/i.test(href)) return href;
  return null;
}

/** Inline markup of one block (already split into its text). */
function inline(src: string): string {
  // Code spans first, so their content is never read as markup. Placeholders use
  // private-use characters, removed from the source first so nobody can forge one.
  const codes: string[] = [];
  let text = src.replace(/[\uE000\uE001]/g, "").replace(/`([^`]+)`/g, (_, code: string) => {
    codes.push(`<code>${escapeHtml(code)}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  // Links: [label](href). The label may hold emphasis; the href is checked.
  const links: string[] = [];
  text = text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) => {
    const safe = safeHref(href);
    if (!safe) return whole;
    links.push(`<a href="${escapeHtml(safe)}">${emphasis(escapeHtml(label))}</a>`);
    return `\uE001${links.length - 1}\uE001`;
  });
  text = emphasis(escapeHtml(text));
  return text
    .replace(/\uE001(\d+)\uE001/g, (_, i: string) => links[Number(i)] ?? "")
    .replace(/\uE000(\d+)\uE000/g, (_, i: string) => codes[Number(i)] ?? "");
}

function emphasis(escaped: string): string {
  return escaped
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_(?=\S)(.+?)(?<=\S)_(?![_\w])/g, "$1<em>$2</em>");
}

const listItem = /^\s{0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/;

/** Markdown to HTML (before sanitising). */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = /^\s{0,3}(```|~~~)/.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? "").trimStart().startsWith(fence[1] ?? "```")) body.push(lines[i++] ?? "");
      i++;
      out.push(`<pre><code>${escapeHtml(body.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      // The page title is the one H1: the body starts at H2.
      const level = Math.min(4, Math.max(2, (heading[1] ?? "#").length));
      out.push(`<h${level}>${inline(heading[2] ?? "")}</h${level}>`);
      i++;
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push("<hr>");
      i++;
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s{0,3}>/.test(lines[i] ?? "")) body.push((lines[i++] ?? "").replace(/^\s{0,3}>\s?/, ""));
      out.push(`<blockquote>${paragraphs(body)}</blockquote>`);
      continue;
    }
    const item = listItem.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1] ?? "");
      const items: string[] = [];
      while (i < lines.length) {
        const m = listItem.exec(lines[i] ?? "");
        if (m && /\d/.test(m[1] ?? "") === ordered) {
          items.push(m[2] ?? "");
          i++;
        } else if (items.length && /^\s{2,}\S/.test(lines[i] ?? "")) {
          // A wrapped continuation line of the previous item.
          items[items.length - 1] += ` ${(lines[i++] ?? "").trim()}`;
        } else break;
      }
      const tag = ordered ? "ol" : "ul";
      out.push(`<${tag}>${items.map((t) => `<li>${inline(t)}</li>`).join("")}</${tag}>`);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i] ?? "";
      if (l.trim() === "" || /^\s{0,3}(#{1,6}\s|>|```|~~~)/.test(l) || listItem.test(l)) break;
      para.push(l.trim());
      i++;
    }
    out.push(`<p>${inline(para.join(" "))}</p>`);
  }
  return out.join("\n");
}

function paragraphs(lines: string[]): string {
  return lines
    .join("\n")
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${inline(p.replace(/\s*\n\s*/g, " ").trim())}</p>`)
    .join("");
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "strong", "em", "b", "i", "code", "pre", "a", "hr", "br"],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
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

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Plain text of description HTML, for search and previews. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|pre)>/g, "$& "), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => entities[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}
