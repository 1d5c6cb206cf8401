import { ExternalLink } from "lucide-react";
import type { ShouldRevalidateFunction } from "react-router";
import { brand } from "~/copy/brand";
import { type BlogSort, blogCategory } from "~/copy/news";
import { blogDetailAction } from "~/features/content/comment-action.server";
import { Breadcrumb } from "~/features/content/components/breadcrumb";
import { PostMedia } from "~/features/content/components/media";
import { PostBody } from "~/features/content/components/post-body";
import { KindBadge, PostMeta } from "~/features/content/components/post-card";
import { blogHref, RecentPosts, SidebarFilters } from "~/features/content/components/sidebar";
import { loadBlogDetail } from "~/features/content/pages.server";
import { itemDate, itemKind, REPLY_PARAM } from "~/features/content/types";
import { requestOf } from "~/platform/http/request-context.server";
import { seo } from "~/shared/seo";
import { Comments, ContactForm } from "~/site/deferred-parts";
import { useNonce } from "~/ui/nonce";
import type { Route } from "./+types/blog-detail";

export const loader = ({ context, params, request }: Route.LoaderArgs) => loadBlogDetail(requestOf(context).services, params.id, new URL(request.url));

export const action = blogDetailAction;

/** Opening or closing a reply form changes only ?replyTo: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const a = new URLSearchParams(currentUrl.search);
  const b = new URLSearchParams(nextUrl.search);
  a.delete(REPLY_PARAM);
  b.delete(REPLY_PARAM);
  return a.toString() === b.toString() && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;
};

/** The blog's RSS feed, for feed readers that look for it on the page. */
export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", title: "Fillway Blog", href: "/rss.xml" }];

export const meta: Route.MetaFunction = ({ data, params }) => {
  if (!data) {
    return [
      ...seo({ title: "Page not found", description: "The page you are looking for doesn't exist.", path: `/blogdetail/${params.id ?? ""}` }),
      { name: "robots", content: "noindex" },
    ];
  }
  const p = data.post;
  // Sharing previews need a bitmap: SVG illustrations fall back to the default card.
  const image = p.imageUrl.original && !p.imageUrl.original.endsWith(".svg") ? p.imageUrl.original : undefined;
  return [
    ...seo({ title: p.title, description: p.subTitle, path: `/blogdetail/${p._id}`, image, type: "article" }),
    { property: "article:published_time", content: itemDate(p) },
    // The banner is the largest thing on screen: fetch it while the page is still arriving.
    ...(p.imageUrl.original ? [{ tagName: "link", rel: "preload", as: "image", href: p.imageUrl.original, fetchPriority: "high" }] : []),
  ];
};

const sortOfKind = { blog: "blog", article: "related", event: "upcoming" } as const satisfies Record<string, BlogSort>;

const abs = (path: string) => new URL(path, brand.siteUrl).toString();

export default function BlogDetail({ loaderData: { post, comments, recent } }: Route.ComponentProps) {
  const nonce = useNonce();
  const kind = itemKind(post);
  const category = blogCategory(sortOfKind[kind]);
  const url = abs(`/blogdetail/${post._id}`);
  const structured = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.subTitle,
    url,
    mainEntityOfPage: url,
    ...(post.imageUrl.original ? { image: abs(post.imageUrl.original) } : {}),
    dateCreated: post.createdOn,
    datePublished: itemDate(post),
    author: post.author ? { "@type": "Person", name: post.author } : { "@type": "Organization", name: brand.name, url: brand.siteUrl },
    publisher: { "@type": "Organization", name: brand.name, url: brand.siteUrl, logo: { "@type": "ImageObject", url: abs("/media/logo-light.svg") } },
    commentCount: comments.total,
    ...(post.articleUrl ? { isBasedOn: post.articleUrl } : {}),
  };
  const articleHost = post.articleUrl ? new URL(post.articleUrl).hostname.replace(/^www\./, "") : null;

  return (
    <>
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        // JSON, with "<" escaped so no text in a post can close the script element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, "\\u003c") }}
      />
      <div className="bg-gradient-to-br from-brand-50 via-white to-amber-50 dark:from-brand-950 dark:via-slate-950 dark:to-slate-900">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
          <Breadcrumb items={[{ label: "Home", to: "/" }, { label: category.label, to: blogHref({ sort: category.sort }) }, { label: post.title }]} />
          <div className="mt-6 max-w-4xl">
            <KindBadge kind={kind} />
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">{post.title}</h1>
            <PostMeta date={itemDate(post)} author={post.author} className="mt-4 text-base" />
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <article>
            <PostMedia title={post.title} image={post.imageUrl.original} alt={post.imageAlt} videoUrl={post.videoUrl} eager className="rounded-2xl" />
            <p className="mt-8 text-xl font-medium text-slate-900 dark:text-white">{post.subTitle}</p>
            <div className="mt-6">
              <PostBody html={post.description} />
            </div>
            {post.articleUrl && (
              <p className="mt-8">
                <a href={post.articleUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
                  Read the full article on {articleHost}
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            )}
          </article>
          <div className="mt-14 border-t border-slate-200 pt-10 dark:border-slate-800">
            <Comments blogId={post._id} comments={comments} />
          </div>
        </div>
        <aside aria-label="Blog" className="space-y-6 lg:self-start">
          <SidebarFilters sort={category.sort} search="" />
          <RecentPosts items={recent} />
        </aside>
      </div>
      <ContactForm page="/blogdetail" />
    </>
  );
}
