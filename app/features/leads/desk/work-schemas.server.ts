import { z } from "zod";
import { pageFormType } from "~/features/leads/forms/form-types";
import { leadKinds, kindLabel, leadStatuses, statusLabels, typeOptions } from "./labels.server";
import { assignable, type StaffName, staffLabel } from "~/features/staff/people.server";

/** Choices of the inbox's filter row and bulk form, sent once with the page. */
export function leadChoices(staff: Map<number, StaffName>) {
  return {
    kinds: leadKinds.map((k) => ({ value: k, label: kindLabel(k) })),
    types: typeOptions,
    pages: Object.keys(pageFormType).sort(),
    statuses: leadStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
    staff: assignable(staff).map((s) => ({ value: String(s.id), label: staffLabel(s, s.id) })),
  };
}

const idList = z
  .array(z.string().regex(/^[1-9]\d{0,15}$/, "A selected lead is not valid"))
  .min(1, "Select at least one lead")
  .max(200, "Select at most 200 leads at once")
  .transform((ids) => [...new Set(ids.map(Number))]);

/** A new status for leads, or none when left blank. */
export const statusChoice = z.preprocess((v) => (v === "" ? undefined : v), z.enum(leadStatuses, "Choose a status from the list").optional());
/** A new assignee for leads (a staff id, or "none" for nobody), or none when left blank. */
export const assigneeChoice = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .union(
      [
        z.literal("none"),
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/)
          .transform(Number),
      ],
      "Choose an assignee from the list",
    )
    .optional(),
);

export const bulkSchema = z
  .object({ ids: idList, status: statusChoice, assignee: assigneeChoice })
  .refine((v) => v.status !== undefined || v.assignee !== undefined, { message: "Choose a new status or assignee for the selected leads", path: ["status"] });

/** The lead page's one save: a status, an assignee and a note, any of them. */
export const leadWorkSchema = z.object({
  status: statusChoice,
  assignee: assigneeChoice,
  note: z
    .string()
    .trim()
    .max(2000, "A note is at most 2,000 characters")
    .transform((n) => n || undefined),
});

/** The assignee of a change as a staff id (null: nobody), or an error when not assignable. */
export function resolveAssignee(
  staff: Map<number, StaffName>,
  choice: number | "none" | undefined,
): { ok: true; id: number | null | undefined } | { ok: false; error: string } {
  if (choice === undefined) return { ok: true, id: undefined };
  if (choice === "none") return { ok: true, id: null };
  const s = staff.get(choice);
  if (!s || !assignable(staff).includes(s)) return { ok: false, error: "The assignee must be an active sales or admin account" };
  return { ok: true, id: choice };
}
