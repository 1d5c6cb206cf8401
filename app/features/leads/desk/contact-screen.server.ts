import { data, redirect } from "react-router";
import { composeFor, sendLeadMail } from "~/features/conversations/compose.server";
import { leadConversation } from "~/features/conversations/thread.server";
import { submissionReference } from "~/shared/forms/success";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { type DeskArgs, signedIn } from "~/features/staff/desk-guard.server";
import { shownZone } from "~/features/staff/time-zone.server";
import type { Db } from "~/platform/db/db.server";
import { requestOf } from "~/platform/http/request-context.server";
import { formatInZone } from "~/shared/zoned-time";
import { kindLabel, type LeadStatus, parsePayload, phoneOf, statusLabels, typeLabel, whoOf } from "./labels.server";
import { getLead } from "./query.server";
import { staffDirectory, staffLabel } from "~/features/staff/people.server";
import { declaredMessages } from "~/platform/outbox/desk.server";
import { findMessages } from "~/platform/outbox/store.server";

/** A contact's screen (routes/desk/contact.tsx): every lead of one person, their notes and e-mails, newest first. */

/** More leads than one person sends; a contact past it shows its newest. */
const MOST = 500;

const COLUMNS = ["id", "kind", "type", "email", "payload", "page_path", "created_at", "status", "submission_id", "email_norm", "phone_norm"] as const;

type Raw = {
  id: number;
  kind: string;
  type: number;
  email: string;
  payload: string;
  page_path: string | null;
  created_at: string;
  status: string;
  submission_id: string | null;
  email_norm: string | null;
  phone_norm: string | null;
};

/**
 * The leads of contact `id` (the id of its first lead), newest first: those stored with
 * it, and those sharing an e-mail address or phone number with one of them, so two
 * contacts that a later lead joined (one's address, the other's phone) read as one.
 */
export async function contactLeads(db: Db, id: number): Promise<Raw[]> {
  const own = (await db.kysely
    .selectFrom("leads")
    .select([...COLUMNS])
    .where((eb) => eb.or([eb("id", "=", id), eb("contact_id", "=", id)]))
    .where("kind", "<>", "newsletter")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MOST)
    .execute()) as unknown as Raw[];
  if (own.length === 0) return own;
  const emails = [...new Set(own.flatMap((r) => (r.email_norm ? [r.email_norm] : [])))];
  const phones = [...new Set(own.flatMap((r) => (r.phone_norm ? [r.phone_norm] : [])))];
  const linked = (await db.kysely
    .selectFrom("leads")
    .select([...COLUMNS])
    .where((eb) => eb.or([...(emails.length ? [eb("email_norm", "in", emails)] : []), ...(phones.length ? [eb("phone_norm", "in", phones)] : [])]))
    .where("kind", "<>", "newsletter")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MOST)
    .execute()) as unknown as Raw[];
  const seen = new Set<number>();
  return [...own, ...linked]
    .filter((r) => !seen.has(Number(r.id)) && seen.add(Number(r.id)))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : Number(b.id) - Number(a.id)))
    .slice(0, MOST);
}

export interface ContactEntry {
  key: string;
  at: string;
  when: string;
  what: "lead" | "note" | "email";
  leadId: number;
  title: string;
  detail: string;
}

function contactId(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) throw data({ message: "This is not a contact number." }, { status: 404, headers: DESK_HEADERS });
  return Number(param);
}

