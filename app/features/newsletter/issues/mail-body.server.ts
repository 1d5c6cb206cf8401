/**
 * An issue's body as a mail client needs it. The body is stored rendered and sanitised
 * (features/content/markdown.server.ts: a known, small set of tags, double-quoted
 * attributes), with the site's own links and images as paths ("/faq", "/media/…"), which
 * a mail client cannot open: here they become absolute, and the plain-text part is written
 * from the same HTML, as text a person reads (headings underlined, lists with their marks,
 * each link's address after its words), not the Markdown it was written in.
 */

/** The site's own paths in links and images, made absolute. */
export function absoluteLinks(html: string, siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, "");
  return html.replace(/\s(href|src)="(\/(?!\/)[^"]*)"/g, (_, attr: string, path: string) => ` ${attr}="${site}${path}"`);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|nbsp|#(\d+)|#x([0-9a-f]+));/gi, (m, name: string, dec?: string, hex?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (ENTITIES[name.toLowerCase()] ?? m),
  );
const attr = (attrs: string, name: string) => decode(new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1] ?? "");

const BLOCKS = new Set(["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "pre", "table", "tr", "hr"]);

/** The plain-text part of an issue, from its HTML with absolute links. */
export function mailText(html: string): string {
  // Each block with its group: a list's items, or a table's rows, stay on consecutive lines.
  const blocks: { text: string; group: number }[] = [];
  let groups = 0;
  let group = 0;
  let line = "";
  let quote = 0;
  let pre = false;
  const lists: { ordered: boolean; n: number }[] = [];
  let link: { href: string; start: number } | null = null;
  let heading = 0;
  const flush = () => {
    const text = pre ? line : line.replace(/[ \t]+/g, " ").trim();
    if (text) {
      const body = heading ? `${text}\n${(heading === 2 ? "=" : "-").repeat(Math.min(text.length, 72))}` : text;
      blocks.push({ text: body.replace(/^/gm, "> ".repeat(quote)), group });
    }
    line = "";
  };
  for (const part of html.split(/(<[^>]+>)/)) {
    const tag = /^<(\/?)([a-z0-9]+)([^>]*)>$/i.exec(part);
    if (!tag) {
      line += decode(pre ? part : part.replace(/\s+/g, " "));
      continue;
    }
    const [, close, rawName = "", attrs = ""] = tag;
    const name = rawName.toLowerCase();
    if (name === "a") {
      if (!close) link = { href: attr(attrs, "href"), start: line.length };
      else if (link) {
        const words = line.slice(link.start).trim();
        if (link.href && link.href !== words && `mailto:${words}` !== link.href) line += ` (${link.href})`;
        link = null;
      }
    } else if (name === "img") line += `[${attr(attrs, "alt") || "image"}]`;
    else if (name === "br") line += "\n";
    else if (name === "td" || name === "th") line += close ? " | " : "";
    else if (BLOCKS.has(name)) {
      if (name === "tr" && close) line = line.replace(/\s*\|\s*$/, "");
      // A loose list's item holds paragraphs: the first stays on the item's line.
      const marker = /^\s*(-|\d+\.) $/.test(line);
      if (!(name === "p" && marker)) flush();
      if (name === "hr") blocks.push({ text: "----", group: 0 });
      if (name === "table") group = close ? 0 : ++groups;
      if (name === "blockquote") quote += close ? -1 : 1;
      if (name === "pre") pre = !close;
      if (/^h[2-4]$/.test(name)) heading = close ? 0 : Number(name[1]);
      if (name === "ul" || name === "ol") {
        if (close) lists.pop();
        else lists.push({ ordered: name === "ol", n: Number(attr(attrs, "start")) || 1 });
        if (lists.length === 0) group = 0;
        else if (!close && lists.length === 1) group = ++groups;
      }
      if (name === "li" && !close) {
        const list = lists.at(-1);
        line = `${"  ".repeat(Math.max(0, lists.length - 1))}${list?.ordered ? `${list.n++}.` : "-"} `;
      }
    }
  }
  flush();
  return blocks.reduce((out, b, i) => {
    if (i === 0) return b.text;
    const together = b.group !== 0 && b.group === blocks[i - 1]?.group;
    return `${out}${together ? "\n" : "\n\n"}${b.text}`;
  }, "");
}
