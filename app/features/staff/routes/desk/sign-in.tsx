import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AccountEmailField, AuthCard } from "~/ui/desk/kit";
import { deskInput, deskLink, deskPrimary, deskSecondary, Field } from "~/ui/desk/ui";
import { consumeToken, findAccount, tokenAccount } from "~/features/staff/accounts.server";
import { currentStaff, DESK_HEADERS, deskServices, FIRST_ACCOUNT_COMMAND, hasAnyStaff } from "~/features/staff/auth.server";
import { crossSiteReason } from "~/features/staff/csrf.server";
import { codeSchema, formFields, problems, safeNext, signInSchema } from "~/features/staff/forms.server";
import { cookieName, readCookie, serializeCookie } from "~/features/staff/session.server";
import { CODE_FAILED, SIGN_IN_FAILED, type SignInResult, signInWithCode, signInWithPassword } from "~/features/staff/sign-in.server";
import { createTwoFactorStep, TWO_FACTOR_STEP_TTL_MS } from "~/features/staff/accounts.server";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isPassingDbFault } from "~/platform/db/faults.server";
import type { Route } from "./+types/sign-in";

export const meta = () => [{ title: "Sign in · Fillway desk" }];
export const headers = ({ actionHeaders, loaderHeaders }: Route.HeadersArgs) => {
  const h = new Headers(DESK_HEADERS);
  const retry = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retry) h.set("Retry-After", retry);
  return h;
};

/** Where a member of staff lands: the page asked for, else the first page of their role. */
function landing(next: string | null | undefined, role: string) {
  return safeNext(next, role === "editor" ? "/desk/posts" : "/desk");
}

export async function loader({ request, context }: Route.LoaderArgs) {
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

export async function action({ request, context }: Route.ActionArgs) {
  const services = deskServices(context);
  const { db, env } = services;
  const reason = crossSiteReason(request);
  if (reason) throw new Response("Cross-site requests to the desk are refused.", { status: 403, headers: DESK_HEADERS });
  const fields = await formFields(request);
  const client = { ip: context.clientIp ?? "unknown", userAgent: request.headers.get("user-agent") };
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
    context.responseHeaders?.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
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
      if (!parsed.success) return reply(problems(parsed.error), 400, "code");
      const result = await signInWithCode(services, account.id, parsed.data.code, client);
      if (result.kind === "throttled") return throttled(result, "code");
      if (result.kind !== "ok") return reply([CODE_FAILED], 401, "code");
      await consumeToken(db, token);
      return done(result, fields.next);
    }

    const parsed = signInSchema.safeParse(fields);
    if (!parsed.success) return reply(problems(parsed.error), 400, "password");
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

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const step = actionData?.step ?? loaderData.step;
  if (loaderData.setup) {
    return (
      <section className="mx-auto max-w-xl">
        <h1 className="text-2xl font-bold">No staff accounts yet</h1>
        <p className="mt-3">The desk has no accounts yet. On the server, in the site's folder and with the same settings as the server, run:</p>
        <pre className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-sm text-slate-100">
          <code>{loaderData.setup}</code>
        </pre>
        <p className="mt-3">It prints a link, valid for 24 hours, where you choose your password. Then sign in here.</p>
      </section>
    );
  }
  return (
    <AuthCard
      title={step === "code" ? "Two-factor sign-in" : "Sign in to the desk"}
      notice={actionData ? null : loaderData.notice}
      errors={actionData?.errors}
      errorTitle="Not signed in"
    >
      {step === "code" ? (
        <>
          <Form method="post" className="space-y-4" replace>
            <input type="hidden" name="next" value={loaderData.next} />
            <Field id="code" label="Code from your authenticator app, or a recovery code">
              <input
                id="code"
                name="code"
                className={deskInput}
                autoComplete="one-time-code"
                inputMode="text"
                required
                maxLength={40}
                // biome-ignore lint/a11y/noAutofocus: the only field of this step, reached by submitting the previous one
                autoFocus
              />
            </Field>
            <button type="submit" name="intent" value="code" className={`${deskPrimary} w-full`} disabled={busy}>
              {busy ? "Checking…" : "Sign in"}
            </button>
          </Form>
          <Form method="post" className="mt-3" replace>
            <button type="submit" name="intent" value="cancel" className={`${deskSecondary} w-full`}>
              Start again
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" className="space-y-4" replace>
          <input type="hidden" name="next" value={loaderData.next} />
          <AccountEmailField defaultValue={actionData?.email ?? ""} />
          <Field id="password" label="Password">
            <input id="password" name="password" type="password" className={deskInput} autoComplete="current-password" required maxLength={256} />
          </Field>
          <button type="submit" name="intent" value="password" className={`${deskPrimary} w-full`} disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
          <p className="text-sm">
            <Link to="/desk/forgot-password" className={deskLink}>
              Forgot your password?
            </Link>
          </p>
        </Form>
      )}
    </AuthCard>
  );
}
