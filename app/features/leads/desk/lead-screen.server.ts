import { data } from "react-router";
import { composeFor, sendLeadMail } from "~/features/conversations/compose.server";
import { leadConversation } from "~/features/conversations/thread.server";
import { leadAttribution } from "~/features/leads/attribution.server";
import { contactSummary } from "~/features/leads/desk/contact-screen.server";
import { consentLine } from "~/features/leads/desk/export-values.server";
import { parseLeadFilters, rawFilters } from "~/features/leads/desk/filters.server";
import { leadChoices, leadWorkSchema, resolveAssignee } from "~/features/leads/desk/work-schemas.server";
import { type LeadStatus, labelledFields, statusLabels } from "~/features/leads/desk/labels.server";
import { getLead, leadEvents, leadNeighbours, saveLeadWork } from "~/features/leads/desk/query.server";
import { phoneDigits } from "~/features/leads/desk/search-columns.server";
import { personName, staffDirectory, staffLabel } from "~/features/staff/people.server";
import { submissionReference } from "~/shared/forms/success";
import { logCallAction, workChoices } from "~/features/leads/routing/lead-work.server";
import { routedEvent } from "~/features/leads/routing/rules.server";
import { ownersOf, tellNewOwner, workEventText } from "~/features/leads/routing/work.server";
import { audit } from "~/features/staff/audit.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import type { DeskArgs } from "~/features/staff/desk-guard.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { shownZone } from "~/features/staff/time-zone.server";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isPassingDbFault } from "~/platform/db/faults.server";
import { requestOf } from "~/platform/http/request-context.server";
import { declaredMessages, leadDeliveries } from "~/platform/outbox/desk.server";
import { issueMessages } from "~/shared/forms/issues";

/** A phone number as a link a phone dials: "(214) 555-0100" → "tel:+12145550100". */
function telHref(phone: string): string | null {
  const digits = phoneDigits(phone);
  if (digits.length < 7) return null;
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}

/** One lead's screen (routes/desk/lead.tsx): the lead, its history and deliveries; status, note and assignee changes. */

function leadId(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) {
    throw data({ message: "This is not a lead number." }, { status: 404, headers: DESK_HEADERS });
  }
  return Number(param);
}

export async function loadLead({ request, context, params }: DeskArgs) {
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
  const me = signedIn(context);
  const directory = staffDirectory(db);
  const [events, staff, deliveries, cameFrom, around, contact, compose, conversation] = await Promise.all([
    leadEvents(db, id),
    directory,
    leadDeliveries(db, declaredMessages(deskServices(context)), id),
    leadAttribution(db, id),
    leadNeighbours(db, filters, { id, createdAt: lead.createdAt }),
    contactSummary(db, lead),
    composeFor(deskServices(context), me, lead, new URL(request.url).searchParams, directory),
    directory.then((s) => leadConversation(db, id, s)),
  ]);
  const zone = shownZone(request, me) ?? "UTC";
  const timeline = [
    { id: 0, when: lead.createdAt, who: "", text: `Received from ${lead.page || "an unknown page"}`, note: false },
    ...events.map((e) => {
      const routed = e.action === "routed" ? routedEvent(e.value) : null;
      // A lead given by the routing rules as it was stored: the text says so, nobody did it.
      const byRule = routed !== null || (e.action === "assignee" && e.staffId === null && Boolean(e.value));
      const who = e.staffId !== null ? staffLabel(staff.get(e.staffId), e.staffId) : byRule ? "" : "Someone";
      let text = "";
      if (e.action === "status") text = `Status set to ${statusLabels[e.value as LeadStatus] ?? e.value}`;
      else if (routed) text = `Routed to ${personName(staff.get(routed.to), routed.to)} by rule “${routed.rule}”`;
      // Given by a rule before the rules named themselves in the timeline.
      else if (e.action === "assignee" && e.staffId === null && e.value) text = `Routed to ${personName(staff.get(Number(e.value)), Number(e.value))}`;
      else if (e.action === "assignee") text = e.value ? `Assigned to ${staffLabel(staff.get(Number(e.value)), Number(e.value))}` : "Unassigned";
      else text = workEventText(e.action, e.value, zone) ?? e.value ?? "";
      return { id: e.id, when: e.createdAt, who, text, note: e.action === "note" };
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
        when: lead.createdAt,
        status: lead.status,
        statusLabel: statusLabels[lead.status as LeadStatus] ?? lead.status,
        assigneeId: lead.assigneeId,
        assignee: staffLabel(lead.assigneeId === null ? undefined : staff.get(lead.assigneeId), lead.assigneeId),
        fields: [
          ...labelledFields(lead.payload),
          { key: "consent", label: "Contact consent", value: consentLine(lead.consentVersion, lead.consentShownAt, zone) },
        ],
      },
      contact,
      compose,
      timeline,
      listSearch,
      around,
      choices: { ...leadChoices(staff), ...workChoices },
      deliveries,
      cameFrom,
      conversation,
    },
    { headers: DESK_HEADERS },
  );
}

export async function leadAction({ request, context, params }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const id = leadId(params.id);
  const lead = await getLead(db, id);
  if (!lead || lead.kind === "newsletter") throw data({ message: `There is no lead ${id}.` }, { status: 404, headers: DESK_HEADERS });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "mail") return sendLeadMail(deskServices(context), me, lead, form, request.url, requestOf(context).responseHeaders);
  if (intent === "call") return logCallAction(deskServices(context), me.id, id, form, shownZone(request, me) ?? "UTC");
  if (intent) return data({ errors: ["This form is not one of this page's."], values: null, call: null, done: null }, { status: 400, headers: DESK_HEADERS });
  const values = { status: String(form.get("status") ?? ""), assignee: String(form.get("assignee") ?? ""), note: String(form.get("note") ?? "") };
  const refuse = (errors: string[]) => data({ errors, values, call: null, done: null }, { status: 422, headers: DESK_HEADERS });
  const parsed = leadWorkSchema.safeParse(values);
  if (!parsed.success) return refuse(issueMessages(parsed.error));
  const staff = await staffDirectory(db);
  const assignee = resolveAssignee(staff, parsed.data.assignee);
  if (!assignee.ok) return refuse([assignee.error]);
  let saved: { changed: boolean; noted: boolean };
  const before = await ownersOf(db, [id]);
  try {
    saved = await saveLeadWork(db, id, { status: parsed.data.status, assigneeId: assignee.id, note: parsed.data.note }, me.id);
  } catch (error) {
    if (!isPassingDbFault(error)) throw error;
    // The database locked by another process, or the disk full: what was typed stays in the form.
    // React Router keeps an action's headers only where the route exports `headers`: the server adds these.
    requestOf(context).responseHeaders?.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
    const message = `Nothing was saved: the database is busy or out of space. Your changes are still here; press Save again in ${RETRY_AFTER_BUSY_SECONDS} seconds.`;
    return data(
      { errors: [message], values, call: null, done: null },
      { status: 503, headers: { ...DESK_HEADERS, "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) } },
    );
  }
  if (saved.changed) {
    await tellNewOwner(deskServices(context), before, assignee.id, me.id);
    await audit(db, {
      staffId: me.id,
      action: "lead.change",
      subject: String(id),
      detail: { status: parsed.data.status ?? null, assigneeId: assignee.id ?? null },
    });
  }
  const done =
    saved.changed && saved.noted ? "Lead updated and note added." : saved.changed ? "Lead updated." : saved.noted ? "Note added." : "Nothing to change.";
  return data({ errors: null as string[] | null, values: null, call: null, done }, { headers: DESK_HEADERS });
}
