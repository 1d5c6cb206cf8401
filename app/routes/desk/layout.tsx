import { data, isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import deskStyles from "~/desk.css?url";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { deskGuard, staffContext } from "~/features/staff/desk-guard.server";
import { deskMenu } from "~/features/staff/desk-screen";
import type { Role } from "~/features/staff/roles";
import { firingAlerts } from "~/platform/ops/system.server";
import { DeskShell, type ShellAlert } from "~/ui/desk/shell";
import { DeskTimeZone } from "~/ui/desk/time";
import { shownZone } from "~/features/staff/time-zone.server";
import type { Route } from "./+types/layout";
import { deskScreens } from "./screens";

/** Every desk request passes here first: only declared screens, only for their roles. */
export const middleware: Route.MiddlewareFunction[] = [deskGuard(deskScreens)];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: deskStyles }];
export const headers = () => DESK_HEADERS;
export const meta = () => [{ title: "Fillway desk" }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ context, request }: Route.LoaderArgs) {
  // Null on the public screens (signing in, passwords): they show no menu.
  const user = context.get(staffContext);
  if (!user) return data({ user: null, alerts: [], timeZone: null }, { headers: DESK_HEADERS });
  // Admins see a banner while a system check is bad (ops/alerts.server.ts).
  const alerts = user.role === "admin" ? firingAlerts(context) : [];
  return data({ user: { email: user.email, name: user.name, role: user.role }, alerts, timeZone: shownZone(request, user) }, { headers: DESK_HEADERS });
}

type ShellUser = { email: string; name: string | null; role: Role } | null;

/** The desk's frame; the menu is the declared screens the role may open (the middleware checks the same roles). */
function Shell({ user, alerts, children }: { user: ShellUser; alerts?: ShellAlert[]; children: React.ReactNode }) {
  return (
    <DeskShell user={user} alerts={alerts} items={user ? deskMenu(deskScreens, user.role) : []}>
      {children}
    </DeskShell>
  );
}

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell user={loaderData.user} alerts={loaderData.alerts}>
      <DeskTimeZone zone={loaderData.timeZone}>
        <Outlet />
      </DeskTimeZone>
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
