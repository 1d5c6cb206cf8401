import { data, redirect } from "react-router";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { parseLeadFilters, rawFilters, viewFilters, withView } from "~/features/leads/desk/filters.server";
import { bulkSchema, leadChoices, resolveAssignee } from "~/features/leads/desk/work-schemas.server";
import { statusLabels, type LeadStatus } from "~/features/leads/desk/labels.server";
import { changeLeads, countMatching, listLeads } from "~/features/leads/desk/query.server";
import { attributionValues } from "~/features/leads/desk/attribution-values.server";
import { bulkChangeAll } from "~/features/leads/desk/bulk-all.server";
import { ageOf } from "~/shared/zoned-time";
import { staffDirectory, staffLabel } from "~/features/staff/people.server";
import type { DeskArgs } from "~/features/staff/desk-guard.server";
import { ownersOf, tellNewOwner } from "~/features/leads/routing/work.server";
import { overdueCutoff } from "~/features/leads/routing/overdue.server";
import { markAllSeen } from "~/features/leads/desk/last-visit.server";
import { repliedAmong } from "~/features/conversations/desk.server";
import { issueMessages } from "~/shared/forms/issues";

/** The leads inbox (routes/desk/leads.tsx): the filtered list and the bulk changes. */

export async function loadLeads({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const staff = await staffDirectory(db);
  const choices = { ...leadChoices(staff), attribution: await attributionValues(db) };
  const viewed = withView(url.searchParams, me);
  const view = viewed.view;
  const raw = rawFilters(url.searchParams);
  const parsed = viewed.error ? { ok: false as const, errors: [viewed.error] } : parseLeadFilters(viewed.params);
  if (!parsed.ok) {
    return data({ raw, view, errors: parsed.errors, rows: [], next: null, prev: null, total: null, choices }, { status: 400, headers: DESK_HEADERS });
  }
  const cutoff = overdueCutoff(deskServices(context).env);
  const filters = viewFilters(view, parsed.filters, cutoff);
  const [page, total] = await Promise.all([listLeads(db, filters), countMatching(db, { leads: filters })]);
  const replied = await repliedAmong(
    db,
    page.rows.map((r) => r.id),
  );
  const now = new Date();
  const rows = page.rows.map((r) => ({
    ...r,
    age: ageOf(r.createdAt, now),
    statusLabel: statusLabels[r.status as LeadStatus] ?? r.status,
    overdue: r.firstTouchAt === null && r.createdAt < cutoff,
    replied: replied.has(r.id),
    assignee: r.assigneeId === null ? "" : staffLabel(staff.get(r.assigneeId), r.assigneeId),
  }));
  return data(
    { raw, view, errors: null as string[] | null, rows, next: page.next, prev: page.prev, total: total as typeof total | null, choices },
    { headers: DESK_HEADERS },
  );
}

export async function leadsAction({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const form = await request.formData();
  // At a glance's "Mark all seen": the person's "new since your last visit" starts again now.
  if (form.get("intent") === "mark-seen") {
    await markAllSeen(db, me.id);
    throw redirect("/desk", { headers: DESK_HEADERS });
  }
  if (form.get("scope") === "all") {
    const r = await bulkChangeAll(deskServices(context), me, form);
    if (r.kind === "invalid") return data({ errors: r.errors, values: null, done: null, confirm: null, all: r.values }, { status: 422, headers: DESK_HEADERS });
    if (r.kind === "confirm") return data({ errors: null, values: null, done: null, confirm: r, all: r.values }, { headers: DESK_HEADERS });
    return data({ errors: null, values: null, done: r.done, confirm: null, all: null }, { headers: DESK_HEADERS });
  }
  const values = { ids: form.getAll("id").map(String), status: String(form.get("status") ?? ""), assignee: String(form.get("assignee") ?? "") };
  const parsed = bulkSchema.safeParse(values);
  if (!parsed.success)
    return data({ errors: issueMessages(parsed.error), values, done: null, confirm: null, all: null }, { status: 422, headers: DESK_HEADERS });
  const staff = await staffDirectory(db);
  const assignee = resolveAssignee(staff, parsed.data.assignee);
  if (!assignee.ok) return data({ errors: [assignee.error], values, done: null, confirm: null, all: null }, { status: 422, headers: DESK_HEADERS });
  const before = await ownersOf(db, parsed.data.ids);
  const changed = await changeLeads(db, parsed.data.ids, { status: parsed.data.status, assigneeId: assignee.id }, me.id);
  await tellNewOwner(deskServices(context), before, assignee.id, me.id);
  await audit(db, {
    staffId: me.id,
    action: "leads.bulk-change",
    subject: parsed.data.ids.join(","),
    detail: { status: parsed.data.status ?? null, assigneeId: assignee.id ?? null, changed },
  });
  const what = changed === 1 ? "1 lead changed" : `${changed} leads changed`;
  return data(
    { errors: null as string[] | null, values: null, done: `${what} (${parsed.data.ids.length} selected).`, confirm: null, all: null },
    { headers: DESK_HEADERS },
  );
}
