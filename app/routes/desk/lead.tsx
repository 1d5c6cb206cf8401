import { data, Form, Link, useNavigation } from "react-router";
import { DESK_HEADERS, deskServices, requireStaff } from "~/server/desk/auth.server";
import { audit } from "~/server/desk/audit.server";
import { leadChoices, messages, noteSchema, resolveAssignee, workSchema } from "~/server/desk/leads/forms.server";
import { formatWhen, labelledFields, statusLabels, type LeadStatus } from "~/server/desk/leads/labels.server";
import { addNote, changeLeads, getLead, leadEvents } from "~/server/desk/leads/query.server";
import { staffDirectory, staffLabel } from "~/server/desk/leads/staff.server";
import { leadAttribution, leadDeliveries } from "~/server/outbox/desk.server";
import { DeliveriesTable } from "~/components/desk/deliveries-table";
import { deskInput, deskLink, deskPrimary, ErrorList, Field, NOBODY, Notice, PageTitle, SelectField, StatusBadge } from "~/components/desk/ui";
import type { Route } from "./+types/lead";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `Lead ${params.id} · Fillway desk` }];
export const headers = () => DESK_HEADERS;

const ROLES: ("admin" | "sales")[] = ["admin", "sales"];

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
  const [events, staff, deliveries, cameFrom] = await Promise.all([leadEvents(db, id), staffDirectory(db), leadDeliveries(db, id), leadAttribution(db, id)]);
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
        form: lead.form,
        typeLabel: lead.typeLabel,
        who: lead.who || lead.email,
        email: lead.email,
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
  const intent = form.get("intent");
  if (intent === "note") {
    const values = { note: String(form.get("note") ?? "") };
    const parsed = noteSchema.safeParse(values);
    if (!parsed.success) return data({ intent, errors: messages(parsed.error), values, done: null }, { status: 422, headers: DESK_HEADERS });
    await addNote(db, id, parsed.data.note, me.id);
    return data({ intent, errors: null as string[] | null, values: null, done: "Note added." }, { headers: DESK_HEADERS });
  }
  if (intent === "work") {
    const values = { status: String(form.get("status") ?? ""), assignee: String(form.get("assignee") ?? "") };
    const parsed = workSchema.safeParse(values);
    if (!parsed.success) return data({ intent, errors: messages(parsed.error), values, done: null }, { status: 422, headers: DESK_HEADERS });
    const staff = await staffDirectory(db);
    const assignee = resolveAssignee(staff, parsed.data.assignee);
    if (!assignee.ok) return data({ intent, errors: [assignee.error], values, done: null }, { status: 422, headers: DESK_HEADERS });
    const changed = await changeLeads(db, [id], { status: parsed.data.status, assigneeId: assignee.id }, me.id);
    if (changed) {
      await audit(db, {
        staffId: me.id,
        action: "lead.change",
        subject: String(id),
        detail: { status: parsed.data.status ?? null, assigneeId: assignee.id ?? null },
      });
    }
    return data({ intent, errors: null as string[] | null, values: null, done: changed ? "Lead updated." : "Nothing to change." }, { headers: DESK_HEADERS });
  }
  return data({ intent: null, errors: ["Unknown action"], values: null, done: null }, { status: 400, headers: DESK_HEADERS });
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, timeline, choices, deliveries, cameFrom } = loaderData;
  const busy = useNavigation().state !== "idle";
  const workValues = actionData?.intent === "work" ? (actionData.values as { status: string; assignee: string } | null) : null;
  const noteValues = actionData?.intent === "note" ? (actionData.values as { note: string } | null) : null;
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to="/desk/leads" className={deskLink}>
          All leads
        </Link>
      </p>
      <PageTitle>
        Lead {lead.id}: {lead.who}
      </PageTitle>
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="lead-fields" className="lg:col-span-2">
          <h2 id="lead-fields" className="mb-2 text-lg font-semibold">
            What was sent
          </h2>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
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

        <section aria-labelledby="lead-work">
          <h2 id="lead-work" className="mb-2 text-lg font-semibold">
            Work on this lead
          </h2>
          <p className="mb-3 text-sm">
            Now: <StatusBadge status={lead.status} label={lead.statusLabel} />, assigned to {lead.assignee}
          </p>
          {actionData?.intent === "work" ? <ErrorList errors={actionData.errors} /> : null}
          <Form method="post" className="space-y-3" key={`work-${lead.status}-${lead.assigneeId}`}>
            <input type="hidden" name="intent" value="work" />
            <SelectField id="l-status" name="status" label="Status" options={choices.statuses} defaultValue={workValues?.status ?? lead.status} />
            <SelectField
              id="l-assignee"
              name="assignee"
              label="Assignee"
              first={[NOBODY]}
              options={choices.staff}
              defaultValue={workValues?.assignee ?? (lead.assigneeId === null ? "none" : String(lead.assigneeId))}
            />
            <button type="submit" className={deskPrimary} disabled={busy}>
              Save status and assignee
            </button>
          </Form>

          <h3 className="mt-6 mb-2 font-semibold">Add a note</h3>
          {actionData?.intent === "note" ? <ErrorList errors={actionData.errors} /> : null}
          <Form method="post" className="space-y-3" key={`note-${timeline.length}`}>
            <input type="hidden" name="intent" value="note" />
            <Field id="l-note" label="Note">
              <textarea id="l-note" name="note" rows={4} maxLength={2000} defaultValue={noteValues?.note ?? ""} className={deskInput} />
            </Field>
            <button type="submit" className={deskPrimary} disabled={busy}>
              Add note
            </button>
          </Form>
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
