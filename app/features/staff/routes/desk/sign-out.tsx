import { redirect } from "react-router";
import { currentStaff, DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { deleteSession, serializeCookie } from "~/features/staff/session.server";
import type { Route } from "./+types/sign-out";

export const headers = () => DESK_HEADERS;

/** Signing out is a POST (a link or an image must not sign anyone out). */
export function loader() {
  return redirect("/desk", { headers: DESK_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = deskServices(context);
  const me = signedIn(context);
  const session = await currentStaff(request, context);
  if (session) await deleteSession(db, session.sessionId);
  await audit(db, { staffId: me.id, action: "sign-out" });
  const headers = new Headers(DESK_HEADERS);
  headers.append("Set-Cookie", serializeCookie(env, "desk", "", 0));
  return redirect("/desk/sign-in?signed-out", { headers });
}
