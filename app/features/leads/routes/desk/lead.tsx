import { data, Form, Link, useNavigation } from "react-router";
import { DESK_HEADERS, deskServices, requireStaff } from "~/features/staff/auth.server";
import { audit } from "~/features/staff/audit.server";
import { leadChoices, leadWorkSchema, messages, resolveAssignee } from "~/features/leads/desk/forms.server";
import { formatWhen, labelledFields, statusLabels, type LeadStatus } from "~/features/leads/desk/labels.server";
import { getLead, leadEvents, leadNeighbours, saveLeadWork } from "~/features/leads/desk/query.server";
import { parseLeadFilters, rawFilters } from "~/features/leads/desk/filters.server";
import { staffDirectory, staffLabel } from "~/features/leads/desk/staff.server";
import { phoneDigits } from "~/features/leads/desk/search-columns.server";
import { leadAttribution } from "~/features/leads/attribution.server";
import { messages as declaredMessages } from "~/messages.server";
import { leadDeliveries } from "~/platform/outbox/desk.server";
import { DeliveriesTable } from "~/ui/desk/deliveries-table";
import { useKeptDraft } from "~/ui/desk/kept-draft";
import { deskInput, deskLink, deskPrimary, deskSecondary, ErrorList, Field, NOBODY, Notice, PageTitle, SelectField, StatusBadge } from "~/ui/desk/ui";
import { submissionReference } from "~/features/leads/forms/success";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isPassingDbFault } from "~/platform/db/faults.server";
import type { Route } from "./+types/lead";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `Lead ${params.id} · Fillway desk` }];
export const headers = () => DESK_HEADERS;

const ROLES: ("admin" | "sales")[] = ["admin", "sales"];

/** A phone number as a link a phone dials: "(214) 555-0100" → "tel:+12145550100". */
function telHref(phone: string): string | null {
  const digits = phoneDigits(phone);
  if (digits.length < 7) return null;
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}

