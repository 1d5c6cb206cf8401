import { data, Form, Link, useLocation } from "react-router";
import { z } from "zod";
import { deskInput, deskLabel, deskLink, deskSecondary, ErrorList, Notice, PageTitle } from "~/ui/desk/ui";
import { When } from "~/ui/desk/time";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";

import { assignUnmatched, listUnmatched } from "~/features/conversations/desk.server";
import { mailboxStatus } from "~/features/conversations/reader.server";
import type { Route } from "./+types/unmatched";
import { issueMessages } from "~/shared/forms/issues";

export const meta = () => [{ title: "Unmatched replies · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const id = (what: string) =>
  z
    .string()
    .regex(/^#?[1-9]\d{0,15}$/, what)
    .transform((v) => Number(v.replace(/^#/, "")));

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = signedIn(context);
  const services = deskServices(context);
  const url = new URL(request.url);
  const before = id("This is not a page of replies")
    .optional()
    .safeParse(url.searchParams.get("before") || undefined);
  const page = await listUnmatched(services.db, before.success ? before.data : undefined);
  const reading = (await mailboxStatus(services.db, services.env)) !== null;
  return data({ rows: page.rows, next: page.next === null ? null : String(page.next), mayAssign: me.role === "admin", reading }, { headers: DESK_HEADERS });
}

const assignSchema = z.object({ message: id("This is not a message"), lead: id("Enter the lead's number, as in its address (/desk/leads/123)") });

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedIn(context);
  // Sales may read the list; only an admin files a message on a lead.
  if (me.role !== "admin") throw data("Only an admin can file a reply on a lead.", { status: 403, headers: DESK_HEADERS });
  const services = deskServices(context);
  const form = await request.formData();
  const parsed = assignSchema.safeParse({ message: String(form.get("message") ?? ""), lead: String(form.get("lead") ?? "") });
  if (!parsed.success) return data({ errors: issueMessages(parsed.error), done: null }, { status: 422, headers: DESK_HEADERS });
  const result = await assignUnmatched(
    { db: services.db, outbox: services.outbox },
    { messageId: parsed.data.message, leadId: parsed.data.lead, staffId: me.id },
  );
  if (result === "no-lead") return data({ errors: [`There is no lead ${parsed.data.lead}.`], done: null }, { status: 422, headers: DESK_HEADERS });
  if (result === "no-message") return data({ errors: ["This reply was filed already (or is gone)."], done: null }, { status: 409, headers: DESK_HEADERS });
  return data({ errors: null as string[] | null, done: { lead: parsed.data.lead } }, { headers: DESK_HEADERS });
}

export default function Unmatched({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, next, mayAssign, reading } = loaderData;
  const location = useLocation();
  return (
    <div className="max-w-3xl">
      <PageTitle>Unmatched replies</PageTitle>
      <p className="mb-4 text-sm">
        E-mails that arrived in the replies mailbox but could not be matched to a lead: not sent to a lead&apos;s reply address, not answering a message of
        ours, and from an address no lead has. {mayAssign ? "File each on its lead; the lead's owner is told." : "An admin files each on its lead."}
      </p>
      {reading ? null : (
        <p className="mb-4 text-sm">
          Replies are not being read: the server has no <code>IMAP_URL</code> (see System).
        </p>
      )}
      <ErrorList errors={actionData?.errors} />
      {actionData?.done ? (
        <Notice>
          Filed on{" "}
          <Link className={deskLink} to={`/desk/leads/${actionData.done.lead}`}>
            lead {actionData.done.lead}
          </Link>
          .
        </Notice>
      ) : null}
      {rows.length === 0 ? <p>No unmatched replies.</p> : null}
      <ul className="space-y-4">
        {rows.map((r) => (
          <li key={r.id} className="rounded border border-slate-200 p-3 dark:border-slate-700">
            <h2 className="font-semibold">{r.subject || "(no subject)"}</h2>
            <p className="text-sm">
              From {r.fromName ? `${r.fromName} <${r.fromAddress ?? ""}>` : (r.fromAddress ?? "(unknown sender)")}, to {r.toAddress || "(no recipient)"},{" "}
              <When iso={r.createdAt} />
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words text-sm">{r.fresh || "(no text)"}</p>
            {r.attachments.length ? (
              <p className="mt-1 text-xs">
                Attachments (not kept): {r.attachments.map((a) => `${a.name} (${Math.max(1, Math.round(a.size / 1024))} KB)`).join(", ")}
              </p>
            ) : null}
            {mayAssign ? (
              <Form method="post" className="mt-2 flex items-end gap-2">
                <input type="hidden" name="message" value={r.id} />
                <div>
                  <label className={deskLabel} htmlFor={`lead-${r.id}`}>
                    Lead number
                  </label>
                  <input id={`lead-${r.id}`} name="lead" inputMode="numeric" required className={deskInput} />
                </div>
                <button type="submit" className={deskSecondary}>
                  File on the lead
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {next ? (
        <p className="mt-4">
          <Link className={deskLink} to={`${location.pathname}?before=${next}`}>
            Older replies
          </Link>
        </p>
      ) : null}
    </div>
  );
}
