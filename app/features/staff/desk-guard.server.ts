import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { DESK_HEADERS, requireStaff, type StaffUser } from "./auth.server";
import { isSafeMethod } from "./csrf.server";
import { type DeskScreen, findScreen } from "./desk-screen";

/** The signed-in member of staff, set by the desk's middleware; null on public screens. */
export const staffContext = createContext<StaffUser | null>(null);

/**
 * The desk layout's middleware: the one place a desk screen's access is checked. Finds the
 * declared screen of the matched route; an undeclared one is refused (403 once signed in).
 * Public screens pass as they are; every other one goes through requireStaff (sign-in,
 * cross-site refusal, two-factor set-up, the roles) and hands the member on in the context.
 */
export function deskGuard(screens: readonly DeskScreen[]): MiddlewareFunction<Response> {
  return async ({ request, context, pattern }, next) => {
    const screen = findScreen(screens, pattern);
    if (screen?.access === "public") return next();
    if (screen?.readOnly && !isSafeMethod(request.method)) {
      throw new Response("Method not allowed.", { status: 405, headers: { ...DESK_HEADERS, Allow: "GET, HEAD" } });
    }
    const roles = !screen ? [] : screen.access === "staff" ? undefined : [...screen.access];
    const staff = await requireStaff(request, context, roles);
    context.set(staffContext, staff);
    return next();
  };
}

/** The member of staff the desk's middleware let through, for loaders and actions. */
export function signedIn(context: Readonly<RouterContextProvider>): StaffUser {
  const staff = context.get(staffContext);
  if (!staff) throw new Error("signedIn(): this desk screen is public; its loaders have no member of staff.");
  return staff;
}

/** What a desk screen's loader or action receives, for the services that do its work. */
export interface DeskArgs<P = Record<string, string | undefined>> {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: P;
}
