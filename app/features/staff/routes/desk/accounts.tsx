import { Form, useNavigation } from "react-router";
import { deskInput, deskPrimary, ErrorList, Field, Notice, PageTitle } from "~/ui/desk/ui";
import { AccountsTable, ConfirmChange } from "~/features/staff/components/accounts-table";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import type { Route } from "./+types/accounts";
import { loadAccounts, accountsAction } from "~/features/staff/accounts-screen.server";

export const meta = () => [{ title: "Accounts · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadAccounts(args);
export const action = (args: Route.ActionArgs) => accountsAction(args);

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const typed = actionData?.typed ?? {};
  return (
    <>
      <PageTitle>Accounts</PageTitle>
      <ErrorList errors={actionData?.errors} title="Nothing changed" />
      {actionData?.confirm ? <ConfirmChange confirm={actionData.confirm} busy={busy} /> : null}
      {actionData?.notice ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-brand-700 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100"
        >
          <p>{actionData.notice}</p>
        </div>
      ) : null}
      <section aria-labelledby="add-heading" className="mb-8 rounded-md border border-slate-300 p-4 dark:border-slate-700">
        <h2 id="add-heading" className="text-lg font-bold">
          Add an account
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" key={actionData?.notice ?? "add"}>
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
      <AccountsTable accounts={loaderData.accounts} roles={loaderData.roles} busy={busy} />
      <Notice>Disabling or resetting an account ends its sessions at once. Every change here is written to the audit log.</Notice>
    </>
  );
}
