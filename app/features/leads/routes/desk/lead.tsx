import { Form, Link, useNavigation } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { useKeptDraft } from "~/ui/desk/kept-draft";
import { deskInput, deskLink, deskSecondary, ErrorList, Field, NOBODY, Notice, PageTitle, SelectField, StatusBadge } from "~/ui/desk/ui";
import { LeadHistory } from "~/features/leads/components/desk/lead-history";
import { LogCall } from "~/features/leads/components/desk/log-call";
import { ContactLink } from "~/features/leads/components/desk/contact-link";
import { LeadVisit } from "~/features/insight/components/lead-visit";
import { ConversationSection } from "~/features/conversations/components/conversation-section";
import type { Route } from "./+types/lead";
import { When } from "~/ui/desk/time";
import { loadLead, leadAction } from "~/features/leads/desk/lead-screen.server";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `Lead ${params.id} · Fillway desk` }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadLead(args);
export const action = (args: Route.ActionArgs) => leadAction(args);

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, timeline, choices, deliveries, cameFrom, listSearch, around, contact, compose, conversation } = loaderData;
  const busy = useNavigation().state !== "idle";
  const values = actionData?.values ?? null;
  const note = useKeptDraft(`desk-lead-note-${lead.id}`, actionData?.done ? timeline.length : null);
  return (
    <div>
      <nav aria-label="Leads" className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={`/desk/leads${listSearch}`} className={deskLink}>
          {listSearch ? "Back to the list" : "All leads"}
        </Link>
        {around.newer ? (
          <Link to={`/desk/leads/${around.newer}${listSearch}`} className={deskLink} rel="prev">
            ← Newer lead
          </Link>
        ) : null}
        {around.older ? (
          <Link to={`/desk/leads/${around.older}${listSearch}`} className={deskLink} rel="next">
            Older lead →
          </Link>
        ) : null}
      </nav>
      <PageTitle>
        {lead.reference ? `Lead #${lead.reference}` : `Lead ${lead.id}`}: {lead.who}
      </PageTitle>
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <section aria-label="Reach this person" className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={lead.status} label={lead.statusLabel} />
        <ContactLink contact={contact} />
        {lead.tel ? (
          <a href={lead.tel} className={`${deskSecondary} inline-flex min-h-11 items-center`}>
            Call {lead.phone}
          </a>
        ) : null}
        <a href={`mailto:${lead.email}`} className={`${deskSecondary} inline-flex min-h-11 items-center break-all`}>
          E-mail {lead.email}
        </a>
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="lead-work" className="lg:col-start-3 lg:row-start-1">
          <h2 id="lead-work" className="mb-2 text-lg font-semibold">
            Work on this lead
          </h2>
          <p className="mb-3 text-sm">
            Now: <StatusBadge status={lead.status} label={lead.statusLabel} />, assigned to {lead.assignee}
          </p>
          <ErrorList errors={actionData?.errors} />
          <LogCall outcomes={choices.outcomes} busy={busy} version={timeline.length} values={actionData?.call ?? null} />
          <Form method="post" className="mt-6 space-y-3" aria-labelledby="lead-change" key={`work-${lead.status}-${lead.assigneeId}-${timeline.length}`}>
            <h3 id="lead-change" className="font-semibold">
              Change the lead
            </h3>
            <SelectField id="l-status" name="status" label="Status" options={choices.statuses} defaultValue={values?.status ?? lead.status} />
            <SelectField
              id="l-assignee"
              name="assignee"
              label="Assignee"
              first={[NOBODY]}
              options={choices.staff}
              defaultValue={values?.assignee ?? (lead.assigneeId === null ? "none" : String(lead.assigneeId))}
            />
            <Field id="l-note" label="Note (optional)">
              <textarea
                id="l-note"
                name="note"
                rows={4}
                maxLength={2000}
                defaultValue={values?.note ?? ""}
                ref={note.ref}
                onInput={note.onInput}
                className={deskInput}
              />
            </Field>
            <button type="submit" className={deskSecondary} disabled={busy}>
              Save
            </button>
          </Form>
        </section>

        <section aria-labelledby="lead-fields" className="lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <h2 id="lead-fields" className="mb-2 text-lg font-semibold">
            What was sent
          </h2>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold">Reference</dt>
            <dd>
              <span className="font-mono tracking-wider">{lead.reference ?? "None (stored before references)"}</span>
              <span className="text-slate-600 dark:text-slate-400"> · lead {lead.id}</span>
            </dd>
            <dt className="font-semibold">Form</dt>
            <dd>{lead.form}</dd>
            <dt className="font-semibold">Type</dt>
            <dd>{lead.typeLabel}</dd>
            <dt className="font-semibold">Received</dt>
            <dd>
              <When iso={lead.when} />
            </dd>
            {lead.fields.map((f) => (
              <div key={f.key} className="contents">
                <dt className="font-semibold">{f.label}</dt>
                <dd className="whitespace-pre-wrap break-words">
                  {f.value}
                  {f.mark ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
                      {f.mark}
                    </span>
                  ) : null}
                </dd>
              </div>
            ))}
            <dt className="font-semibold">Page</dt>
            <dd className="break-all">{lead.page || "Not known"}</dd>
            {cameFrom.map((f) => (
              <div key={f.label} className="contents">
                <dt className="font-semibold">{f.label}</dt>
                <dd className="break-all">{f.value}</dd>
              </div>
            ))}
            <dt className="font-semibold">Browser (user agent)</dt>
            <dd className="break-all">{lead.userAgent || "Not known"}</dd>
          </dl>
        </section>
      </div>
      <ConversationSection messages={conversation} compose={compose} answer={actionData} busy={busy} />
      <LeadVisit leadId={lead.id} />
      <LeadHistory timeline={timeline} deliveries={deliveries} />
    </div>
  );
}
