import { ArrowRight, CalendarDays, ExternalLink, UserRound } from "lucide-react";
import { Link } from "react-router";
import { blogAuthor } from "~/copy/news";
import { formatDate, preview } from "./format";
import { PostMedia } from "./media";
import { type CardItem, type ItemKind, itemDate, itemKind } from "~/features/content/types";

export const kindLabel: Record<ItemKind, string> = {
  blog: "Blog Post",
  article: "Related Article",
  event: "Upcoming Event",
};

const kindTone: Record<ItemKind, string> = {
  blog: "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200",
  article: "bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  event: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
};

/** Where Read More goes (spec 2.4): the article's own site in a new tab, else the detail page. */
export function readMore(item: Pick<CardItem, "_id" | "isPublished" | "isArticle" | "articleUrl">) {
  const external = itemKind(item) === "article" && !!item.articleUrl;
  return external ? { href: item.articleUrl as string, external: true } : { href: `/blogdetail/${encodeURIComponent(item._id)}`, external: false };
}

function TargetLink({ item, className, children }: { item: CardItem; className: string; children: React.ReactNode }) {
  const { href, external } = readMore(item);
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

/** The byline and date; `author` is the post's writer (the site's own byline when none). */
export function PostMeta({ date, author, className = "" }: { date: string; author?: string | null; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400 ${className}`}>
      <span className="inline-flex items-center gap-1.5">
        <UserRound aria-hidden="true" className="size-4" />
        Posted By {author || blogAuthor}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={date}>{formatDate(date)}</time>
      </span>
    </p>
  );
}

export function KindBadge({ kind }: { kind: ItemKind }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${kindTone[kind]}`}>{kindLabel[kind]}</span>;
}

/** The subtitle's first 121 characters; the ellipsis after a cut one is drawn by CSS. */
function PreviewText({ subTitle }: { subTitle: string }) {
  const { text, cut } = preview(subTitle);
  return (
    <p data-testid="post-preview" data-cut={cut || undefined} className="mt-3 flex-1 text-slate-700 data-cut:after:content-['…'] dark:text-slate-300">
      {text}
    </p>
  );
}

/**
 * One item of a list (spec 2.4): image or embedded frame, title, "Posted By Admin", the
 * date, the first 121 characters of the subtitle and Read More. `layout="row"` puts the
 * picture beside the text on wide screens (the blog list); "tile" stacks them (news tabs).
 */
export function PostCard({
  item,
  layout = "tile",
  headingLevel = 3,
  priority = false,
}: {
  item: CardItem;
  layout?: "row" | "tile";
  headingLevel?: 2 | 3;
  /** The first card of a list is often the largest thing on screen: load its picture first. */
  priority?: boolean;
}) {
  const kind = itemKind(item);
  const { external } = readMore(item);
  const H = headingLevel === 2 ? "h2" : "h3";
  const row = layout === "row";
  return (
    <article
      data-testid="post-card"
      className={`group flex w-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${
        row ? "flex-col md:flex-row" : "flex-col"
      }`}
    >
      {row ? (
        <div className="md:w-80 md:shrink-0 md:p-5 md:pr-0 lg:w-72 xl:w-80">
          <PostMedia title={item.title} image={item.imageUrl.thumbnail} videoUrl={item.videoUrl} eager={priority} className="md:rounded-xl" />
        </div>
      ) : (
        <PostMedia title={item.title} image={item.imageUrl.thumbnail} videoUrl={item.videoUrl} eager={priority} />
      )}
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div>
          <KindBadge kind={kind} />
        </div>
        <H className="mt-3 text-lg font-bold leading-snug sm:text-xl">
          <TargetLink item={item} className="hover:text-brand-700 hover:underline dark:hover:text-brand-300">
            {item.title}
          </TargetLink>
        </H>
        <PostMeta date={itemDate(item)} className="mt-2" />
        <PreviewText subTitle={item.subTitle} />
        <TargetLink item={item} className="link mt-4 inline-flex min-h-11 items-center gap-1.5 self-start">
          Read More
          <span className="sr-only">
            : {item.title}
            {external ? " (opens the article in a new tab)" : ""}
          </span>
          {external ? <ExternalLink aria-hidden="true" className="size-4" /> : <ArrowRight aria-hidden="true" className="size-4" />}
        </TargetLink>
      </div>
    </article>
  );
}
