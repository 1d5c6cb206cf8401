import { data, redirect } from "react-router";
import { consumeToken, createTwoFactorStep, findAccount, TWO_FACTOR_STEP_TTL_MS, tokenAccount } from "~/features/staff/accounts.server";
import { currentStaff, DESK_HEADERS, deskServices, FIRST_ACCOUNT_COMMAND, hasAnyStaff } from "~/features/staff/auth.server";
import { crossSiteReason } from "~/features/staff/csrf.server";
import type { DeskArgs } from "~/features/staff/desk-guard.server";
import { codeSchema, formFields, safeNext, signInSchema } from "~/features/staff/forms.server";
import { cookieName, readCookie, serializeCookie } from "~/features/staff/session.server";
import { CODE_FAILED, finishSignIn, SIGN_IN_FAILED, type SignInResult, signInWithCode, signInWithPassword } from "~/features/staff/sign-in.server";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isPassingDbFault } from "~/platform/db/faults.server";
import { requestOf } from "~/platform/http/request-context.server";
import { issueMessages } from "~/shared/forms/issues";

/** The sign-in screen's loader and action (routes/desk/sign-in.tsx): the password step, the two-factor step and where a member lands. */

/** Where a member of staff lands: the page asked for, else the first page of their role. */
function landing(next: string | null | undefined, role: string) {
  return safeNext(next, role === "editor" ? "/desk/posts" : "/desk");
}

export async function loadSignIn({ request, context }: DeskArgs) {
  const { db, env } = deskServices(context);
  const url = new URL(request.url);
  const next = url.searchParams.get("next");
  const me = await currentStaff(request, context);
  if (me) throw redirect(landing(next, me.role), { headers: DESK_HEADERS });
  const setup = !(await hasAnyStaff(db));
  const stepToken = readCookie(request, cookieName(env, "desk-2fa"));
  const step = stepToken ? await tokenAccount(db, stepToken, "two-factor") : null;
  return data(
    {
      setup: setup ? FIRST_ACCOUNT_COMMAND : null,
      step: step ? "code" : "password",
      next: next ?? "",
      notice: url.searchParams.has("signed-out")
        ? "You are signed out."
        : url.searchParams.has("password-set")
          ? "Your password is set. Sign in with it."
          : null,
    },
    { headers: DESK_HEADERS },
  );
}

export async function signInAction({ request, context }: DeskArgs) {
  const services = deskServices(context);
  const { db, env } = services;
  const reason = crossSiteReason(request);
  if (reason) throw new Response("Cross-site requests to the desk are refused.", { status: 403, headers: DESK_HEADERS });
  const fields = await formFields(request);
  const client = { ip: requestOf(context).clientIp ?? "unknown", userAgent: request.headers.get("user-agent") };
  const headers = new Headers(DESK_HEADERS);
  const stepCookie = cookieName(env, "desk-2fa");
  const reply = (errors: string[], status: number, step: "password" | "code", extra: Record<string, string> = {}) => {
    for (const [k, v] of Object.entries(extra)) headers.set(k, v);
    return data({ errors, step, email: fields.email ?? "" }, { status, headers });
  };
  const done = async (result: Extract<SignInResult, { kind: "ok" }>, next: string | undefined) => {
    const account = await findAccount(db, { id: result.staffId });
    if (!account) throw new Error(`sign-in: account ${result.staffId} vanished`);
    headers.append("Set-Cookie", serializeCookie(env, "desk", result.token, result.maxAgeSeconds));
    headers.append("Set-Cookie", serializeCookie(env, "desk-2fa", "", 0));
    return redirect(landing(next, account.role), { headers });
  };
  const throttled = (r: Extract<SignInResult, { kind: "throttled" }>, step: "password" | "code") =>
    reply([`Too many failed attempts. Try again in ${Math.ceil(r.retryAfter / 60)} minute${r.retryAfter > 60 ? "s" : ""}.`], 429, step, {
      "Retry-After": String(r.retryAfter),
    });

  if (fields.intent === "cancel") {
    headers.append("Set-Cookie", serializeCookie(env, "desk-2fa", "", 0));
    return redirect("/desk/sign-in", { headers });
  }
  try {
    return await attempt();
  } catch (error) {
    if (!isPassingDbFault(error)) throw error;
    // The database locked by another process, or the disk full: the form again, with the
    // e-mail kept and when to try again (React Router keeps an action's headers only where
    // the route exports `headers`: the server adds Retry-After).
    requestOf(context).responseHeaders?.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
    const message = `The desk cannot sign you in right now: the database is busy or out of space. Try again in ${RETRY_AFTER_BUSY_SECONDS} seconds.`;
    return reply([message], 503, fields.intent === "code" ? "code" : "password", { "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) });
  }

  async function attempt() {
    if (fields.intent === "code") {
      const token = readCookie(request, stepCookie);
      const account = token ? await tokenAccount(db, token, "two-factor") : null;
      if (!token || !account) {
        headers.append("Set-Cookie", serializeCookie(env, "desk-2fa", "", 0));
        return reply(["That sign-in took too long. Enter your e-mail and password again."], 400, "password");
      }
      const parsed = codeSchema.safeParse(fields);
      if (!parsed.success) return reply(issueMessages(parsed.error), 400, "code");
      const result = await signInWithCode(services, account.id, parsed.data.code, client);
      if (result.kind === "throttled") return throttled(result, "code");
      if (result.kind !== "ok") return reply([CODE_FAILED], 401, "code");
      await consumeToken(db, token);
      return done(result, fields.next);
    }

    const parsed = signInSchema.safeParse(fields);
    if (!parsed.success) return reply(issueMessages(parsed.error), 400, "password");
    const result = await signInWithPassword(services, parsed.data, client);
    if (result.kind === "throttled") return throttled(result, "password");
    if (result.kind === "failed") return reply([SIGN_IN_FAILED], 401, "password");
    if (result.kind === "two-factor") {
      const token = await createTwoFactorStep(db, result.staffId);
      headers.append("Set-Cookie", serializeCookie(env, "desk-2fa", token, TWO_FACTOR_STEP_TTL_MS / 1000));
      const next = parsed.data.next ? `?next=${encodeURIComponent(parsed.data.next)}` : "";
      return redirect(`/desk/sign-in${next}`, { headers });
    }
    if (result.kind === "ok") return done(result, parsed.data.next);
    return reply([SIGN_IN_FAILED], 401, "password");
  }
}

/**
 * After a member chose a password from their e-mailed link: signed in at once, the link
 * having shown the address is theirs, and landed on their role's first page; with two-factor
 * sign-in on, on to the code step, as after a password.
 */
export async function signInAfterPasswordSet({ request, context }: DeskArgs, account: { id: number; role: string; twoFactor: boolean }) {
  const services = deskServices(context);
  const { env } = services;
  const headers = new Headers(DESK_HEADERS);
  if (account.twoFactor) {
    const token = await createTwoFactorStep(services.db, account.id);
    headers.append("Set-Cookie", serializeCookie(env, "desk-2fa", token, TWO_FACTOR_STEP_TTL_MS / 1000));
    return redirect("/desk/sign-in", { headers });
  }
  const result = await finishSignIn(
    services,
    account.id,
    { ip: requestOf(context).clientIp ?? "unknown", userAgent: request.headers.get("user-agent") },
    "password-link",
  );
  if (result.kind !== "ok") return redirect("/desk/sign-in?password-set", { headers });
  headers.append("Set-Cookie", serializeCookie(env, "desk", result.token, result.maxAgeSeconds));
  return redirect(landing(null, account.role), { headers });
}
