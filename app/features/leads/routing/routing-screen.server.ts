import { data } from "react-router";
import { z } from "zod";
import { markets } from "~/features/service-area/service-area";
import { zipPlaces } from "~/features/service-area/zip-data.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { audit } from "~/features/staff/audit.server";
import { type DeskArgs, signedIn } from "~/features/staff/desk-guard.server";
import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { stateCodes, stateName, stateOptions } from "~/shared/forms/us-states";
import { issueMessages } from "~/shared/forms/issues";
import { kindLabel, leadKinds } from "../desk/labels.server";
import { assignable, personName, type StaffName, staffDirectory, staffLabel } from "~/features/staff/people.server";
import { forgetRules, isDefaultRule, matchRule, placeOfZip, type RoutingRule, readRules, ruleName } from "./rules.server";

/**
 * The routing screen (routes/desk/routing.tsx): the rules in order, add, move, remove, and
 * "Where would this ZIP go?" (a plain GET form: ?zip=78040&form=lead-business).
 */

/** The rule's conditions in words, for the rules table. */
function conditions(r: RoutingRule): string[] {
  return [
    r.state ? `State: ${stateName(r.state) ?? r.state}` : null,
    r.zips.length ? `ZIP codes: ${r.zips.join(", ")}` : null,
    r.market ? `Market: ${r.market}` : null,
    r.kind ? `Form: ${kindLabel(r.kind)}` : null,
  ].filter((c): c is string => c !== null);
}

const zipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, "Enter a ZIP code of 5 digits, such as 78040");
const checkFormSchema = z.union([z.literal(""), z.enum(leadKinds as [string, ...string[]], "Choose a form from the list")]);

export interface ZipCheck {
  zip: string;
  form: string;
  /** The answer in words, for the live region. */
  answer: string;
  /** The matching rule's name and place in the order; null: none matches. */
  rule: { name: string; order: string } | null;
  /** Who the lead would go to (several: in turn). */
  people: string[];
  error: string | null;
}

/** Where a lead from this ZIP code (and form) would go, by the rules as saved now. */
export async function checkZip(rules: RoutingRule[], staff: Map<number, StaffName>, zipText: string, formText: string): Promise<ZipCheck> {
  const refused = (error: string): ZipCheck => ({ zip: zipText, form: formText, answer: error, rule: null, people: [], error });
  const zip = zipSchema.safeParse(zipText);
  if (!zip.success) return refused(issueMessages(zip.error)[0] as string);
  const form = checkFormSchema.safeParse(formText);
  if (!form.success) return refused(issueMessages(form.error)[0] as string);
  const kind = form.data || null;
  const place = await placeOfZip(zip.data);
  const city = (await zipPlaces())?.zip(zip.data);
  const where = city ? `${city.city}, ${city.stateCode}` : place.state ? (stateName(place.state) ?? place.state) : "a place the ZIP data does not know";
  const of = `A ${kind ? `${kindLabel(kind)} lead` : "lead"} from ZIP ${zip.data} (${where}${place.market ? `, ${place.market} market` : ""})`;
  const rule = matchRule(rules, { kind, zip: zip.data, ...place });
  // Without a form, the rules for one form only are passed over: say so when one came first.
  const passed = kind ? [] : rules.slice(0, rule ? rules.indexOf(rule) : rules.length).filter((r) => r.kind !== null);
  const note = passed.length
    ? ` ${passed.length === 1 ? "One rule for one form was" : `${passed.length} rules for one form were`} passed over: choose a form to include them.`
    : "";
  const unassigned = "it would be stored unassigned, in the inbox's Unassigned view, and sales would hear of it by the usual new-lead e-mail.";
  if (!rule) return { zip: zip.data, form: kind ?? "", answer: `${of}: no rule matches, so ${unassigned}${note}`, rule: null, people: [], error: null };
  const ordered = rules.filter((r) => !isDefaultRule(r));
  const order = isDefaultRule(rule) ? "the default" : `rule ${ordered.indexOf(rule) + 1}`;
  const active = rule.staffIds.filter((id) => {
    const s = staff.get(id);
    return s && !s.disabled && (s.role === "sales" || s.role === "admin");
  });
  const people = active.map((id) => personName(staff.get(id), id));
  const name = ruleName(rule);
  const answer = people.length
    ? `${of} goes to ${people.length > 1 ? `${people.join(", ")}, in turn,` : people[0]} by rule “${name}” (${order}).${note}`
    : `${of} matches rule “${name}” (${order}), but none of its people can take leads now, so ${unassigned}${note}`;
  return { zip: zip.data, form: kind ?? "", answer, rule: { name, order }, people, error: null };
}

