import { Form, Link, useNavigation } from "react-router";
import { AccountEmailField, AuthCard } from "~/ui/desk/kit";
import { deskInput, deskLink, deskPrimary, deskSecondary, Field } from "~/ui/desk/ui";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import type { Route } from "./+types/sign-in";
import { loadSignIn, signInAction } from "~/features/staff/sign-in-screen.server";

export const meta = () => [{ title: "Sign in · Fillway desk" }];
export const headers = ({ actionHeaders, loaderHeaders }: Route.HeadersArgs) => {
  const h = new Headers(DESK_HEADERS);
  const retry = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retry) h.set("Retry-After", retry);
  return h;
};

export const loader = (args: Route.LoaderArgs) => loadSignIn(args);
export const action = (args: Route.ActionArgs) => signInAction(args);

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
