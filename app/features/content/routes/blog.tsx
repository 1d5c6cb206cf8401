import { blogCategory } from "~/copy/news";
import { page } from "~/copy/page-info/blog";
import { Breadcrumb } from "~/features/content/components/breadcrumb";
import { Pagination } from "~/features/content/components/pagination";
import { PostCard } from "~/features/content/components/post-card";
import { blogHref, RecentPosts, SidebarFilters } from "~/features/content/components/sidebar";
import { loadBlogList } from "~/features/content/pages.server";
import { requestOf } from "~/platform/http/request-context.server";
import { seo } from "~/shared/seo";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import type { Route } from "./+types/blog";

export const loader = ({ context, request }: Route.LoaderArgs) => loadBlogList(requestOf(context).services, new URL(request.url));

/** The blog's RSS feed, for feed readers that look for it on the page. */
export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", title: "Fillway Blog", href: "/rss.xml" }];

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return seo({ title: page.title, description: page.description, path: "/blog" });
  const label = blogCategory(data.sort).label;
  const title = [data.sort === "all" ? "" : label, page.title, data.page > 1 ? `Page ${data.page}` : ""].filter(Boolean).join(" – ");
  const tags = seo({ title, description: page.description, path: blogHref({ sort: data.sort, page: data.page }) });
  // Search results are endless variations of the same posts: keep them out of search engines.
  return data.searching ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
};

export default function Blog({ loaderData: d }: Route.ComponentProps) {
  const category = blogCategory(d.sort);
  const heading = d.searching ? `Results for “${d.search}”` : category.label;
  return (
    <>
      <PageHero page={page}>
        <div className="mt-6">
          <Breadcrumb items={[{ label: "Home", to: "/" }, { label: category.label }]} />
        </div>
      </PageHero>
      <Section className="pt-10! sm:pt-14!">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:gap-x-10">
          <div className="lg:col-start-2 lg:row-start-1">
            <SidebarFilters sort={d.sort} search={d.search} live />
          </div>
          <div id="posts" className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{heading}</h2>
              <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
                {d.count === 0 ? "" : `${d.count} ${d.count === 1 ? "item" : "items"}${d.pageCount > 1 ? `, page ${d.page} of ${d.pageCount}` : ""}`}
              </p>
            </div>
            {d.items.length === 0 ? (
              <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
                <p className="text-xl font-bold text-slate-900 dark:text-white">{d.searching ? "Nothing found" : "Coming Soon"}</p>
                <p className="mt-2 text-slate-600 dark:text-slate-300">
                  {d.searching
                    ? `No ${d.sort === "all" ? "posts" : category.label.toLowerCase()} mention “${d.search}”. Try another word or pick a category.`
                    : `There are no ${category.label.toLowerCase()} yet. Check back soon.`}
                </p>
              </div>
            ) : (
              <ul className="mt-6 space-y-6">
                {d.items.map((item, i) => (
                  <li key={item._id}>
                    <PostCard item={item} layout="row" priority={i === 0} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={d.page} pageCount={d.pageCount} href={(page) => blogHref({ sort: d.sort, search: d.searching ? d.search : "", page })} />
          </div>
          <div className="lg:col-start-2 lg:row-start-2 lg:self-start">
            <RecentPosts items={d.recent} />
          </div>
        </div>
      </Section>
    </>
  );
}
