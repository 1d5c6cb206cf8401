import { data, Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteLoaderData } from "react-router";
import deskStyles from "~/desk.css?url";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { deskGuard, staffContext } from "~/features/staff/desk-guard.server";
import { deskMenu } from "~/features/staff/desk-screen";
import type { Role } from "~/features/staff/roles";
import { firingAlerts } from "~/platform/ops/system.server";
import type { Route } from "./+types/layout";
import { deskScreens } from "./screens";

/** Every desk request passes here first: only declared screens, only for their roles. */
export const middleware: Route.MiddlewareFunction[] = [deskGuard(deskScreens)];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: deskStyles }];
export const headers = () => DESK_HEADERS;
export const meta = () => [{ title: "Fillway desk" }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ context }: Route.LoaderArgs) {
  // Null on the public screens (signing in, passwords): they show no menu.
  const user = context.get(staffContext);
  if (!user) return data({ user: null, alerts: [] }, { headers: DESK_HEADERS });
  // Admins see a banner while a system check is bad (ops/alerts.server.ts).
  const alerts = user.role === "admin" ? firingAlerts(context) : [];
  return data({ user: { email: user.email, name: user.name, role: user.role }, alerts }, { headers: DESK_HEADERS });
}

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

type ShellUser = { email: string; name: string | null; role: Role } | null;

type ShellAlert = { id: string; title: string; detail: string };

function Shell({ user, alerts = [], children }: { user: ShellUser; alerts?: ShellAlert[]; children: React.ReactNode }) {
  // The menu is the declared screens the role may open; the middleware checks the same roles.
  const items = user ? deskMenu(deskScreens, user.role) : [];
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
          {items.length ? (
            <nav aria-label="Desk" className="order-last w-full md:order-none md:w-auto">
              <ul className="flex flex-wrap gap-1">
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      prefetch="intent"
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
          ) : null}
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

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell user={loaderData.user} alerts={loaderData.alerts}>
      <Outlet />
    </Shell>
  );
}

/** What a refused or failed desk page says, inside the desk's shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/desk/layout");
  // A refusal from the middleware comes before the loader: its data names the member.
  const refused: ShellUser | undefined = isRouteErrorResponse(error) && error.status === 403 ? error.data?.user : undefined;
  const user = layout?.user ?? refused ?? null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const setup: string | null = isRouteErrorResponse(error) && error.status === 503 && typeof error.data?.setup === "string" ? error.data.setup : null;
  let title = "Something went wrong";
  let body: React.ReactNode = <p>We could not show this page (error {status}). Please try again in a moment.</p>;
  if (setup) {
    title = "No staff accounts yet";
    body = (
      <>
        <p>The desk has no accounts yet. On the server, in the site's folder and with the same settings as the server, run:</p>
        <pre className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-sm text-slate-100">
          <code>{setup}</code>
        </pre>
        <p className="mt-3">It prints a link, valid for 24 hours, where you choose your password. Then sign in here.</p>
      </>
    );
  } else if (status === 403) {
    title = "Not for your role";
    body = <p>Your account cannot open this page. If you need it, ask an admin.</p>;
  } else if (status === 401) {
    title = "Signed out";
    body = (
      <p>
        Your session has ended.{" "}
        <Link className="font-medium underline" to="/desk/sign-in">
          Sign in again
        </Link>
        .
      </p>
    );
  } else if (status === 404) {
    title = "Not found";
    body = <p>There is no such page in the desk.</p>;
  }
  return (
    <Shell user={user}>
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-3 max-w-2xl">{body}</div>
    </Shell>
  );
}
