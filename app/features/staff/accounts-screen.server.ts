import { data } from "react-router";
import { z } from "zod";
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
import type { DeskArgs } from "~/features/staff/desk-guard.server";

/** The accounts screen (routes/desk/accounts.tsx): list, add, change a role, disable, reset. */

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

export async function loadAccounts({ context }: DeskArgs) {
  const { db } = deskServices(context);
  return data({ accounts: await listAccounts(db), roles: ROLES }, { headers: DESK_HEADERS });
}

type Result = { errors: string[] | null; notice: string | null; link: string | null; typed: Record<string, string> };

export async function accountsAction({ request, context }: DeskArgs) {
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
