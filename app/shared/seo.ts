import type { MetaDescriptor } from "react-router";
import { brand } from "~/copy/brand";
import type { PageInfo } from "~/copy/pages";

export interface SeoInput {
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "article";
}

/** Title, description, canonical and sharing tags for a page. */
export function seo({ title, description, path, image, type = "website" }: SeoInput): MetaDescriptor[] {
  const fullTitle = title.includes(brand.name) ? title : `${title} | ${brand.name}`;
  const url = new URL(path, brand.siteUrl).toString();
  const img = new URL(image ?? "/media/og-default.png", brand.siteUrl).toString();
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: img },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** Meta for one of the fixed pages of the route table (its entry under copy/page-info). */
export function pageMeta(page: PageInfo): MetaDescriptor[] {
  return seo({ title: page.title, description: page.description, path: page.path });
}
