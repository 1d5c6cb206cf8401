import { z } from "zod";
import { data, Form, useNavigation } from "react-router";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";

import { deleteByEmail, type Erasure, findByEmail, type PersonalData } from "~/features/leads/desk/privacy.server";
import { HeldBackups, items, summary } from "~/features/leads/components/desk/privacy-parts";
import { deskDanger, deskInput, deskPrimary, ErrorList, Field, Notice, PageTitle } from "~/ui/desk/ui";
import type { Route } from "./+types/privacy";
import { issueMessages } from "~/shared/forms/issues";

export const meta = () => [{ title: "Privacy requests · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = () => data({}, { headers: DESK_HEADERS });

const email = z
  .string()
  .trim()
  .min(1, "Enter the e-mail address")
  .max(254, "An e-mail address is at most 254 characters")
  .email("Enter a valid e-mail address");
const findSchema = z.object({ email });
const deleteSchema = z
  .object({ email, confirm: z.string().trim() })
  .refine((v) => v.confirm.toLowerCase() === v.email.toLowerCase(), { message: "Type the same e-mail address again to confirm", path: ["confirm"] });

type Found = PersonalData;
type ActionResult = {
  step: "find" | "confirm" | "done";
  errors: string[] | null;
  email: string;
  confirm?: string;
  found?: Found;
  /** After a deletion: the older backups that still hold the person. */
  held?: Erasure["backups"];
};

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedIn(context);
  const services = deskServices(context);
  const { db } = services;
  const form = await request.formData();
  const intent = form.get("intent");
  const typed = String(form.get("email") ?? "").slice(0, 300);
  if (intent === "find") {
    const parsed = findSchema.safeParse({ email: typed });
    if (!parsed.success) return data<ActionResult>({ step: "find", errors: issueMessages(parsed.error), email: typed }, { status: 422, headers: DESK_HEADERS });
    const found = await findByEmail(services, parsed.data.email);
    return data<ActionResult>({ step: "confirm", errors: null, email: parsed.data.email, found }, { headers: DESK_HEADERS });
  }
  if (intent === "delete") {
    const confirm = String(form.get("confirm") ?? "").slice(0, 300);
    const parsed = deleteSchema.safeParse({ email: typed, confirm });
    if (!parsed.success) {
      const found = findSchema.safeParse({ email: typed }).success ? await findByEmail(services, typed) : undefined;
      return data<ActionResult>(
        { step: found ? "confirm" : "find", errors: issueMessages(parsed.error), email: typed, confirm, found },
        { status: 422, headers: DESK_HEADERS },
      );
    }
    const removed = await deleteByEmail(services, parsed.data.email);
    // The log says that a deletion happened and how much it removed, never whose data it was.
    await audit(db, { staffId: me.id, action: "privacy.delete", subject: null, detail: { ...removed } });
    const { backups, logEmptied: _emptied, ...counts } = removed;
    return data<ActionResult>({ step: "done", errors: null, email: "", found: counts, held: backups }, { headers: DESK_HEADERS });
  }
  return data<ActionResult>({ step: "find", errors: ["Unknown action"], email: "" }, { status: 400, headers: DESK_HEADERS });
}

export default function Privacy({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const result = actionData as ActionResult | undefined;
  const step = result?.step ?? "find";
  return (
    <div className="max-w-2xl">
      <PageTitle>Privacy requests</PageTitle>
      <p className="mb-4 text-sm">
        When someone asks us to delete their information (see the privacy policy), enter their e-mail address. Everything the site holds under it is deleted:
        leads and their notes, newsletter subscriptions, blog comments, the e-mails about them, the e-mails they exchanged with us (the replies mailbox itself
        is the operator's), the address wherever the audit log names it, and wherever a campaign link put it in the visit counts. You see the list before
        anything is deleted. The audit log records that a deletion was made, not whose.
      </p>
      {step === "done" && result?.found ? <Notice>Deleted {summary(result.found)}.</Notice> : null}
      {step === "done" ? <HeldBackups held={result?.held} /> : null}
      <ErrorList errors={result?.errors} />
      {step === "confirm" && result?.found ? (
        <Form method="post" className="space-y-3 rounded-md border border-red-700 p-4 dark:border-red-400" key="confirm">
          <h2 className="text-lg font-semibold">Delete everything about {result.email}?</h2>
          <p className="text-sm" id="p-found">
            This will go:
          </p>
          <ul className="list-disc pl-6 text-sm" aria-labelledby="p-found">
            {items(result.found).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="text-sm">
            This cannot be undone. Messages not yet sent are deleted; sent ones keep only that they were sent. Audit entries keep their action, with the address
            replaced. A comment that others have replied to is emptied and shown as removed, so their replies stay.
            {result.found.leads ? " The CRM is told which leads were deleted, by reference, when one receives leads." : ""}
          </p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="email" value={result.email} />
          <Field id="p-confirm" label="Type the e-mail address again to confirm">
            <input id="p-confirm" name="confirm" type="email" autoComplete="off" required defaultValue={result.confirm ?? ""} className={deskInput} />
          </Field>
          <div className="flex gap-2">
            <button type="submit" className={deskDanger} disabled={busy}>
              Delete everything
            </button>
            <a href="/desk/privacy" className="inline-flex min-h-9 items-center px-3 text-sm underline">
              Cancel
            </a>
          </div>
        </Form>
      ) : (
        <Form method="post" className="space-y-3" key="find">
          <input type="hidden" name="intent" value="find" />
          <Field id="p-email" label="E-mail address">
            <input
              id="p-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              defaultValue={step === "find" ? (result?.email ?? "") : ""}
              className={deskInput}
            />
          </Field>
          <button type="submit" className={deskPrimary} disabled={busy}>
            Find what we hold
          </button>
        </Form>
      )}
    </div>
  );
}
