import { z } from "zod";
import { data, Form, Link, useNavigation } from "react-router";
import { AccountEmailField, AuthCard } from "~/ui/desk/kit";
import { deskLink, deskPrimary } from "~/ui/desk/ui";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { audit } from "~/features/staff/audit.server";
import { crossSiteReason } from "~/features/staff/csrf.server";
import { formFields } from "~/features/staff/forms.server";
import { requestPasswordReset } from "~/features/staff/password-reset.server";
import type { Route } from "./+types/forgot-password";
import { issueMessages } from "~/shared/forms/issues";

export const meta = () => [{ title: "Forgot your password? · Fillway desk" }];
export const headers = () => DESK_HEADERS;

/** The same answer whether or not the address has an account. */
const SENT = "If this address belongs to a desk account, we have sent it a link to choose a new password. The link works once, within one hour.";

const schema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address").max(254, "This address is too long").email("Enter a valid e-mail address"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const services = deskServices(context);
  if (crossSiteReason(request)) throw new Response("Cross-site requests to the desk are refused.", { status: 403, headers: DESK_HEADERS });
  const fields = await formFields(request);
  const parsed = schema.safeParse({ email: fields.email ?? "" });
  if (!parsed.success) return data({ errors: issueMessages(parsed.error), sent: null, email: fields.email ?? "" }, { status: 400, headers: DESK_HEADERS });
  const sent = await requestPasswordReset(services, parsed.data.email);
  if (sent) await audit(services.db, { staffId: null, action: "account.reset-requested", subject: parsed.data.email.toLowerCase() });
  return data({ errors: null as string[] | null, sent: SENT, email: "" }, { headers: DESK_HEADERS });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Forgot your password?"
      intro={<p className="mt-3 text-sm">Enter the e-mail address of your desk account. We send it a link to choose a new password.</p>}
      notice={actionData?.sent}
      errors={actionData?.errors}
      errorTitle="No link was sent"
    >
      <Form method="post" className="space-y-4" replace>
        <AccountEmailField defaultValue={actionData?.email ?? ""} />
        <button type="submit" className={`${deskPrimary} w-full`} disabled={busy}>
          {busy ? "Sending…" : "Send me a link"}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/desk/sign-in" className={deskLink}>
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
