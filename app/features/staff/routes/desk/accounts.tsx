import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { deskDanger, deskInput, deskPrimary, deskSecondary, deskTable, deskTd, deskTh, ErrorList, Field, Notice, PageTitle } from "~/ui/desk/ui";
import {
  AccountError,
  activeAdminCount,
  createAccount,
  EMAIL_RE,
  findAccount,
  listAccounts,
  resetAccount,
  setDisabled,
  setRole,
} from "~/features/staff/accounts.server";
import { DESK_HEADERS, deskServices, ROLES } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { formFields, problems } from "~/features/staff/forms.server";
import type { Route } from "./+types/accounts";

export const meta = () => [{ title: "Accounts · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const roleSchema = z.enum(["admin", "sales", "editor"], { message: "Choose a role: admin, sales or editor." });
const idSchema = z
  .string()
  .regex(/^\d{1,12}$/, "Choose an account from the list.")
  .transform(Number);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    email: z.string().trim().max(254, "That e-mail address is too long.").regex(EMAIL_RE, "Enter an e-mail address, like name@fillway.com."),
    name: z.string().trim().max(100, "Keep the name under 100 characters.").default(""),
    role: roleSchema,
  }),
  z.object({ intent: z.literal("role"), id: idSchema, role: roleSchema }),
  z.object({ intent: z.enum(["disable", "enable", "reset", "reset-2fa"]), id: idSchema }),
]);

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = deskServices(context);
  return data({ accounts: await listAccounts(db), roles: ROLES }, { headers: DESK_HEADERS });
}

type Result = { errors: string[] | null; notice: string | null; link: string | null; typed: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedIn(context);
  const { db, env } = deskServices(context);
  const fields = await formFields(request);
  const reply = (r: Partial<Result>, status = 200) =>
    data<Result>({ errors: null, notice: null, link: null, typed: fields.intent === "add" ? fields : {}, ...r }, { status, headers: DESK_HEADERS });
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success) return reply({ errors: problems(parsed.error) }, 400);
  const input = parsed.data;
  if (input.intent === "add") {
    try {
      const { account, link } = await createAccount(db, env, { email: input.email, role: input.role, name: input.name });
      await audit(db, { staffId: me.id, action: "account.add", subject: account.email, detail: { role: account.role } });
      return reply({
        notice: `Added ${account.email} (${account.role}). Send them this link; it sets the password, works once and expires in 24 hours.`,
        link,
        typed: {},
      });
    } catch (error) {
      if (error instanceof AccountError) return reply({ errors: [error.message] }, 409);
      throw error;
    }
  }
  const account = await findAccount(db, { id: input.id });
  if (!account) return reply({ errors: ["There is no such account."] }, 404);
  const losesAdmin = account.role === "admin" && !account.disabled && (input.intent === "disable" || (input.intent === "role" && input.role !== "admin"));
  if (losesAdmin && (await activeAdminCount(db)) <= 1) return reply({ errors: ["The desk needs at least one active admin: add another admin first."] }, 409);
  if (account.id === me.id && (input.intent === "disable" || input.intent === "role")) {
    return reply({ errors: ["You cannot disable your own account or change your own role; ask another admin."] }, 409);
  }
  switch (input.intent) {
    case "role":
      await setRole(db, account.id, input.role);
      await audit(db, { staffId: me.id, action: "account.role", subject: account.email, detail: { from: account.role, to: input.role } });
      return reply({ notice: `${account.email} is now ${input.role}.` });
    case "disable":
    case "enable":
      await setDisabled(db, account.id, input.intent === "disable");
      await audit(db, { staffId: me.id, action: `account.${input.intent}`, subject: account.email });
      return reply({ notice: input.intent === "disable" ? `Disabled ${account.email}; their sessions have ended.` : `Enabled ${account.email}.` });
    default: {
      const twoFactor = input.intent === "reset-2fa";
      const link = await resetAccount(db, env, account.id, { twoFactor });
      await audit(db, { staffId: me.id, action: "account.reset", subject: account.email, detail: { twoFactor } });
      return reply({
        notice: `Reset ${account.email}: the old password no longer works${twoFactor ? ", two-factor sign-in is off" : ""} and every session has ended. Send them this link; it expires in 24 hours.`,
        link,
      });
    }
  }
}

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
