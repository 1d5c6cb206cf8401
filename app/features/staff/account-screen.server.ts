import { data, redirect } from "react-router";
import { renderSVG } from "uqr";
import { z } from "zod";
import {
  beginTwoFactor,
  confirmTwoFactor,
  disableTwoFactor,
  findAccount,
  newRecoveryCodes,
  pendingTwoFactor,
  setPassword,
  unusedRecoveryCodes,
} from "~/features/staff/accounts.server";
import { currentStaff, DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { formFields, newPasswordSchema } from "~/features/staff/forms.server";
import { passwordProblem } from "~/features/staff/password-policy.server";
import { MAX_PASSWORD_LENGTH } from "~/features/staff/password.server";
import { deleteSessionsOf, listSessions, serializeCookie } from "~/features/staff/session.server";
import { checkCurrentPassword } from "~/features/staff/current-password.server";
import type { DeskArgs } from "~/features/staff/desk-guard.server";
import { setStaffTimeZone } from "~/features/staff/time-zone.server";
import { staffTimeZone, timeZoneNames } from "~/features/staff/time-zone";
import { issueMessages } from "~/shared/forms/issues";

/** Your account (routes/desk/account.tsx): name, password, two-factor sign-in and sessions. */

const current = z.string().min(1, "Enter your current password.").max(MAX_PASSWORD_LENGTH, "That password is too long.");
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("password"), current, password: z.string(), confirm: z.string() }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
  z.object({ intent: z.literal("2fa-begin") }),
  z.object({
    intent: z.literal("2fa-confirm"),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Enter the 6-digit code your app shows."),
  }),
  z.object({ intent: z.enum(["2fa-codes", "2fa-off"]), current }),
  z.object({ intent: z.literal("time-zone"), zone: z.string().trim().max(64, "Choose a time zone from the list.") }),
]);

export async function loadAccount({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db, env } = deskServices(context);
  const session = await currentStaff(request, context);
  const account = (await findAccount(db, { id: me.id }))!;
  const pending = account.twoFactor ? null : await pendingTwoFactor(db, env, me.id, me.email);
  const sessions = (await listSessions(db, me.id)).map((s) => ({
    current: s.id === session?.sessionId,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    device: s.userAgent ?? "Unknown browser",
  }));
  return data(
    {
      me,
      twoFactor: account.twoFactor,
      required: env.DESK_REQUIRE_2FA && me.role === "admin",
      recoveryLeft: account.twoFactor ? await unusedRecoveryCodes(db, me.id) : 0,
      pending: pending
        ? { secret: pending.secret, uri: pending.uri, qr: `data:image/svg+xml;base64,${Buffer.from(renderSVG(pending.uri, { border: 2 })).toString("base64")}` }
        : null,
      sessions,
      timeZone: staffTimeZone(me),
      zones: timeZoneNames(),
    },
    { headers: DESK_HEADERS },
  );
}

type Result = { errors: string[] | null; notice: string | null; codes: string[] | null; form: string };

export async function accountAction({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const services = deskServices(context);
  const { db, env } = services;
  const session = await currentStaff(request, context);
  const fields = await formFields(request);
  const form = fields.intent ?? "";
  const reply = (r: Partial<Result>, status = 200) => data<Result>({ errors: null, notice: null, codes: null, form, ...r }, { status, headers: DESK_HEADERS });
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success) return reply({ errors: issueMessages(parsed.error) }, 400);
  const input = parsed.data;
  // The current password guards the changes a stolen session must not make: wrong guesses
  // are slowed, written to the audit log and, at the limit, refused for a while.
  const wrongCurrent = () => reply({ errors: ["Your current password is not right."] }, 400);
  const tooMany = (retryAfter: number) =>
    data<Result>(
      {
        errors: [`Too many wrong passwords. Try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? "s" : ""}.`],
        notice: null,
        codes: null,
        form,
      },
      { status: 429, headers: { ...DESK_HEADERS, "Retry-After": String(retryAfter) } },
    );
  const checkCurrent = async (password: string) => {
    const check = await checkCurrentPassword(services, me, password);
    if (check.kind === "throttled") return tooMany(check.retryAfter);
    return check.kind === "wrong" ? wrongCurrent() : null;
  };
  switch (input.intent) {
    case "password": {
      const pw = newPasswordSchema.safeParse(input);
      if (!pw.success) return reply({ errors: issueMessages(pw.error) }, 400);
      const problem = passwordProblem(input.password, me.email);
      if (problem) return reply({ errors: [problem] }, 400);
      const refused = await checkCurrent(input.current);
      if (refused) return refused;
      await setPassword(db, me.id, input.password, session?.sessionId);
      await audit(db, { staffId: me.id, action: "account.password-change", subject: me.email });
      return reply({ notice: "Your password is changed, and every other session has been signed out." });
    }
    case "sign-out-everywhere": {
      const n = await deleteSessionsOf(db, me.id);
      await audit(db, { staffId: me.id, action: "sign-out.everywhere", subject: me.email, detail: { sessions: n } });
      const headers = new Headers(DESK_HEADERS);
      headers.append("Set-Cookie", serializeCookie(env, "desk", "", 0));
      return redirect("/desk/sign-in?signed-out", { headers });
    }
    case "2fa-begin":
      await beginTwoFactor(db, env, me.id, me.email);
      return reply({});
    case "2fa-confirm": {
      const codes = await confirmTwoFactor(db, env, me.id, me.email, input.code);
      if (!codes) return reply({ errors: ["That code is not right. Check your phone's clock and try the code now shown."] }, 400);
      await audit(db, { staffId: me.id, action: "account.2fa-on", subject: me.email });
      return reply({ notice: "Two-factor sign-in is on.", codes });
    }
    case "time-zone": {
      const zone = input.zone || null;
      if (!(await setStaffTimeZone(db, me.id, zone))) return reply({ errors: ["Choose a time zone from the list."] }, 400);
      await audit(db, { staffId: me.id, action: "account.time-zone", subject: me.email, detail: { zone } });
      return reply({ notice: zone ? `Times are now shown in ${zone}.` : "Times are now shown in this browser's time zone." });
    }
    case "2fa-codes":
    case "2fa-off": {
      const refused = await checkCurrent(input.current);
      if (refused) return refused;
      if (input.intent === "2fa-codes") {
        const codes = await newRecoveryCodes(db, me.id);
        await audit(db, { staffId: me.id, action: "account.2fa-recovery-codes", subject: me.email });
        return reply({ notice: "New recovery codes; the old ones no longer work.", codes });
      }
      if (env.DESK_REQUIRE_2FA && me.role === "admin") return reply({ errors: ["Admins must keep two-factor sign-in on here."] }, 409);
      await disableTwoFactor(db, me.id);
      await audit(db, { staffId: me.id, action: "account.2fa-off", subject: me.email });
      return reply({ notice: "Two-factor sign-in is off." });
    }
  }
}
