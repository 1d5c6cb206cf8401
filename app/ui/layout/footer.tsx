import { Mail, Phone } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { StoreBadges } from "~/ui/widgets/store-badges";
import { SocialIcon } from "~/ui/widgets/social-icon";
import { brand } from "~/copy/brand";
import { footerLinks, navGroups } from "~/copy/nav";
import { staticPart } from "~/ui/static-parts";

/** A titled column of footer links, a navigation landmark of its own. */
function LinkList({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold uppercase tracking-wider">{title}</h2>
      <ul className="mt-4 space-y-1 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="inline-block py-1.5 hover:text-brand-700 hover:underline dark:hover:text-brand-300">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const YEAR_ID = "footer-year";
const noSubscription = () => () => {};
const clockYear = () => new Date().getFullYear();
/** The year the server wrote (a pre-rendered page carries its build year): hydration must match it. */
const writtenYear = () => (import.meta.env.SSR ? clockYear() : Number(document.getElementById(YEAR_ID)?.textContent) || clockYear());

export function Footer() {
  // Hydrates on the year in the HTML, then shows the visitor's clock's year if that differs.
  const year = useSyncExternalStore(noSubscription, clockYear, writtenYear);
  // Brand, links and contacts: the same on every page, written from memory on the server once rendered (lib/static-parts).
  const links = (
    // From lg the contact column takes the width of its six social icons in a row; the three others share the rest.
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
      <div className="space-y-4">
        <img src="/media/logo-light.svg" alt={brand.name} width={148} height={36} loading="lazy" className="h-9 w-auto dark:hidden" />
        <img src="/media/logo-dark.svg" alt={brand.name} width={148} height={36} loading="lazy" className="hidden h-9 w-auto dark:block" />
        <p className="max-w-xs text-sm">{brand.description}</p>
        <StoreBadges />
      </div>
      <LinkList title="Company" links={footerLinks} />
      <LinkList title="Services" links={navGroups[1]?.columns.flatMap((c) => c.links) ?? []} />
      <div>
        <h2 className="text-sm font-bold uppercase tracking-wider">Contact</h2>
        <ul className="mt-4 space-y-2 text-sm">
          <li>
            <a href={`mailto:${brand.email}`} className="inline-flex min-h-11 items-center gap-2 hover:underline">
              <Mail aria-hidden="true" className="size-4" /> {brand.email}
            </a>
          </li>
          <li>
            <a href={brand.phoneHref} className="inline-flex min-h-11 items-center gap-2 hover:underline">
              <Phone aria-hidden="true" className="size-4" /> {brand.phone}
            </a>
          </li>
        </ul>
        <ul className="mt-4 flex flex-wrap gap-2 lg:flex-nowrap" aria-label="Social media">
          {brand.social.map((s) => (
            <li key={s.name}>
              <a
                href={s.url}
                target="_blank"
                rel="noopener"
                className="inline-flex size-11 items-center justify-center rounded-full bg-white text-slate-700 shadow-sm hover:bg-brand-700 hover:text-white dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-brand-400 dark:hover:text-brand-950"
              >
                <SocialIcon name={s.name} />
                <span className="sr-only">
                  {brand.name} on {s.name} (opens in a new tab)
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
  return (
    <footer className="border-t border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      {import.meta.env.SSR ? staticPart("footer-links", "", links) : links}
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap justify-between gap-2 px-4 py-5 text-xs sm:px-6">
          <p>
            © {brand.foundedYear}–<span id={YEAR_ID}>{year}</span> {brand.legalName} All rights reserved.
          </p>
          <p>ZIP and city data: GeoNames, CC BY 4.0. Map shapes: US Census Bureau via us-atlas.</p>
        </div>
      </div>
    </footer>
  );
}
