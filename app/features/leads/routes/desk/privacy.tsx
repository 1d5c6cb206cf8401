import { z } from "zod";
import { data, Form, useNavigation } from "react-router";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { messages } from "~/features/leads/desk/forms.server";
import { deleteByEmail, type Erasure, findByEmail, type PersonalData } from "~/features/leads/desk/privacy.server";
import { deskDanger, deskInput, deskPrimary, ErrorList, Field, Notice, PageTitle } from "~/ui/desk/ui";
import type { Route } from "./+types/privacy";

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
    if (!parsed.success) return data<ActionResult>({ step: "find", errors: messages(parsed.error), email: typed }, { status: 422, headers: DESK_HEADERS });
    const found = await findByEmail(services, parsed.data.email);
    return data<ActionResult>({ step: "confirm", errors: null, email: parsed.data.email, found }, { headers: DESK_HEADERS });
  }
  if (intent === "delete") {
    const confirm = String(form.get("confirm") ?? "").slice(0, 300);
    const parsed = deleteSchema.safeParse({ email: typed, confirm });
    if (!parsed.success) {
      const found = findSchema.safeParse({ email: typed }).success ? await findByEmail(services, typed) : undefined;
      return data<ActionResult>(
        { step: found ? "confirm" : "find", errors: messages(parsed.error), email: typed, confirm, found },
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a deletion removes, in the order the confirmation lists it. */
const items = (f: Found) => [
  plural(f.leads, "lead", "leads"),
  plural(f.subscriptions, "newsletter subscription", "newsletter subscriptions"),
  plural(f.comments, "comment", "comments"),
  plural(f.outbox, "outbox message", "outbox messages"),
  plural(f.mailFiles, "mail file", "mail files"),
  plural(f.audit, "audit entry naming the address", "audit entries naming the address"),
  plural(f.insight, "visit record naming the address or its leads", "visit records naming the address or its leads"),
];

const summary = (f: Found) => {
  const all = items(f);
  return `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`;
};

/** 2026-11-28T06:00:00.000Z → "2026-11-28 06:00 UTC". */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Where the deleted person still is: the backups taken before the deletion, each until it is pruned. */
function HeldBackups({ held }: { held: Erasure["backups"] | undefined }) {
  if (held === undefined) return null;
  if (held === null) return <p className="mb-4 text-sm">The backup folder could not be read: older backups may still hold this person (see the log).</p>;
  if (held.length === 0) return <p className="mb-4 text-sm">No older backup holds this person.</p>;
  return (
    <div className="mb-4 text-sm">
      <p id="p-held">
        {held.length === 1 ? "One older backup still holds" : `${held.length} older backups still hold`} this person until it is pruned (backups taken from now
        on hold none of it; copies shipped off this machine are kept by their own rules):
      </p>
      <ul className="list-disc pl-6" aria-labelledby="p-held">
        {held.map((b) => (
          <li key={b.name}>
            {b.name}, taken {utc(b.takenAt)}: {b.prunedBy ? `pruned by ${utc(b.prunedBy)}, ` : ""}
            {`after ${b.backupsUntilPruned} more ${b.backupsUntilPruned === 1 ? "backup" : "backups"}`}
          </li>
        ))}
      </ul>
    </div>
  );
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
        leads and their notes, newsletter subscriptions, blog comments, the e-mails about them, the address wherever the audit log names it, and wherever a
        campaign link put it in the visit counts. You see the list before anything is deleted. The audit log records that a deletion was made, not whose.
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
