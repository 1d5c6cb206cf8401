import { Form } from "react-router";
import { deskDanger, deskInput, deskPrimary, deskSecondary, deskTable, deskTd, deskTh } from "~/ui/desk/ui";
import { When } from "~/ui/desk/time";
import type { Account } from "~/features/staff/accounts.server";
import type { Confirm } from "~/features/staff/accounts-screen.server";

/** The accounts screen's table: each account with its role menu and its actions. */

export function AccountsTable({ accounts, roles, busy }: { accounts: Account[]; roles: readonly string[]; busy: boolean }) {
  return (
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
          {accounts.map((a) => (
            <tr key={a.id}>
              <th scope="row" className={`${deskTd} font-semibold`}>
                {a.email}
              </th>
              <td className={deskTd}>{a.name ?? ""}</td>
              <td className={`${deskTd} min-w-[13rem]`}>
                <Form method="post" className="flex flex-wrap items-center gap-1">
                  <input type="hidden" name="id" value={a.id} />
                  <label htmlFor={`role-${a.id}`} className="sr-only">
                    Role of {a.email}
                  </label>
                  <select id={`role-${a.id}`} name="role" defaultValue={a.role} className={`${deskInput} w-auto min-w-[8.5rem]`}>
                    {roles.map((r) => (
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
              <td className={deskTd}>
                {a.disabled ? "Disabled" : a.hasPassword ? "Active" : "No password yet"}
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Added <When iso={a.createdAt} />
                </span>
              </td>
              <td className={deskTd}>{a.twoFactor ? "On" : "Off"}</td>
              <td className={`${deskTd} whitespace-nowrap`}>{a.lastSignInAt ? <When iso={a.lastSignInAt} /> : "Never"}</td>
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
                  {!a.disabled ? (
                    <button
                      type="submit"
                      name="intent"
                      value="invite"
                      disabled={busy}
                      className={deskSecondary}
                      aria-label={`Send the invitation again to ${a.email}`}
                    >
                      Send the invitation again
                    </button>
                  ) : null}
                  {a.twoFactor ? (
                    <button type="submit" name="intent" value="reset-2fa" className={deskSecondary} aria-label={`Reset password and two-factor of ${a.email}`}>
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
  );
}

/** A role change, a disable or a reset, asked about by name before it happens. */
export function ConfirmChange({ confirm, busy }: { confirm: Confirm; busy: boolean }) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-question" className="mb-4 rounded-md border-2 border-amber-600 p-3">
      <p id="confirm-question" className="font-semibold">
        {confirm.question}
      </p>
      <Form method="post" className="mt-2 flex flex-wrap gap-2">
        {Object.entries(confirm.fields).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <button type="submit" className={confirm.fields.intent === "role" ? deskPrimary : deskDanger} disabled={busy}>
          {confirm.yes}
        </button>
        <a href="/desk/accounts" className={deskSecondary}>
          Cancel
        </a>
      </Form>
    </div>
  );
}