function leadId(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) {
    throw data({ message: "This is not a lead number." }, { status: 404, headers: DESK_HEADERS });
  }
  return Number(param);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ROLES);
  const { db } = deskServices(context);
  const id = leadId(params.id);
  const lead = await getLead(db, id);
  if (!lead || lead.kind === "newsletter") throw data({ message: `There is no lead ${id}.` }, { status: 404, headers: DESK_HEADERS });
  // The inbox's filter and search come along in the query string: "All leads", "Newer"
  // and "Older" keep them.
  const { after: _a, before: _b, ...kept } = rawFilters(new URL(request.url).searchParams);
  const parsed = parseLeadFilters(new URLSearchParams(kept));
  const filters = parsed.ok ? parsed.filters : {};
  const listSearch = parsed.ok && Object.keys(kept).length ? `?${new URLSearchParams(kept)}` : "";
  const [events, staff, deliveries, cameFrom, around] = await Promise.all([
    leadEvents(db, id),
    staffDirectory(db),
    leadDeliveries(db, declaredMessages, id),
    leadAttribution(db, id),
    leadNeighbours(db, filters, { id, createdAt: lead.createdAt }),
  ]);
  const timeline = [
    { id: 0, when: formatWhen(lead.createdAt), who: "", text: `Received from ${lead.page || "an unknown page"}`, note: false },
    ...events.map((e) => {
      const who = e.staffId === null ? "Someone" : staffLabel(staff.get(e.staffId), e.staffId);
      let text = "";
      if (e.action === "status") text = `Status set to ${statusLabels[e.value as LeadStatus] ?? e.value}`;
      else if (e.action === "assignee") text = e.value ? `Assigned to ${staffLabel(staff.get(Number(e.value)), Number(e.value))}` : "Unassigned";
      else text = e.value ?? "";
      return { id: e.id, when: formatWhen(e.createdAt), who, text, note: e.action === "note" };
    }),
  ];
  return data(
    {
      lead: {
        id: lead.id,
        reference: lead.submissionId ? submissionReference(lead.submissionId) : null,
        form: lead.form,
        typeLabel: lead.typeLabel,
        who: lead.who || lead.email,
        email: lead.email,
        phone: lead.phone,
        tel: telHref(lead.phone),
        page: lead.page,
        userAgent: lead.userAgent,
        when: formatWhen(lead.createdAt),
        status: lead.status,
        statusLabel: statusLabels[lead.status as LeadStatus] ?? lead.status,
        assigneeId: lead.assigneeId,
        assignee: staffLabel(lead.assigneeId === null ? undefined : staff.get(lead.assigneeId), lead.assigneeId),
        fields: labelledFields(lead.payload),
      },
      timeline,
      listSearch,
      around,
      choices: leadChoices(staff),
      deliveries,
      cameFrom,
    },
    { headers: DESK_HEADERS },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const me = await requireStaff(request, context, ROLES);
  const { db } = deskServices(context);
  const id = leadId(params.id);
  const lead = await getLead(db, id);
  if (!lead || lead.kind === "newsletter") throw data({ message: `There is no lead ${id}.` }, { status: 404, headers: DESK_HEADERS });
  const form = await request.formData();
  const values = { status: String(form.get("status") ?? ""), assignee: String(form.get("assignee") ?? ""), note: String(form.get("note") ?? "") };
  const refuse = (errors: string[]) => data({ errors, values, done: null }, { status: 422, headers: DESK_HEADERS });
  const parsed = leadWorkSchema.safeParse(values);
  if (!parsed.success) return refuse(messages(parsed.error));
  const staff = await staffDirectory(db);
  const assignee = resolveAssignee(staff, parsed.data.assignee);
  if (!assignee.ok) return refuse([assignee.error]);
  let saved: { changed: boolean; noted: boolean };
  try {
    saved = await saveLeadWork(db, id, { status: parsed.data.status, assigneeId: assignee.id, note: parsed.data.note }, me.id);
  } catch (error) {
    if (!isPassingDbFault(error)) throw error;
    // The database locked by another process, or the disk full: what was typed stays in the form.
    // React Router keeps an action's headers only where the route exports `headers`: the server adds these.
    context.responseHeaders?.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
    const message = `Nothing was saved: the database is busy or out of space. Your changes are still here; press Save again in ${RETRY_AFTER_BUSY_SECONDS} seconds.`;
    return data({ errors: [message], values, done: null }, { status: 503, headers: { ...DESK_HEADERS, "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) } });
  }
  if (saved.changed) {
    await audit(db, {
      staffId: me.id,
      action: "lead.change",
      subject: String(id),
      detail: { status: parsed.data.status ?? null, assigneeId: assignee.id ?? null },
    });
  }
  const done =
    saved.changed && saved.noted ? "Lead updated and note added." : saved.changed ? "Lead updated." : saved.noted ? "Note added." : "Nothing to change.";
  return data({ errors: null as string[] | null, values: null, done }, { headers: DESK_HEADERS });
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, timeline, choices, deliveries, cameFrom, listSearch, around } = loaderData;
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
          <Form method="post" className="space-y-3" key={`work-${lead.status}-${lead.assigneeId}-${timeline.length}`}>
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
            <button type="submit" className={deskPrimary} disabled={busy}>
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
            <dd>{lead.when}</dd>
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

      <section aria-labelledby="lead-timeline" className="mt-8">
        <h2 id="lead-timeline" className="mb-2 text-lg font-semibold">
          Timeline
        </h2>
        <ol className="space-y-2 border-l-2 border-slate-300 pl-4 text-sm dark:border-slate-600">
          {timeline.map((t) => (
            <li key={t.id}>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t.when}
                {t.who ? ` · ${t.who}` : ""}
              </p>
              <p className={t.note ? "whitespace-pre-wrap break-words" : "font-medium"}>{t.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="lead-deliveries" className="mt-8">
        <h2 id="lead-deliveries" className="mb-2 text-lg font-semibold">
          Deliveries
        </h2>
        {deliveries.length ? (
          <DeliveriesTable rows={deliveries} caption="Messages about this lead" />
        ) : (
          <p className="text-sm">No messages were written for this lead.</p>
        )}
      </section>
    </div>
  );
}
