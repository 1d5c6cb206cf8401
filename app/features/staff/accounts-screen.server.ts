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
import { formFields } from "~/features/staff/forms.server";
import { sendInvitation } from "~/features/staff/invitations.server";
import type { DeskArgs } from "~/features/staff/desk-guard.server";
import { issueMessages } from "~/shared/forms/issues";

/**
 * The accounts screen (routes/desk/accounts.tsx): list, add (the invitation goes by e-mail),
 * send the invitation again, change a role, disable, reset. A role change, a disable and a
 * reset first answer with a question naming the person; they happen once confirmed.
 */

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
  z.object({ intent: z.literal("role"), id: idSchema, role: roleSchema, confirmed: z.literal("yes").optional() }),
  z.object({ intent: z.enum(["disable", "enable", "reset", "reset-2fa", "invite"]), id: idSchema, confirmed: z.literal("yes").optional() }),
]);

/** A change that waits for "Yes": what it is, in words naming the person, and the fields to send again. */
export type Confirm = { question: string; yes: string; fields: Record<string, string> };

export async function loadAccounts({ context }: DeskArgs) {
  const { db } = deskServices(context);
  return data({ accounts: await listAccounts(db), roles: ROLES }, { headers: DESK_HEADERS });
}

type Result = { errors: string[] | null; notice: string | null; confirm: Confirm | null; typed: Record<string, string> };

export async function accountsAction({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db, env } = deskServices(context);
  const fields = await formFields(request);
  const reply = (r: Partial<Result>, status = 200) =>
    data<Result>({ errors: null, notice: null, confirm: null, typed: fields.intent === "add" ? fields : {}, ...r }, { status, headers: DESK_HEADERS });
  const inviter = { id: me.id, name: me.name ?? me.email };
  const services = deskServices(context);
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success) return reply({ errors: issueMessages(parsed.error) }, 400);
  const input = parsed.data;
  if (input.intent === "add") {
    try {
      const { account } = await createAccount(db, env, { email: input.email, role: input.role, name: input.name });
      await sendInvitation(services, account, inviter);
      await audit(db, { staffId: me.id, action: "account.add", subject: account.email, detail: { role: account.role, invited: true } });
      return reply({
        notice: `Added ${account.email} (${account.role}). The invitation e-mail is on its way: its link sets the password, works once and expires in 24 hours.`,
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
  const who = account.name ? `${account.name} (${account.email})` : account.email;
  if (input.intent !== "enable" && input.intent !== "invite" && !input.confirmed) {
    const fields: Record<string, string> = {
      intent: input.intent,
      id: String(account.id),
      confirmed: "yes",
      ...(input.intent === "role" ? { role: input.role } : {}),
    };
    const ask = {
      role: {
        question: `Change the role of ${who} from ${account.role} to ${"role" in input ? input.role : ""}?`,
        yes: `Yes, make ${account.email} ${"role" in input ? input.role : ""}`,
      },
      disable: { question: `Disable ${who}? Their sessions end at once and they cannot sign in until enabled again.`, yes: `Yes, disable ${account.email}` },
      reset: {
        question: `Reset ${who}? Their password stops working, every session ends, and they get an e-mail to choose a new one.`,
        yes: `Yes, reset ${account.email}`,
      },
      "reset-2fa": {
        question: `Reset ${who} with two-factor? Their password and authenticator app stop working, every session ends, and they get an e-mail to choose a new password.`,
        yes: `Yes, reset ${account.email} and two-factor`,
      },
    }[input.intent];
    return reply({ confirm: { ...ask, fields } });
  }
  switch (input.intent) {
    case "invite": {
      if (account.disabled) return reply({ errors: [`${account.email} is disabled: enable the account first.`] }, 409);
      await sendInvitation(services, account, inviter);
      await audit(db, { staffId: me.id, action: "account.invite", subject: account.email });
      return reply({ notice: `The invitation went to ${account.email} again; the link sent before no longer works.` });
    }
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
      await resetAccount(db, env, account.id, { twoFactor });
      await sendInvitation(services, account, inviter, { reset: true });
      await audit(db, { staffId: me.id, action: "account.reset", subject: account.email, detail: { twoFactor } });
      return reply({
        notice: `Reset ${account.email}: the old password no longer works${twoFactor ? ", two-factor sign-in is off" : ""} and every session has ended. An e-mail with a link to choose a new password is on its way (24 hours).`,
      });
    }
  }
}