export async function loadContact({ request, context, params }: DeskArgs) {
  const services = deskServices(context);
  const { db } = services;
  const declared = declaredMessages(services);
  // Times in the member's zone, named.
  const zone = shownZone(request, signedIn(context)) ?? "UTC";
  const formatWhen = (iso: string) => formatInZone(iso, zone);
  const id = contactId(params.id);
  const first = await db.kysely.selectFrom("leads").select(["id", "kind", "contact_id"]).where("id", "=", id).executeTakeFirst();
  if (!first || first.kind === "newsletter") throw data({ message: `There is no contact ${id}.` }, { status: 404, headers: DESK_HEADERS });
  // A later lead's number: its contact is its first lead's.
  if (first.contact_id !== null) throw redirect(`/desk/contacts/${Number(first.contact_id)}`, { headers: DESK_HEADERS });
  const leads = await contactLeads(db, id);
  const ids = leads.map((l) => Number(l.id));
  const [notes, mails, staff] = await Promise.all([
    db.kysely
      .selectFrom("lead_events")
      .select(["id", "lead_id", "staff_id", "value", "created_at"])
      .where("lead_id", "in", ids)
      .where("action", "=", "note")
      .execute(),
    // The desk's own e-mails are in the conversation, with their words (lead_messages).
    findMessages(db, { leadIds: ids, channel: "email", notTemplates: ["lead-mail"] }),
    staffDirectory(db),
  ]);
  const conversation = await leadConversation(db, ids, staff);
  const nameOf = new Map(leads.map((l) => [Number(l.id), leadName(l)]));
  const entries: ContactEntry[] = [
    ...leads.map((l) => ({
      key: `lead-${l.id}`,
      at: l.created_at,
      when: formatWhen(l.created_at),
      what: "lead" as const,
      leadId: Number(l.id),
      title: `${nameOf.get(Number(l.id))}: ${kindLabel(l.kind)}, ${typeLabel(Number(l.type), l.kind)}`,
      detail: `${statusLabels[l.status as LeadStatus] ?? l.status} · from ${l.page_path || "an unknown page"}`,
    })),
    ...notes.map((n) => ({
      key: `note-${n.id}`,
      at: n.created_at,
      when: formatWhen(n.created_at),
      what: "note" as const,
      leadId: Number(n.lead_id),
      title: `Note on ${nameOf.get(Number(n.lead_id))} by ${n.staff_id === null ? "someone" : staffLabel(staff.get(Number(n.staff_id)), Number(n.staff_id))}`,
      detail: n.value ?? "",
    })),
    ...mails.map((m) => ({
      key: `email-${m.id}`,
      at: m.created_at,
      when: formatWhen(m.created_at),
      what: "email" as const,
      leadId: Number(m.lead_id),
      title: `E-mail: ${declared.get(m.template)?.label ?? m.template} (${declared.get(m.template)?.to ?? "by address"})`,
      detail: `About ${nameOf.get(Number(m.lead_id))} · ${m.state === "sent" && m.sent_at ? `sent ${formatWhen(m.sent_at)}` : m.state}`,
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.key.localeCompare(a.key)));
  const newest = leads[0];
  const payload = newest ? parsePayload(newest.payload) : {};
  // The e-mail form writes to the newest lead's address, in that lead's conversation.
  const target = newest ? await getLead(db, Number(newest.id)) : null;
  const compose = target ? await composeFor(services, signedIn(context), target, new URL(request.url).searchParams, Promise.resolve(staff)) : null;
  return data(
    {
      contact: {
        id,
        name: (newest && whoOf(payload, newest.kind)) || newest?.email || `Contact ${id}`,
        emails: [...new Set(leads.map((l) => l.email))],
        phones: [...new Set(leads.map((l) => phoneOf(parsePayload(l.payload), l.kind)).filter(Boolean))],
        leadCount: leads.length,
      },
      entries,
      // The e-mails of its leads' conversations, shown as one thread with the e-mail form.
      conversation,
      leadNames: Object.fromEntries(nameOf),
      compose,
    },
    { headers: DESK_HEADERS },
  );
}

/** The contact page's e-mail form: sent to one of the contact's leads (the newest, as the form says). */
export async function contactAction({ request, context, params }: DeskArgs) {
  const { db } = deskServices(context);
  const id = contactId(params.id);
  const form = await request.formData();
  if (String(form.get("intent") ?? "") !== "mail") {
    throw data({ message: "This form is not one of this page's." }, { status: 400, headers: DESK_HEADERS });
  }
  const leadParam = String(form.get("lead") ?? "");
  const leadIds = /^[1-9]\d{0,15}$/.test(leadParam) ? (await contactLeads(db, id)).map((l) => Number(l.id)) : [];
  const lead = leadIds.includes(Number(leadParam)) ? await getLead(db, Number(leadParam)) : null;
  if (!lead) throw data({ message: `Lead ${leadParam || "(none)"} is not one of contact ${id}'s.` }, { status: 404, headers: DESK_HEADERS });
  return sendLeadMail(deskServices(context), signedIn(context), lead, form, request.url, requestOf(context).responseHeaders);
}

/** "Lead #939BBDDE" or "lead 12". */
function leadName(l: Raw): string {
  return l.submission_id ? `Lead #${submissionReference(l.submission_id)}` : `Lead ${l.id}`;
}

/** For the lead page: the lead's contact, how many leads it has, and whether this lead came from someone seen before. */
export async function contactSummary(db: Db, lead: { id: number; contactId: number | null }) {
  const id = lead.contactId ?? lead.id;
  const leads = await contactLeads(db, id);
  return { id, leadCount: Math.max(leads.length, 1), returning: lead.contactId !== null };
}
