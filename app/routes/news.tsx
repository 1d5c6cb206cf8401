import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { NEWS_TAB_SIZE, newsTabs } from "~/copy/news";
import { page } from "~/copy/page-info/news";
import { PostCard } from "~/features/content/components/post-card";
import { blogHref } from "~/features/content/components/sidebar";
import { SocialPanels } from "~/features/content/components/social-panels";
import { loadNews, type NewsTab } from "~/features/content/pages.server";
import { requestOf } from "~/platform/http/request-context.server";
import { pageMeta } from "~/shared/seo";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { Tabs } from "~/ui/widgets/tabs";
import type { Route } from "./+types/news";

export const loader = ({ context }: Route.LoaderArgs) => loadNews(requestOf(context).services);

export { formAction as action } from "~/features/leads/form-action.server";

/** The blog's RSS feed, for feed readers that look for it on the page. */
export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", title: "Fillway Blog", href: "/rss.xml" }];

export const meta = () => pageMeta(page);

function TabContent({ tab, label, empty, first }: { tab: NewsTab; label: string; empty: string; first: boolean }) {
  if (tab.items.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
        <p className="text-2xl font-bold text-slate-900 dark:text-white">Coming Soon</p>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{empty}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {tab.items.map((item, i) => (
          <li key={item._id} className="flex">
            <PostCard item={item} priority={first && i === 0} />
          </li>
        ))}
      </ul>
      {tab.count > NEWS_TAB_SIZE && (
        <p className="mt-8 text-center">
          <Link to={blogHref({ sort: tab.sort })} className="btn-primary">
            View More<span className="sr-only"> {label}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </p>
      )}
    </>
  );
}

export default function News({ loaderData: { tabs } }: Route.ComponentProps) {
  return (
    <>
      <PageHero page={page} eyebrow="Newsroom" />
      <Section id="latest" title="The latest from Fillway" intro="Press coverage, stories from our crews and engineers, and where to meet us next.">
        <Tabs
          label="News"
          tabs={newsTabs.map((t, n) => {
            const tab = tabs.find((x) => x.sort === t.sort) ?? { sort: t.sort, items: [], count: 0, failed: true };
            return { id: t.sort, label: t.label, content: <TabContent tab={tab} label={t.label} empty={t.empty} first={n === 0} /> };
          })}
        />
      </Section>
      <Section id="social" title="Follow us" intro="Day-to-day news from the road, as it happens." className="pt-0! sm:pt-4!">
        <SocialPanels />
      </Section>
      <ContactForm page="/news" />
    </>
  );
}