export async function loadRouting({ request, context }: DeskArgs) {
  signedIn(context);
  const { db } = deskServices(context);
  const [rules, staff] = await Promise.all([readRules(db.kysely), staffDirectory(db)]);
  const view = rules.map((r) => ({
    id: r.id,
    isDefault: isDefaultRule(r),
    name: ruleName(r),
    conditions: conditions(r),
    people: r.staffIds.map((id) => staffLabel(staff.get(id), id)),
    inTurn: r.staffIds.length > 1,
  }));
  const query = new URL(request.url).searchParams;
  const check = query.has("zip") ? await checkZip(rules, staff, String(query.get("zip")), String(query.get("form") ?? "")) : null;
  return data(
    {
      rules: view,
      check,
      choices: {
        markets: markets.map((m) => ({ value: m.name, label: m.name })),
        kinds: leadKinds.map((k) => ({ value: k, label: kindLabel(k) })),
        states: stateOptions.map((s) => ({ value: s.value, label: s.label })),
        staff: assignable(staff).map((s) => ({ value: String(s.id), label: staffLabel(s, s.id) })),
      },
    },
    // A ZIP code or form the check cannot read is the request's fault: 400, the page as usual.
    { status: check?.error ? 400 : 200, headers: DESK_HEADERS },
  );
}

const blankIsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v);

/** "780, 78040 733" → ["780", "78040", "733"]; each entry 3 to 5 digits, at most 200. */
const zipListSchema = z.string().transform((text, ctx) => {
  const entries = text.split(/[\s,;]+/).filter(Boolean);
  const bad = entries.filter((e) => !/^\d{3,5}$/.test(e));
  for (const e of bad.slice(0, 5)) {
    ctx.addIssue({ code: "custom", message: `ZIP codes: “${e.slice(0, 20)}” is not a ZIP code (5 digits) or the start of one (3 or 4 digits)` });
  }
  if (bad.length) return z.NEVER;
  const unique = [...new Set(entries)];
  if (unique.length > 200) {
    ctx.addIssue({ code: "custom", message: "ZIP codes: give at most 200 ZIP codes or starts; a 3-digit start covers a hundred ZIP codes" });
    return z.NEVER;
  }
  return unique;
});

