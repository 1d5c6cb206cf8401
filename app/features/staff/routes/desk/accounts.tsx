import { Form, useNavigation } from "react-router";
import { deskDanger, deskInput, deskPrimary, deskSecondary, deskTable, deskTd, deskTh, ErrorList, Field, Notice, PageTitle } from "~/ui/desk/ui";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import type { Route } from "./+types/accounts";
import { loadAccounts, accountsAction } from "~/features/staff/accounts-screen.server";

export const meta = () => [{ title: "Accounts · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadAccounts(args);
export const action = (args: Route.ActionArgs) => accountsAction(args);

const when = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "Never");

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const typed = actionData?.typed ?? {};
  return (
    <>
      <PageTitle>Accounts</PageTitle>
      <ErrorList errors={actionData?.errors} title="Nothing changed" />
      {actionData?.notice ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-brand-700 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100"
        >
          <p>{actionData.notice}</p>
          {actionData.link ? (
            <p className="mt-2">
              <label htmlFor="set-password-link" className="font-semibold">
                Set-password link
              </label>
              <input id="set-password-link" readOnly value={actionData.link} className={`${deskInput} mt-1 font-mono`} />
            </p>
          ) : null}
        </div>
      ) : null}
      <section aria-labelledby="add-heading" className="mb-8 rounded-md border border-slate-300 p-4 dark:border-slate-700">
        <h2 id="add-heading" className="text-lg font-bold">
          Add an account
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" key={actionData?.link ?? "add"}>
          <Field id="add-email" label="E-mail">
            <input id="add-email" name="email" type="email" required maxLength={254} defaultValue={typed.email ?? ""} className={deskInput} />
          </Field>
          <Field id="add-name" label="Name (optional)">
            <input id="add-name" name="name" maxLength={100} defaultValue={typed.name ?? ""} className={deskInput} />
          </Field>
          <Field id="add-role" label="Role">
            <select id="add-role" name="role" defaultValue={typed.role ?? "sales"} className={deskInput}>
              {loaderData.roles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" name="intent" value="add" className={deskPrimary} disabled={busy}>
            Add account
          </button>
        </Form>
      </section>
      <div className="overflow-x-auto">
        <table className={deskTable}>
          <caption className="sr-only">Staff accounts</caption>
          <thead>
            <tr>
              {["E-mail", "Name", "Role", "State", "Two-factor", "Last sign-in", "Actions"].map((h) => (
                <th key={h} scope="col" className={deskTh}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loaderData.accounts.map((a) => (
              <tr key={a.id}>
                <th scope="row" className={`${deskTd} font-semibold`}>
                  {a.email}
                </th>
                <td className={deskTd}>{a.name ?? ""}</td>
                <td className={deskTd}>
                  <Form method="post" className="flex items-center gap-1">
                    <input type="hidden" name="id" value={a.id} />
                    <label htmlFor={`role-${a.id}`} className="sr-only">
                      Role of {a.email}
                    </label>
                    <select id={`role-${a.id}`} name="role" defaultValue={a.role} className={`${deskInput} w-auto`}>
                      {loaderData.roles.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                    <button type="submit" name="intent" value="role" className={deskSecondary} aria-label={`Save role of ${a.email}`}>
                      Save
                    </button>
                  </Form>
                </td>
                <td className={deskTd}>{a.disabled ? "Disabled" : a.hasPassword ? "Active" : "No password yet"}</td>
                <td className={deskTd}>{a.twoFactor ? "On" : "Off"}</td>
                <td className={`${deskTd} whitespace-nowrap`}>{when(a.lastSignInAt)}</td>
                <td className={deskTd}>
                  <Form method="post" className="flex flex-wrap gap-1">
                    <input type="hidden" name="id" value={a.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={a.disabled ? "enable" : "disable"}
                      className={a.disabled ? deskSecondary : deskDanger}
                      aria-label={`${a.disabled ? "Enable" : "Disable"} ${a.email}`}
                    >
                      {a.disabled ? "Enable" : "Disable"}
                    </button>
                    <button type="submit" name="intent" value="reset" className={deskSecondary} aria-label={`Reset password of ${a.email}`}>
                      Reset password
                    </button>
                    {a.twoFactor ? (
                      <button
                        type="submit"
                        name="intent"
                        value="reset-2fa"
                        className={deskSecondary}
                        aria-label={`Reset password and two-factor of ${a.email}`}
                      >
                        Reset with two-factor
                      </button>
                    ) : null}
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Notice>Disabling or resetting an account ends its sessions at once. Every change here is written to the audit log.</Notice>
    </>
  );
}
