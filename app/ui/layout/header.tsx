import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { brand } from "~/copy/brand";
import { activeGroupId, canonicalPath, isSaasPath, type NavGroup, navGroups } from "~/copy/nav";
import { staticPart } from "~/ui/static-parts";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

const topLink =
  "inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-[15px] font-semibold text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300";
const activeTop = "text-brand-700 underline decoration-2 underline-offset-8 dark:text-brand-300";

function External({ href, children, className }: { href: string; children: string; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A desktop dropdown: disclosure button and panel; Escape and outside clicks close it. */
function DesktopGroup({ group, active }: { group: NavGroup; active: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // A pointer that hovers in and then clicks means "open", not "toggle closed".
  const openedByHover = useRef(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route changing is what closes it
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);
  const wide = group.columns.length > 1;
  return (
    <li
      ref={ref}
      className="relative"
      onMouseEnter={() => {
        openedByHover.current = !open;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          const keep = openedByHover.current;
          openedByHover.current = false;
          setOpen((o) => keep || !o);
        }}
        className={`${topLink} ${active ? activeTop : ""}`}
      >
        {group.label}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div id={id} hidden={!open} className={`absolute top-full left-1/2 z-50 -translate-x-1/2 pt-2 ${wide ? "w-[46rem]" : "w-80"}`}>
        <div
          className={`grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900 ${wide ? "grid-cols-3" : ""}`}
        >
          {group.columns.map((col) => (
            <div key={col.title}>
              <p className="eyebrow mb-3">{col.title}</p>
              <ul className="space-y-1">
                {col.links.map((l) => (
                  <li key={l.to}>
                    <NavLink
                      to={l.to}
                      className="block rounded-lg px-3 py-2 text-sm hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-800"
                    >
                      <span className="font-semibold text-slate-900 dark:text-white">{l.label}</span>
                      {l.hint && <span className="block text-xs text-slate-600 dark:text-slate-400">{l.hint}</span>}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </li>
  );
}

/**
 * Inside the mobile panel each group is a toggle at 1024 px and below; above 1024 px
 * (the desktop layout) its links are always shown under a plain heading.
 */
function MobileGroup({ group, active }: { group: NavGroup; active: boolean }) {
  const [open, setOpen] = useState(active);
  const id = useId();
  return (
    <li className="border-b border-slate-200 py-2 dark:border-slate-800">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={`${topLink} w-full justify-between desk:hidden ${active ? "text-brand-700 dark:text-brand-300" : ""}`}
      >
        {group.label}
        <ChevronDown aria-hidden="true" className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <p className={`hidden px-3 py-2 font-bold desk:block ${active ? "text-brand-700 dark:text-brand-300" : ""}`}>{group.label}</p>
      <div id={id} className={`${open ? "grid" : "hidden"} gap-4 px-3 pb-2 desk:grid desk:grid-cols-3`}>
        {group.columns.map((col) => (
          <div key={col.title}>
            {group.columns.length > 1 && <p className="eyebrow mt-2 mb-1">{col.title}</p>}
            <ul>
              {col.links.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    className="block min-h-11 rounded-md px-2 py-2.5 text-[15px] hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700 dark:hover:bg-slate-800 dark:aria-[current=page]:text-brand-300"
                  >
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </li>
  );
}

export function Header() {
  const pathname = canonicalPath(useLocation().pathname);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const saas = isSaasPath(pathname);
  const activeGroup = activeGroupId(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route changing is what closes it
  useEffect(() => setOpen(false), [pathname]);

  // The menus' links: written from memory on the server once rendered for this path (lib/static-parts).
  const mainNav = (
    <nav aria-label="Main" className="hidden xl:block">
      <ul className="flex items-center gap-1">
        <li>
          <NavLink to="/" end className={({ isActive }) => `${topLink} ${isActive ? activeTop : ""}`}>
            Home
          </NavLink>
        </li>
        {navGroups.map((g) => (
          <DesktopGroup key={g.id} group={g} active={activeGroup === g.id} />
        ))}
        <li>
          <NavLink to={brand.charge.path} className={({ isActive }) => `${topLink} ${isActive ? activeTop : ""}`}>
            {brand.charge.name}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
  const mobileLinks = (
    <ul className="mx-auto max-w-5xl">
      <li className="border-b border-slate-200 py-2 dark:border-slate-800">
        <NavLink to="/" end className={`${topLink} w-full`}>
          Home
        </NavLink>
      </li>
      {navGroups.map((g) => (
        <MobileGroup key={g.id} group={g} active={activeGroup === g.id} />
      ))}
      <li className="border-b border-slate-200 py-2 dark:border-slate-800">
        <NavLink to={brand.charge.path} className={`${topLink} w-full`}>
          {brand.charge.name}
        </NavLink>
      </li>
    </ul>
  );

  return (
    <header
      data-testid="site-header"
      className={`${saas ? "relative" : "sticky top-0 shadow-md shadow-slate-900/5 dark:shadow-black/40"} z-50 border-b border-slate-200/70 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95`}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:h-20">
        <Link to="/" className="shrink-0 rounded-md" aria-label={`${brand.name} home`}>
          <Logo className="h-8 w-auto lg:h-9" />
        </Link>
        {import.meta.env.SSR ? staticPart("main-nav", pathname, mainNav) : mainNav}
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle className="max-sm:[&>span]:sr-only" />
          <External href={brand.customerPanel.loginUrl} className="btn-secondary hidden sm:inline-flex">
            Login
          </External>
          <External href={brand.customerPanel.signUpUrl} className="btn-primary hidden sm:inline-flex">
            Sign Up
          </External>
          <button
            ref={toggle}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100 xl:hidden dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </div>
      <div
        id="mobile-menu"
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 xl:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        <nav aria-label="Mobile">
          {import.meta.env.SSR ? staticPart("mobile-nav", pathname, mobileLinks) : mobileLinks}
          <div className="mx-auto mt-4 max-w-5xl rounded-2xl bg-slate-50 p-4 sm:hidden dark:bg-slate-900">
            <p className="font-bold text-slate-900 dark:text-white">Customer panel</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Manage deliveries, vehicles and invoices.</p>
            <div className="mt-3 flex gap-2">
              <External href={brand.customerPanel.loginUrl} className="btn-secondary flex-1">
                Login
              </External>
              <External href={brand.customerPanel.signUpUrl} className="btn-primary flex-1">
                Sign Up
              </External>
            </div>
          </div>
        </nav>
      </div>
    </header>
  );
}
