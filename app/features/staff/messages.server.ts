import { defineMessage, Undeliverable } from "~/platform/outbox/messages.server";
import { isPlainAddress } from "~/platform/outbox/templates.server";
import { invitationMail, passwordResetMail, signInFailuresMail } from "./mail.server";

/** A one-time link to choose a new password (password-reset.server.ts). */
export const passwordReset = defineMessage({
  name: "password-reset",
  label: "Password reset link",
  // The link sets a password: once sent, the outbox keeps no copy of it.
  forget: { payloadOnceSent: true },
  render: (ctx) => {
    const to = ctx.row.recipient ?? "";
    const link = typeof ctx.payload.link === "string" ? ctx.payload.link : "";
    if (!isPlainAddress(to) || !link) throw new Undeliverable("no address or no link");
    return {
      mail: { ...passwordResetMail(link, ctx.env.SITE_URL), to: [to], messageId: ctx.row.message_id ?? "", headers: { "Auto-Submitted": "auto-generated" } },
    };
  },
});

/** To the owner of an account that sees a run of failed sign-ins (sign-in.server.ts). */
export const signInFailures = defineMessage({
  name: "sign-in-failures",
  label: "Failed sign-ins notice",
  render: (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("no address");
    const { step, failures, windowMinutes } = ctx.payload;
    const content = signInFailuresMail(
      { step: step === "code" ? "code" : "password", failures: Number(failures) || 0, windowMinutes: Number(windowMinutes) || 15 },
      ctx.env.SITE_URL,
    );
    return { mail: { ...content, to: [to], messageId: ctx.row.message_id ?? "", headers: { "Auto-Submitted": "auto-generated" } } };
  },
});

/** A new account's invitation, or an administrator's reset, with its set-password link (invitations.server.ts). */
export const staffInvitation = defineMessage({
  name: "staff-invitation",
  label: "Desk invitation",
  // The link sets a password: once sent, the outbox keeps no copy of it.
  forget: { payloadOnceSent: true },
  render: (ctx) => {
    const to = ctx.row.recipient ?? "";
    const { link, invitedBy, role, reset } = ctx.payload;
    if (!isPlainAddress(to) || typeof link !== "string" || !link) throw new Undeliverable("no address or no link");
    const content = invitationMail(
      {
        link,
        invitedBy: typeof invitedBy === "string" && invitedBy ? invitedBy : "An administrator",
        role: String(role ?? ""),
        reset: reset === true,
        hours: 24,
      },
      ctx.env.SITE_URL,
    );
    return { mail: { ...content, to: [to], messageId: ctx.row.message_id ?? "", headers: { "Auto-Submitted": "auto-generated" } } };
  },
});

export const staffMessages = [passwordReset, signInFailures, staffInvitation] as const;
