import { useId, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { NarrowToggle } from "./disclosure";

/**
 * The theme switch of the desk. The site's own switch lives in the root chunk of every
 * public page; importing it here would split it into a chunk of its own there.
 */
function DeskThemeToggle() {
  function toggle() {
    const root = document.documentElement;
    const dark = !root.classList.contains("dark");
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {
      // Storage can be unavailable (private mode); the switch still applies to this page.
    }
  }
  return (
    <button
      type="button"
      onClick={toggle}
      className="inline-flex min-h-9 items-center rounded-md px-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <span className="dark:hidden">Dark theme</span>
      <span className="hidden dark:inline">Light theme</span>
    </button>
  );
}

/**
 * The desk's menu: a row of links from the md breakpoint up; on a phone one "Menu" button
 * naming the screen you are on opens it (so a list starts near the top of the screen),
 * and choosing a screen closes it again.
 */
function DeskMenu({ items }: { items: ShellItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { pathname } = useLocation();
  const here = items.find((i) => (i.end ? pathname === i.to : pathname === i.to || pathname.startsWith(`${i.to}/`)));
  return (
    <nav aria-label="Desk" className="order-last w-full md:order-none md:w-auto">
      <NarrowToggle open={open} controls={id} onToggle={() => setOpen(!open)}>
        Menu
        {here ? <span className="font-normal text-slate-600 dark:text-slate-300">{here.label}</span> : null}
      </NarrowToggle>
      <ul id={id} className={`${open ? "mt-2 flex" : "hidden"} flex-wrap gap-1 md:mt-0 md:flex`}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              prefetch="intent"
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                `inline-flex min-h-9 items-center rounded-md px-2.5 text-sm font-semibold ${
                  isActive
                    ? "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-50"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The signed-in member as the shell shows them; null before sign-in. */
export type ShellUser = { email: string; name: string | null; role: string } | null;

export type ShellAlert = { id: string; title: string; detail: string };

/** One entry of the desk's menu. */
export type ShellItem = { to: string; label: string; end?: boolean };

/** The desk's frame: skip link, menu, theme switch, account and sign-out, system alerts. */
export function DeskShell({ user, alerts = [], items, children }: { user: ShellUser; alerts?: ShellAlert[]; items: ShellItem[]; children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a href="#main" className="sr-only z-[100] rounded bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
          <Link
            to={user ? (user.role === "editor" ? "/desk/posts" : "/desk") : "/desk/sign-in"}
            className="text-lg font-extrabold tracking-tight text-brand-800 dark:text-brand-300"
          >
            Fillway desk
          </Link>
          {items.length ? <DeskMenu items={items} /> : null}
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <DeskThemeToggle />
            {user ? (
              <>
                <NavLink
                  to="/desk/account"
                  className="inline-flex min-h-9 items-center rounded-md px-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  <span className="sr-only">Your account: </span>
                  {user.name ?? user.email}
                </NavLink>
                <Form method="post" action="/desk/sign-out">
                  <button
                    type="submit"
                    className="inline-flex min-h-9 items-center rounded-md border border-slate-400 px-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800"
                  >
                    Sign out
                  </button>
                </Form>
              </>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        {alerts.length ? (
          <section
            aria-label="System alerts"
            className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50"
          >
            <ul className="space-y-1">
              {alerts.map((a) => (
                <li key={a.id}>
                  <strong>{a.title}</strong>: {a.detail}.
                </li>
              ))}
            </ul>
            <Link className="font-medium underline" to="/desk/system">
              See the system page
            </Link>
          </section>
        ) : null}
        {children}
      </main>
    </div>
  );
}
