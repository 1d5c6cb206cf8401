import { data, Form, useNavigation } from "react-router";
import { AuthCard } from "~/ui/desk/kit";
import { deskInput, deskPrimary, Field } from "~/ui/desk/ui";
import { setPassword, tokenAccount, consumeToken } from "~/features/staff/accounts.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { audit } from "~/features/staff/audit.server";
import { signInAfterPasswordSet } from "~/features/staff/sign-in-screen.server";
import { crossSiteReason } from "~/features/staff/csrf.server";
import { formFields, newPasswordSchema } from "~/features/staff/forms.server";
import { passwordProblem } from "~/features/staff/password-policy.server";
import { MIN_PASSWORD_LENGTH } from "~/features/staff/password.server";
import type { Route } from "./+types/set-password";
import { issueMessages } from "~/shared/forms/issues";

export const meta = () => [{ title: "Choose your password · Fillway desk" }];
/**
 * The link's token never leaves in a Referer to another site. "same-origin", not
 * "no-referrer": under no-referrer a browser sends "Origin: null" with the page's own form
 * post (before the page's JavaScript has loaded, or without it), which is refused as
 * cross-site.
 */
const TOKEN_PAGE_HEADERS = { ...DESK_HEADERS, "Referrer-Policy": "same-origin" };
export const headers = () => TOKEN_PAGE_HEADERS;

const EXPIRED = "This link has expired or has been used. Ask an admin for a new one.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = deskServices(context);
  const account = await tokenAccount(db, params.token, "set-password");
  return data({ email: account?.email ?? null, minLength: MIN_PASSWORD_LENGTH }, { status: account ? 200 : 410, headers: TOKEN_PAGE_HEADERS });
}

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const { db } = deskServices(context);
  if (crossSiteReason(request)) throw new Response("Cross-site requests to the desk are refused.", { status: 403, headers: DESK_HEADERS });
  const account = await tokenAccount(db, params.token, "set-password");
  if (!account) return data({ errors: [EXPIRED] }, { status: 410, headers: DESK_HEADERS });
  const parsed = newPasswordSchema.safeParse(await formFields(request));
  if (!parsed.success) return data({ errors: issueMessages(parsed.error) }, { status: 400, headers: DESK_HEADERS });
  const problem = passwordProblem(parsed.data.password, account.email);
  if (problem) return data({ errors: [problem] }, { status: 400, headers: DESK_HEADERS });
  if (!(await consumeToken(db, params.token))) return data({ errors: [EXPIRED] }, { status: 410, headers: DESK_HEADERS });
  await setPassword(db, account.id, parsed.data.password);
  await audit(db, { staffId: account.id, action: "account.password-set", subject: account.email, detail: { via: "link" } });
  return signInAfterPasswordSet(args, account);
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.email) {
    return (
      <section className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold">Link expired</h1>
        <p className="mt-3">{EXPIRED}</p>
      </section>
    );
  }
  return (
    <AuthCard
      title="Choose your password"
      intro={
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          For <strong>{loaderData.email}</strong>. At least {loaderData.minLength} characters, not a common password; a few unrelated words make a good one.
        </p>
      }
      errors={actionData?.errors}
      errorTitle="Password not set"
    >
      <Form method="post" className="space-y-4">
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <Field id="password" label="New password">
          <input
            id="password"
            name="password"
            type="password"
            className={deskInput}
            autoComplete="new-password"
            required
            minLength={loaderData.minLength}
            maxLength={256}
          />
        </Field>
        <Field id="confirm" label="The same password again">
          <input id="confirm" name="confirm" type="password" className={deskInput} autoComplete="new-password" required maxLength={256} />
        </Field>
        <button type="submit" className={`${deskPrimary} w-full`} disabled={busy}>
          {busy ? "Saving…" : "Set password"}
        </button>
      </Form>
    </AuthCard>
  );
}
