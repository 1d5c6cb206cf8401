import { Form, useLocation, useNavigation } from "react-router";
import { deskDanger, deskInput, deskPrimary, deskSecondary, ErrorList, Field, PageTitle } from "~/ui/desk/ui";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { Section, SessionsSection, TimeZoneSection } from "~/features/staff/components/account-sections";
import type { Route } from "./+types/account";
import { loadAccount, accountAction } from "~/features/staff/account-screen.server";

export const meta = () => [{ title: "Your account · Fillway desk" }];
export const headers = ({ actionHeaders }: Route.HeadersArgs) => {
  const h = new Headers(DESK_HEADERS);
  const retry = actionHeaders.get("Retry-After");
  if (retry) h.set("Retry-After", retry);
  return h;
};

export const loader = (args: Route.LoaderArgs) => loadAccount(args);
export const action = (args: Route.ActionArgs) => accountAction(args);

export default function Account({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const params = new URLSearchParams(useLocation().search);
  const errorsFor = (form: string) => (a?.form === form ? a.errors : null);
  const noticeFor = (form: string) =>
    a?.form === form && a.notice ? (
      <p
        role="status"
        className="mb-3 rounded-md border border-brand-700 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100"
      >
        {a.notice}
      </p>
    ) : null;
  return (
    <>
      <PageTitle>Your account</PageTitle>
      <p className="mb-6">
        Signed in as <strong>{d.me.email}</strong> ({d.me.role}).
      </p>
      {params.get("two-factor") === "required" && !d.twoFactor ? (
        <p
          role="alert"
          className="mb-6 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50"
        >
          Admins must use two-factor sign-in. Set it up below to open the rest of the desk.
        </p>
      ) : null}

      <Section id="two-factor" title="Two-factor sign-in">
        <ErrorList errors={errorsFor("2fa-confirm") ?? errorsFor("2fa-codes") ?? errorsFor("2fa-off")} title="Nothing changed" />
        {noticeFor("2fa-confirm") ?? noticeFor("2fa-codes") ?? noticeFor("2fa-off")}
        {a?.codes ? (
          <div className="mb-4">
            <p className="font-semibold">Your recovery codes</p>
            <p className="text-sm">Each works once, instead of a code from your app. Keep them somewhere safe; they are not shown again.</p>
            <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono sm:grid-cols-5">
              {a.codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {d.twoFactor ? (
          <>
            <p>
              On. {d.recoveryLeft} unused recovery code{d.recoveryLeft === 1 ? "" : "s"} left.
            </p>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
              <Field id="tf-current" label="Current password">
                <input id="tf-current" name="current" type="password" autoComplete="current-password" required className={deskInput} />
              </Field>
              <button type="submit" name="intent" value="2fa-codes" className={deskSecondary} disabled={busy}>
                New recovery codes
              </button>
              {d.required ? null : (
                <button type="submit" name="intent" value="2fa-off" className={deskDanger} disabled={busy}>
                  Turn off
                </button>
              )}
            </Form>
          </>
        ) : d.pending ? (
          <>
            <p>Scan this code with your authenticator app, or type the key, then enter the 6-digit code it shows.</p>
            <div className="mt-3 flex flex-wrap items-start gap-4">
              <img src={d.pending.qr} alt="QR code for your authenticator app" width={176} height={176} className="rounded bg-white" />
              <div>
                <p className="text-sm font-semibold">Key</p>
                <p className="font-mono break-all" data-testid="totp-secret">
                  {d.pending.secret}
                </p>
              </div>
            </div>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
              <Field id="tf-code" label="Code from the app">
                <input id="tf-code" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} className={deskInput} />
              </Field>
              <button type="submit" name="intent" value="2fa-confirm" className={deskPrimary} disabled={busy}>
                Turn on
              </button>
            </Form>
          </>
        ) : (
          <>
            <p>Off. With it on, signing in also asks for a code from an app on your phone.</p>
            <Form method="post" className="mt-3">
              <button type="submit" name="intent" value="2fa-begin" className={deskPrimary} disabled={busy}>
                Set up two-factor sign-in
              </button>
            </Form>
          </>
        )}
      </Section>

      <Section id="password" title="Password">
        <ErrorList errors={errorsFor("password")} title="Password not changed" />
        {noticeFor("password")}
        <Form method="post" className="space-y-3">
          <input type="email" name="username" autoComplete="username" value={d.me.email} readOnly hidden />
          <Field id="pw-current" label="Current password">
            <input id="pw-current" name="current" type="password" autoComplete="current-password" required className={deskInput} />
          </Field>
          <Field id="pw-new" label="New password (at least 12 characters)">
            <input id="pw-new" name="password" type="password" autoComplete="new-password" required minLength={12} maxLength={256} className={deskInput} />
          </Field>
          <Field id="pw-confirm" label="The new password again">
            <input id="pw-confirm" name="confirm" type="password" autoComplete="new-password" required maxLength={256} className={deskInput} />
          </Field>
          <button type="submit" name="intent" value="password" className={deskPrimary} disabled={busy}>
            Change password
          </button>
        </Form>
      </Section>

      <TimeZoneSection
        saved={d.timeZone}
        zones={d.zones}
        status={
          <>
            <ErrorList errors={errorsFor("time-zone")} title="Time zone not changed" />
            {noticeFor("time-zone")}
          </>
        }
      />
      <SessionsSection sessions={d.sessions} />
    </>
  );
}
