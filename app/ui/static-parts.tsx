import { type ComponentPropsWithoutRef, createContext, type ReactElement, type ReactNode, useContext } from "react";

/**
 * Parts of the shared layout (the header's two menus, the footer) whose HTML depends only
 * on a key (the path, the year): on the server they are rendered by React once per key and
 * then written from memory, since rendering their many links and icons was most of the
 * cost of a post page's first rendering after a change.
 *
 * The HTML kept is cut out of a page React rendered in full, so it is byte for byte what
 * React renders there (useId values included: they depend on the place in the tree, which
 * is the same), and the browser hydrates the same markup. Only pages rendered whole for
 * the page cache (entry.server.tsx, without a nonce) take part. Components use a part
 * only when `import.meta.env.SSR` (see `staticPart`), so none of this reaches the browser.
 */

/** Where a part sits in a page's HTML: its start tag, unique on the page, and its element's name. */
const parts = {
  "main-nav": { start: '<nav aria-label="Main" class="hidden xl:block">', tag: "nav" },
  "mobile-nav": { start: '<ul class="mx-auto max-w-5xl">', tag: "ul" },
  "contact-form": { start: '<div class="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-start">', tag: "div" },
  "footer-links": { start: '<div class="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">', tag: "div" },
} as const;

export type StaticPartName = keyof typeof parts;

/** One rendering's parts rendered in full (name → key), to be kept once the page is whole. */
export type StaticPartsRequest = Map<StaticPartName, string>;

export const StaticPartsContext = /* @__PURE__ */ createContext<StaticPartsRequest | null>(null);

/** Kept HTML by name and key; bounded (a path per post is many keys). */
const kept = new Map<string, string>();
const MAX_KEPT = 600;
const id = (name: StaticPartName, key: string) => `${name}\n${key}`;

/**
 * The element `as` with `props`; its contents from memory when this rendering takes part
 * and they are known for `partKey`, else its children (and, on the server, a note to keep them).
 */
export function StaticPart<T extends "nav" | "ul" | "div">({
  name,
  partKey,
  as: Tag,
  children,
  ...props
}: { name: StaticPartName; partKey: string; as: T; children?: ReactNode } & ComponentPropsWithoutRef<T>) {
  // Plain HTML elements, all with the same attributes.
  const Element = Tag as "nav";
  const attributes = props as ComponentPropsWithoutRef<"nav">;
  const request = useContext(StaticPartsContext);
  const html = request ? kept.get(id(name, partKey)) : undefined;
  if (html !== undefined) return <Element {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
  request?.set(name, partKey);
  return <Element {...attributes}>{children}</Element>;
}

/** The end of the element whose start tag ends at `from`: the matching close tag, nesting counted. */
function closing(html: string, tag: string, from: number): number {
  const pattern = new RegExp(`<(/?)${tag}[\\s>]`, "g");
  pattern.lastIndex = from;
  let depth = 1;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return -1;
}

/**
 * `element` (a plain nav, ul or div) as a static part on the server. Call it only when
 * `import.meta.env.SSR`, so the browser's bundle keeps the element itself:
 * `import.meta.env.SSR ? staticPart("footer-links", "", links) : links`.
 */
export function staticPart(name: StaticPartName, partKey: string, element: ReactElement<ComponentPropsWithoutRef<"div">>): ReactElement {
  return <StaticPart as={element.type as "div"} name={name} partKey={partKey} {...element.props} />;
}

/** After a whole page rendered without errors: keeps the contents of the parts it rendered in full. */
export function keepStaticParts(request: StaticPartsRequest, html: string): void {
  for (const [name, key] of request) {
    const { start, tag } = parts[name];
    const at = html.indexOf(start);
    if (at === -1 || html.indexOf(start, at + start.length) !== -1) continue;
    const open = at + start.length;
    const close = closing(html, tag, open);
    if (close === -1) continue;
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(id(name, key), html.slice(open, close));
  }
}
