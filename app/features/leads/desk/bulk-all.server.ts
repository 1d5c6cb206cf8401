import { z } from "zod";
import type { Services } from "~/platform/services.server";
import { audit } from "~/features/staff/audit.server";
import { overdueCutoff } from "../routing/overdue.server";
import { tellOwnerOfMany } from "../routing/work.server";
import { parseLeadFilters, viewFilters, withView } from "./filters.server";
import { assigneeChoice, resolveAssignee, statusChoice } from "./work-schemas.server";
import { statusLabels } from "./labels.server";
import { changeMatching, countMatching } from "./query.server";
import { staffDirectory, staffLabel } from "~/features/staff/people.server";
import { issueMessages } from "~/shared/forms/issues";

/**
 * "Select all N matching" in the inbox: a status and/or assignee set on every lead the
 * current filter matches, not only the page shown. The first post counts the leads and asks
 * for a confirmation naming that number; the confirmed post changes them in batches through
 * the write queue (query.server.ts `changeMatching`), writes one audit entry with the count,
 * and e-mails the new assignee once with the number of leads they were given. The views
 * match what the inbox shows under them (`overdue`: not answered within LEAD_RESPONSE_MINUTES).
 */

/** At most this many leads are changed at once; a wider filter is refused, to be narrowed. */
export const BULK_ALL_LIMIT = 50_000;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

const schema = z
  .object({
    filter: z.string().max(2000, "The filter is too long"),
    status: statusChoice,
    assignee: assigneeChoice,
    confirm: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[1-9]\d{0,5}$/, "The confirmation is not valid")
        .transform(Number)
        .optional(),
    ),
    upTo: z.preprocess(blankToUndefined, z.string().regex(ISO_TIME, "The confirmation is not valid").optional()),
  })
  .refine((v) => v.status !== undefined || v.assignee !== undefined, { message: "Choose a new status or assignee for the matching leads", path: ["status"] });

export type BulkAllValues = { filter: string; status: string; assignee: string };
export type BulkAllResult =
  | { kind: "invalid"; errors: string[]; values: BulkAllValues }
  | { kind: "confirm"; n: number; what: string; upTo: string; values: BulkAllValues }
  | { kind: "done"; done: string };

export async function bulkChangeAll(
  services: Pick<Services, "db" | "env" | "outbox">,
  me: { id: number },
  form: FormData,
  now = new Date(),
): Promise<BulkAllResult> {
  const { db } = services;
  const values = { filter: String(form.get("filter") ?? ""), status: String(form.get("status") ?? ""), assignee: String(form.get("assignee") ?? "") };
  const invalid = (errors: string[]): BulkAllResult => ({ kind: "invalid", errors, values });
  const parsed = schema.safeParse({ ...values, confirm: String(form.get("confirm") ?? ""), upTo: String(form.get("upTo") ?? "") });
  if (!parsed.success) return invalid(issueMessages(parsed.error));
  const params = new URLSearchParams(parsed.data.filter.replace(/^\?/, ""));
  params.delete("after");
  params.delete("before");
  const viewed = withView(params, me, now);
  if (viewed.error) return invalid([viewed.error]);
  const parsedFilters = parseLeadFilters(viewed.params);
  if (!parsedFilters.ok) return invalid(parsedFilters.errors);
  const filters = viewFilters(viewed.view, parsedFilters.filters, overdueCutoff(services.env, now));
  const staff = await staffDirectory(db);
  const assignee = resolveAssignee(staff, parsed.data.assignee);
  if (!assignee.ok) return invalid([assignee.error]);
  const change = { status: parsed.data.status, assigneeId: assignee.id };
  const what = [
    change.status ? `status to ${statusLabels[change.status]}` : null,
    change.assigneeId === undefined
      ? null
      : `assignee to ${change.assigneeId === null ? "nobody" : staffLabel(staff.get(change.assigneeId), change.assigneeId)}`,
  ]
    .filter(Boolean)
    .join(" and ");
  const { confirm, upTo } = parsed.data;
  if (confirm === undefined || upTo === undefined) {
    const total = await countMatching(db, { leads: filters }, BULK_ALL_LIMIT);
    if (total.n === 0) return invalid(["No leads match this filter."]);
    if (total.capped) return invalid([`More than ${BULK_ALL_LIMIT.toLocaleString("en-US")} leads match; narrow the filter first.`]);
    return { kind: "confirm", n: total.n, what, upTo: now.toISOString(), values };
  }
  const result = await changeMatching(db, filters, change, me.id, upTo);
  await tellOwnerOfMany(services, change.assigneeId, result.reassigned, me.id);
  // The filter without its search words: a search may hold a visitor's name or address.
  const kept = new URLSearchParams(params);
  const searched = kept.has("q");
  kept.delete("q");
  await audit(db, {
    staffId: me.id,
    action: "leads.bulk-change-all",
    subject: kept.toString() || "all leads",
    detail: {
      confirmed: confirm,
      matched: result.matched,
      changed: result.changed,
      status: change.status ?? null,
      assigneeId: change.assigneeId ?? null,
      searched,
    },
  });
  const n = (k: number) => `${k.toLocaleString("en-US")} ${k === 1 ? "lead" : "leads"}`;
  return { kind: "done", done: `${n(result.changed)} changed (${n(result.matched)} matching the filter; ${what}).` };
}