const ruleSchema = z.object({
  name: z.preprocess(blankIsNull, z.string().max(60, "The rule's name must be 60 characters at most").nullable()),
  state: z.preprocess(
    (v) => {
      const t = blankIsNull(v);
      return typeof t === "string" ? t.toUpperCase() : t;
    },
    z
      .string()
      .refine((s) => (stateCodes as string[]).includes(s), {
        error: (i) => `State: “${String(i.input).slice(0, 20)}” is not a US state code; choose a state from the list`,
      })
      .nullable(),
  ),
  zips: zipListSchema,
  market: z.preprocess(blankIsNull, z.enum(markets.map((m) => m.name) as [string, ...string[]], "Choose a market from the list").nullable()),
  kind: z.preprocess(blankIsNull, z.enum(leadKinds as [string, ...string[]], "Choose a form from the list").nullable()),
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
type RuleInput = z.infer<typeof ruleSchema>;

const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "This rule is not valid")
  .transform(Number);

const sameConditions = (r: RoutingRule, rule: RuleInput) =>
  r.market === rule.market && r.kind === rule.kind && r.state === rule.state && [...r.zips].sort().join(",") === [...rule.zips].sort().join(",");

async function saveRule(db: Db, rule: RuleInput, now: string): Promise<number> {
  return writeQueueFor(db).run(async (trx) => {
    const rules = await readRules(trx);
    const same = rules.find((r) => sameConditions(r, rule));
    const zips = rule.zips.length ? rule.zips.join(",") : null;
    if (same) {
      // The same conditions again: its name and people change, its place stays.
      await trx
        .updateTable("routing_rules")
        .set({ name: rule.name, zips, staff_ids: JSON.stringify(rule.staff), updated_at: now })
        .where("id", "=", same.id)
        .execute();
      return same.id;
    }
    const position = Math.max(0, ...rules.map((r) => r.position)) + 1;
    const row = await trx
      .insertInto("routing_rules")
      .values({
        position,
        name: rule.name,
        state: rule.state,
        zips,
        market: rule.market,
        kind: rule.kind,
        staff_ids: JSON.stringify(rule.staff),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/** Swaps a rule with the one before (up) or after (down) it; its name, or null at either end. */
async function moveRule(db: Db, id: number, way: "up" | "down"): Promise<string | null> {
  return writeQueueFor(db).run(async (trx) => {
    const ordered = (await readRules(trx)).filter((r) => !isDefaultRule(r));
    const i = ordered.findIndex((r) => r.id === id);
    const j = way === "up" ? i - 1 : i + 1;
    const a = ordered[i];
    const b = ordered[j];
    if (!a || !b) return null;
    await trx.updateTable("routing_rules").set({ position: b.position }).where("id", "=", a.id).execute();
    await trx.updateTable("routing_rules").set({ position: a.position }).where("id", "=", b.id).execute();
    return ruleName(a);
  });
}

/** Removes a rule; its name, or null when it is gone already. */
async function removeRule(db: Db, id: number): Promise<string | null> {
  return writeQueueFor(db).run(async (trx) => {
    const rule = (await readRules(trx)).find((r) => r.id === id);
    if (!rule) return null;
    await trx.deleteFrom("routing_rules").where("id", "=", id).execute();
    return ruleName(rule);
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
      name: String(form.get("name") ?? ""),
      state: String(form.get("state") ?? ""),
      zips: String(form.get("zips") ?? ""),
      market: String(form.get("market") ?? ""),
      kind: String(form.get("kind") ?? ""),
      staff: form.getAll("staff").map(String),
    });
    if (!parsed.success) return answer(null, issueMessages(parsed.error));
    const staff = await staffDirectory(db);
    const allowed = new Set(assignable(staff).map((s) => s.id));
    if (parsed.data.staff.some((id) => !allowed.has(id))) return answer(null, ["Each person must be an active sales or admin account"]);
    const id = await saveRule(db, parsed.data, now);
    forgetRules(db);
    const rule = parsed.data;
    await audit(db, {
      staffId: me.id,
      action: "routing.save",
      subject: String(id),
      detail: {
        name: ruleName({ ...rule, zips: rule.zips }),
        state: rule.state ? (stateName(rule.state) ?? rule.state) : null,
        zips: rule.zips.join(", "),
        market: rule.market,
        kind: rule.kind ? kindLabel(rule.kind) : null,
        staffIds: rule.staff,
      },
    });
    return answer(isDefaultRule(rule) ? "Default saved." : "Rule saved.");
  }
  const id = idSchema.safeParse(String(form.get("id") ?? ""));
  if (!id.success) return answer(null, issueMessages(id.error));
  if (intent === "up" || intent === "down") {
    const moved = await moveRule(db, id.data, intent);
    if (moved === null) return answer(null, ["This rule cannot move further that way"]);
    forgetRules(db);
    await audit(db, { staffId: me.id, action: "routing.move", subject: String(id.data), detail: { name: moved, way: intent } });
    return answer("Rule moved.");
  }
  if (intent === "delete") {
    const removed = await removeRule(db, id.data);
    if (removed === null) return answer(null, ["This rule is gone already"]);
    forgetRules(db);
    await audit(db, { staffId: me.id, action: "routing.delete", subject: String(id.data), detail: { name: removed } });
    return answer("Rule removed.");
  }
  return answer(null, ["Unknown action"]);
}
