import { brand } from "~/copy/brand";
import { escapeHtml, htmlShell, type MailContent } from "~/platform/outbox/templates.server";

/** A desk password-reset link: valid for an hour, once. */
export function passwordResetMail(link: string, siteUrl: string): MailContent {
  const subject = `Reset your ${brand.name} desk password`;
  const text = `Someone (we hope you) asked to reset the password of your ${brand.name} desk account.

Choose a new password here:
${link}

The link works once, within one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.

${siteUrl}
`;
  const html = htmlShell(
    subject,
    `<p>Someone (we hope you) asked to reset the password of your ${escapeHtml(brand.name)} desk account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once, within one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
<p style="word-break:break-all">${escapeHtml(link)}</p>`,
  );
  return { subject, text, html };
}

/**
 * To the owner of a desk account that sees a run of failed sign-ins (once per window):
 * what happened, that the account is not locked, and what to do if it was not them.
 */
export function signInFailuresMail(input: { step: "password" | "code"; failures: number; windowMinutes: number }, siteUrl: string): MailContent {
  const subject = `Failed sign-ins to your ${brand.name} desk account`;
  const what =
    input.step === "code"
      ? `${input.failures} wrong two-factor codes were entered for your ${brand.name} desk account within ${input.windowMinutes} minutes, after the right password.`
      : `${input.failures} sign-ins to your ${brand.name} desk account failed within ${input.windowMinutes} minutes (a wrong password).`;
  const todo =
    input.step === "code"
      ? "If that was not you, someone knows your password: change it now on your account page, and tell an administrator."
      : "If that was you, nothing needs doing. If not, someone may be guessing your password: make sure it is long and used nowhere else, and turn on two-factor sign-in on your account page.";
  const calm = "Your account is not locked: the attempts are slowed down and then refused for the address they come from, and you can still sign in as usual.";
  const account = `${siteUrl}/desk/account`;
  const text = `${what}

${calm}

${todo}
${account}

${siteUrl}
`;
  const html = htmlShell(
    subject,
    `<p>${escapeHtml(what)}</p>
<p>${escapeHtml(calm)}</p>
<p>${escapeHtml(todo)}</p>
<p><a href="${escapeHtml(account)}">Your account page</a></p>`,
  );
  return { subject, text, html };
}

/**
 * An invitation to the desk (a new account, or a reset by an administrator): who asked,
 * the role, and the one-time link that sets the password.
 */
export function invitationMail(input: { link: string; invitedBy: string; role: string; reset: boolean; hours: number }, siteUrl: string): MailContent {
  const subject = input.reset ? `Choose a new password for the ${brand.name} desk` : `You are invited to the ${brand.name} desk`;
  const why = input.reset
    ? `${input.invitedBy} reset your ${brand.name} desk account (role: ${input.role}). Your old password no longer works.`
    : `${input.invitedBy} added you to the ${brand.name} desk as ${input.role}.`;
  const how = `The link works once, within ${input.hours} hours. If it has expired, ask ${input.invitedBy} to send the invitation again.`;
  const text = `${why}

Choose your password here:
${input.link}

${how}

${siteUrl}
`;
  const html = htmlShell(
    subject,
    `<p>${escapeHtml(why)}</p>
<p><a href="${escapeHtml(input.link)}">Choose your password</a></p>
<p>${escapeHtml(how)}</p>
<p style="word-break:break-all">${escapeHtml(input.link)}</p>`,
  );
  return { subject, text, html };
}
