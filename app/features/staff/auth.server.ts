import { data, type RouterContextProvider, redirect } from "react-router";
import type { Db } from "~/platform/db/db.server";
import { servicesOf } from "~/platform/http/request-context.server";
import type { Services } from "~/platform/services.server";
import { crossSiteReason, isSafeMethod } from "./csrf.server";
import { isRole, type Role } from "./roles";
import { cookieName, findSession, hasCookie, readCookie, serializeCookie } from "./session.server";

export { isRole, ROLES, type Role } from "./roles";

export interface StaffUser {
  id: number;
  email: string;
  name: string | null;
  role: Role;
  /** Migration 019: the IANA zone the desk shows times in; null for the browser's (`staffTimeZone`). */
  timeZone: string | null;
}

/** The signed-in member of staff with what the desk shell needs to know. */
export interface CurrentStaff extends StaffUser {
  sessionId: string;
  twoFactor: boolean;
}

/** The context desk routes receive (the request's fields: request-context.server.ts). */
export type DeskContext = Readonly<RouterContextProvider>;

/** The command that creates the first account, shown while there is none. */
export const FIRST_ACCOUNT_COMMAND = "npm run desk -- user add you@example.com --role admin";

export function deskServices(context: DeskContext): Services {
  return servicesOf(context, "The desk is not available while pages are pre-rendered.");
}

export async function hasAnyStaff(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom("staff").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

const current = new WeakMap<Request, Promise<CurrentStaff | null>>();

/** The member of staff signed in on this request, or null. Looked up once per request. */
export function currentStaff(request: Request, context: DeskContext): Promise<CurrentStaff | null> {
  let found = current.get(request);
  if (!found) {
    found = lookUp(request, deskServices(context));
    current.set(request, found);
  }
  return found;
}

async function lookUp(request: Request, services: Services): Promise<CurrentStaff | null> {
  const { db, env } = services;
  const token = readCookie(request, cookieName(env, "desk"));
  if (!token) return null;
  const session = await findSession(db, token);
  if (!session) return null;
  const staff = await db.kysely
    .selectFrom("staff")
    .select(["id", "email", "name", "role", "disabled_at", "totp_enabled_at", "time_zone"])
    .where("id", "=", session.staffId)
    .executeTakeFirst();
  if (!staff || staff.disabled_at || !isRole(staff.role)) return null;
  return {
    id: Number(staff.id),
    email: staff.email,
    name: staff.name,
    role: staff.role,
    timeZone: staff.time_zone,
    sessionId: session.id,
    twoFactor: Boolean(staff.totp_enabled_at),
  };
}

/** Headers every desk response carries: never cached, never indexed. */
export const DESK_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

function deskHeaders(extra: Record<string, string> = {}): Headers {
  return new Headers({ ...DESK_HEADERS, ...extra });
}

/** Pages a member of staff may open before two-factor sign-in is set up when it is required. */
const TWO_FACTOR_SETUP_PATHS = ["/desk/account", "/desk/sign-out"];

/**
 * Run once per desk request by the desk layout's middleware (desk-guard.server.ts). No valid session: throws a redirect to
 * /desk/sign-in?next=<path> for GET (401 for other methods). Wrong role: throws a 403.
 * Non-GET requests from another site are refused with 403 before anything else. While
 * there is no account at all, throws a 503 whose page shows the command that creates one.
 * Refreshes the session's idle expiry.
 */
export async function requireStaff(request: Request, context: DeskContext, roles?: Role[]): Promise<StaffUser> {
  const services = deskServices(context);
  const url = new URL(request.url);
  if (!isSafeMethod(request.method)) {
    const reason = crossSiteReason(request);
    if (reason) {
      services.log.warn({ path: url.pathname, reason }, "desk: cross-site request refused");
      throw new Response("Cross-site requests to the desk are refused.", {
        status: 403,
        headers: deskHeaders({ "Content-Type": "text/plain; charset=utf-8" }),
      });
    }
  }
  const staff = await currentStaff(request, context);
  if (!staff) {
    if (!(await hasAnyStaff(services.db))) {
      throw data({ setup: FIRST_ACCOUNT_COMMAND }, { status: 503, headers: deskHeaders() });
    }
    // A cookie that no longer names a live session is removed.
    const headers = deskHeaders();
    if (hasCookie(request, cookieName(services.env, "desk"))) {
      headers.append("Set-Cookie", serializeCookie(services.env, "desk", "", 0));
    }
    if (isSafeMethod(request.method)) {
      const next = url.pathname + url.search;
      throw redirect(`/desk/sign-in?next=${encodeURIComponent(next)}`, { headers });
    }
    headers.set("Content-Type", "text/plain; charset=utf-8");
    throw new Response("Sign in to continue.", { status: 401, headers });
  }
  if (
    services.env.DESK_REQUIRE_2FA &&
    staff.role === "admin" &&
    !staff.twoFactor &&
    !TWO_FACTOR_SETUP_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))
  ) {
    if (isSafeMethod(request.method)) throw redirect("/desk/account?two-factor=required#two-factor", { headers: deskHeaders() });
    throw new Response("Set up two-factor sign-in first.", { status: 403, headers: deskHeaders({ "Content-Type": "text/plain; charset=utf-8" }) });
  }
  if (roles && !roles.includes(staff.role)) {
    // The member's name and role let the refusal page keep the desk's menu.
    const user = { email: staff.email, name: staff.name, role: staff.role };
    throw data({ forbidden: true, role: staff.role, user }, { status: 403, headers: deskHeaders() });
  }
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role, timeZone: staff.timeZone };
}
