import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { type BlogSort, blogCategories, SEARCH_MIN_CHARS } from "~/copy/news";
import { formatDate } from "./format";
import { type CardItem, itemDate } from "~/features/content/types";

/** The blog list URL for a category, a search and a page; defaults are left out. */
export function blogHref({ sort = "all", search = "", page = 1 }: { sort?: BlogSort; search?: string; page?: number }): string {
  const q = new URLSearchParams();
  if (sort !== "all") q.set("sort", sort);
  if (search) q.set("search", search);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/blog?${s}` : "/blog";
}

const effective = (s: string) => {
  const t = s.trim();
  return Array.from(t).length >= SEARCH_MIN_CHARS ? t : "";
};

/** How long typing must pause before the list follows: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The sidebar search. A GET form to /blog, so it works without JavaScript; with `live`
 * (on /blog) the list follows as the visitor types once the text is longer than one
 * character, after a short pause.
 */
function BlogSearch({ sort, search, live }: { sort: BlogSort; search: string; live: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [q, setQ] = useState(search);
  const input = useRef<HTMLInputElement>(null);
  const applied = useRef(effective(search));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Follow the URL (a category link, Back) unless the visitor is typing here.
  useEffect(() => {
    applied.current = effective(search);
    if (document.activeElement !== input.current) setQ(search);
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (value: string) => {
    setQ(value);
    if (!live) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const next = effective(value);
      if (next === applied.current) return;
      applied.current = next;
      navigate(blogHref({ sort, search: next }), { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <Form method="get" action="/blog" role="search" className="relative">
      <label htmlFor={id} className="block text-base font-bold text-slate-900 dark:text-white">
        Search the blog
      </label>
      {sort !== "all" && <input type="hidden" name="sort" value={sort} />}
      <div className="mt-3 flex gap-2">
        <input
          ref={input}
          id={id}
          type="search"
          name="search"
          value={q}
          onChange={(e) => onChange(e.target.value)}
          maxLength={100}
          autoComplete="off"
          placeholder="Diesel, safety, events…"
          className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 dark:border-slate-500 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
        />
        <button type="submit" className="btn-primary shrink-0 px-4">
          <Search aria-hidden="true" className="size-4" />
          <span className="sr-only">Search</span>
        </button>
      </div>
    </Form>
  );
}

function Categories({ sort, search }: { sort: BlogSort; search: string }) {
  return (
    <nav aria-labelledby="blog-categories">
      <h2 id="blog-categories" className="text-base font-bold">
        Categories
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {blogCategories.map((c) => {
          const active = c.sort === sort;
          return (
            <li key={c.sort}>
              <Link
                to={blogHref({ sort: c.sort, search: effective(search) })}
                aria-current={active ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold lg:flex lg:w-full lg:rounded-lg ${
                  active
                    ? "bg-brand-700 text-white dark:bg-brand-400 dark:text-brand-950"
                    : "bg-slate-100 text-slate-800 hover:bg-brand-50 hover:text-brand-800 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                }`}
              >
                {c.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function RecentPosts({ items }: { items: CardItem[] }) {
  return (
    <section aria-labelledby="recent-blog" className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="recent-blog" className="text-base font-bold">
        Recent Blog
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">Coming Soon</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {items.map((p) => (
            <li key={p._id} className="flex gap-3">
              {p.imageUrl.thumbnail && (
                <img
                  src={p.imageUrl.thumbnail}
                  alt=""
                  width={96}
                  height={54}
                  loading="lazy"
                  decoding="async"
                  className="h-[54px] w-24 shrink-0 rounded-lg bg-brand-50 object-cover dark:bg-slate-800"
                />
              )}
              <div className="min-w-0">
                <Link
                  to={`/blogdetail/${encodeURIComponent(p._id)}`}
                  className="line-clamp-2 text-sm font-semibold leading-snug text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-300"
                >
                  {p.title}
                </Link>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  <time dateTime={itemDate(p)}>{formatDate(itemDate(p))}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Search and categories: the top of the sidebar (above the list on narrow screens). */
export function SidebarFilters({ sort, search, live = false }: { sort: BlogSort; search: string; live?: boolean }) {
  return (
    <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <BlogSearch sort={sort} search={search} live={live} />
      <Categories sort={sort} search={search} />
    </div>
  );
}
