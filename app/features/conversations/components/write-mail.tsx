import { Form, useLocation } from "react-router";
import { When } from "~/ui/desk/time";
import { deskInput, deskPrimary, deskSecondary, ErrorList, Field, Notice, type Option } from "~/ui/desk/ui";

/** What the e-mail form starts with (compose.server.ts's composeFor). */
export interface Compose {
  leadId: number;
  to: string;
  sendable: boolean;
  replyTo: string;
  /** MAIL_REPLY_TO is set: Reply-To is the lead's plus-address. */
  repliesToDesk: boolean;
  /** IMAP_URL is set: the replies mailbox is read into the desk. */
  repliesRead: boolean;
  answering: { subject: string; direction: "out" | "in" } | null;
  templates: Option[];
  draft: { template: string; subject: string; body: string; missing: string[]; notFound: boolean };
  failure: { address: string; reason: string; at: string } | null;
}

interface Typed {
  subject: string;
  body: string;
  template: string;
}

/** What a page's action answers a send with (compose.server.ts's sendLeadMail): a refusal gives back what was typed. */
export interface MailAnswer {
  mailErrors?: string[] | null;
  mail?: Typed | null;
}

const warning = "rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50";

/**
 * "Write an e-mail" on a lead's or a contact's page: to the lead's address, a subject and
 * the text (Markdown or plain text), optionally started from a template. Picking a
 * template is a GET of the same page (it works without JavaScript); the form stays
 * editable. A refused send gives back what was typed, with the reason.
 */
export function WriteMail({
  compose,
  busy,
  typed,
  errors,
  version,
}: {
  compose: Compose;
  busy: boolean;
  typed: Typed | null;
  errors: string[] | null;
  version: number;
}) {
  const search = new URLSearchParams(useLocation().search);
  const { draft, failure } = compose;
  const kept = [...search.entries()].filter(([k]) => k !== "template" && k !== "mailed");
  const values = typed ?? draft;
  return (
    <section aria-labelledby="write-mail" className="mt-8 max-w-2xl space-y-3">
      <h2 id="write-mail" className="text-lg font-semibold">
        Write an e-mail
      </h2>
      {search.get("mailed") ? <Notice>E-mail to {compose.to} queued: the conversation shows it as it goes.</Notice> : null}
      {failure ? (
        <p className={warning} data-testid="mail-failing">
          Mail to {failure.address} bounced on <When iso={failure.at} />: {failure.reason}
        </p>
      ) : null}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {compose.repliesToDesk && compose.repliesRead ? (
          <>
            Answers come back to this lead (Reply-To: <span className="break-all">{compose.replyTo}</span>).
          </>
        ) : compose.repliesToDesk ? (
          <>
            Answers go to <span className="break-all">{compose.replyTo}</span> but are not read into the desk yet. To bring them here, an admin sets{" "}
            <code>IMAP_URL</code> (see the operations guide, “Conversations”).
          </>
        ) : (
          <>
            Answers go to your own mailbox (<span className="break-all">{compose.replyTo}</span>) and will not come back into the desk. To bring them here, an
            admin sets <code>MAIL_REPLY_TO</code> and <code>IMAP_URL</code> (see the operations guide, “Conversations”).
          </>
        )}
      </p>
      {compose.templates.length ? (
        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Start from a template">
          {kept.map(([k, v]) => (
            <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
          ))}
          <Field id={`mail-template-${compose.leadId}`} label="Template">
            <select id={`mail-template-${compose.leadId}`} name="template" defaultValue={draft.template} className={deskInput}>
              <option value="">None</option>
              {compose.templates.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className={deskSecondary}>
            Use template
          </button>
        </Form>
      ) : null}
      {draft.notFound ? <p className={warning}>That template no longer exists: choose another.</p> : null}
      {draft.missing.length ? (
        <div className={warning} role="status" data-testid="mail-missing">
          <p className="font-semibold">This lead has no {draft.missing.map((m) => `{${m}}`).join(", ")}.</p>
          <p>
            Write {draft.missing.length === 1 ? "it" : "them"} out or remove {draft.missing.length === 1 ? "it" : "them"} below: the e-mail is not sent while a
            field in braces is left.
          </p>
        </div>
      ) : null}
      <ErrorList errors={errors} title="The e-mail was not sent" />
      <Form method="post" className="space-y-3" key={typed ? "refused" : `${draft.template}-${version}`} aria-labelledby="write-mail">
        <input type="hidden" name="intent" value="mail" />
        <input type="hidden" name="lead" value={compose.leadId} />
        <input type="hidden" name="template" value={values.template} />
        <p className="text-sm">
          To: <span className="break-all font-medium">{compose.to}</span>
        </p>
        {compose.answering ? <p className="text-sm">It answers “{compose.answering.subject}”, in the same thread.</p> : null}
        {!compose.sendable ? <p className={warning}>This address cannot receive e-mail from the desk.</p> : null}
        <Field id={`mail-subject-${compose.leadId}`} label="Subject">
          <input id={`mail-subject-${compose.leadId}`} name="subject" required maxLength={200} defaultValue={values.subject} className={deskInput} />
        </Field>
        <Field id={`mail-body-${compose.leadId}`} label="Text (Markdown or plain text)">
          <textarea id={`mail-body-${compose.leadId}`} name="body" required rows={10} maxLength={20000} defaultValue={values.body} className={deskInput} />
        </Field>
        <button type="submit" className={deskPrimary} disabled={busy || !compose.sendable}>
          Send the e-mail
        </button>
      </Form>
    </section>
  );
}
