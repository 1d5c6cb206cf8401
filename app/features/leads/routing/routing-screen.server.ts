import { data } from "react-router";
import { z } from "zod";
import { markets } from "~/features/service-area/service-area";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { audit } from "~/features/staff/audit.server";
import { type DeskArgs, signedIn } from "~/features/staff/desk-guard.server";
import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { messages } from "../desk/forms.server";
import { kindLabel, leadKinds } from "../desk/labels.server";
import { assignable, staffDirectory, staffLabel } from "../desk/staff.server";
import { forgetRules, isDefaultRule, readRules } from "./rules.server";

/** The routing screen (routes/desk/routing.tsx): the rules in order, add, move, remove. */

export async function loadRouting({ context }: DeskArgs) {
  const { db } = deskServices(context);
  const [rules, staff] = await Promise.all([readRules(db.kysely), staffDirectory(db)]);
  const view = rules.map((r) => ({
    id: r.id,
    isDefault: isDefaultRule(r),
    market: r.market ?? "Any market",
    form: r.kind ? kindLabel(r.kind) : "Any form",
    people: r.staffIds.map((id) => staffLabel(staff.get(id), id)),
    inTurn: r.staffIds.length > 1,
  }));
  return data(
    {
      rules: view,
      choices: {
        markets: markets.map((m) => ({ value: m.name, label: m.name })),
        kinds: leadKinds.map((k) => ({ value: k, label: kindLabel(k) })),
        staff: assignable(staff).map((s) => ({ value: String(s.id), label: staffLabel(s, s.id) })),
      },
    },
    { headers: DESK_HEADERS },
  );
}

const ruleSchema = z.object({
  market: z.preprocess((v) => (v === "" ? null : v), z.enum(markets.map((m) => m.name) as [string, ...string[]], "Choose a market from the list").nullable()),
  kind: z.preprocess((v) => (v === "" ? null : v), z.enum(leadKinds as [string, ...string[]], "Choose a form from the list").nullable()),
  staff: z
    .array(
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, "Choose people from the list")
        .transform(Number),
    )
    .min(1, "Choose at least one person")
    .max(50, "Choose at most 50 people")
    .transform((ids) => [...new Set(ids)]),
});
const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "This rule is not valid")
  .transform(Number);

async function saveRule(db: Db, rule: { market: string | null; kind: string | null; staff: number[] }, now: string): Promise<number> {
  return writeQueueFor(db).run(async (trx) => {
    const rules = await readRules(trx);
    const same = rules.find((r) => r.market === rule.market && r.kind === rule.kind);
    if (same) {
      // The same market and form again: its people change, its place stays.
      await trx
        .updateTable("routing_rules")
        .set({ staff_ids: JSON.stringify(rule.staff), updated_at: now })
        .where("id", "=", same.id)
        .execute();
      return same.id;
    }
    const position = Math.max(0, ...rules.map((r) => r.position)) + 1;
    const row = await trx
      .insertInto("routing_rules")
      .values({ position, market: rule.market, kind: rule.kind, staff_ids: JSON.stringify(rule.staff), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/** Swaps a rule with the one before (up) or after (down) it; false at either end. */
async function moveRule(db: Db, id: number, way: "up" | "down"): Promise<boolean> {
  return writeQueueFor(db).run(async (trx) => {
    const ordered = (await readRules(trx)).filter((r) => !isDefaultRule(r));
    const i = ordered.findIndex((r) => r.id === id);
    const j = way === "up" ? i - 1 : i + 1;
    const a = ordered[i];
    const b = ordered[j];
    if (!a || !b) return false;
    await trx.updateTable("routing_rules").set({ position: b.position }).where("id", "=", a.id).execute();
    await trx.updateTable("routing_rules").set({ position: a.position }).where("id", "=", b.id).execute();
    return true;
  });
}

export async function routingAction({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const answer = (done: string | null, errors: string[] | null = null) => data({ done, errors }, { status: errors ? 422 : 200, headers: DESK_HEADERS });
  const now = new Date().toISOString();
  if (intent === "save") {
    const parsed = ruleSchema.safeParse({
      market: String(form.get("market") ?? ""),
      kind: String(form.get("kind") ?? ""),
      staff: form.getAll("staff").map(String),
    });
    if (!parsed.success) return answer(null, messages(parsed.error));
    const staff = await staffDirectory(db);
    const allowed = new Set(assignable(staff).map((s) => s.id));
    if (parsed.data.staff.some((id) => !allowed.has(id))) return answer(null, ["Each person must be an active sales or admin account"]);
    const id = await saveRule(db, parsed.data, now);
    forgetRules(db);
    await audit(db, {
      staffId: me.id,
      action: "routing.save",
      subject: String(id),
      detail: { market: parsed.data.market, kind: parsed.data.kind, staffIds: parsed.data.staff },
    });
    return answer(parsed.data.market === null && parsed.data.kind === null ? "Default saved." : "Rule saved.");
  }
  const id = idSchema.safeParse(String(form.get("id") ?? ""));
  if (!id.success) return answer(null, messages(id.error));
  if (intent === "up" || intent === "down") {
    if (!(await moveRule(db, id.data, intent))) return answer(null, ["This rule cannot move further that way"]);
    forgetRules(db);
    await audit(db, { staffId: me.id, action: "routing.move", subject: String(id.data), detail: { way: intent } });
    return answer("Rule moved.");
  }
  if (intent === "delete") {
    const res = await writeQueueFor(db).run((trx) => trx.deleteFrom("routing_rules").where("id", "=", id.data).executeTakeFirst());
    if (!Number(res.numDeletedRows)) return answer(null, ["This rule is gone already"]);
    forgetRules(db);
    await audit(db, { staffId: me.id, action: "routing.delete", subject: String(id.data) });
    return answer("Rule removed.");
  }
  return answer(null, ["Unknown action"]);
}
