import { type Kysely, sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { compiledOnce, runCompiled } from "~/platform/db/compiled.server";
import type { Database } from "~/platform/db/schema";
import table from "~/features/service-area/service-area-table.json";
import { lookupFrom, type ServiceAreaLookup, type ServiceAreaTable } from "~/features/service-area/service-area-table";
import { zipPlaces } from "~/features/service-area/zip-data.server";
import { stateOfZipPrefix } from "~/features/service-area/zip-prefix-states";
import { stateName } from "~/shared/forms/us-states";
import { kindLabel } from "../desk/labels.server";
import { activeStaff } from "~/features/staff/people.server";

/**
 * Who gets a new lead: the desk's routing rules (/desk/routing), kept in memory and read
 * again when they change here, or at most RELOAD_MS after another instance changed them.
 * A rule asks for any of: the US state of the lead's ZIP code, ZIP codes or their starts,
 * the ZIP code's market, the form; every condition it gives must match. The first rule
 * that matches wins; the default (a rule with no condition) comes last. A rule gives the
 * lead to one person, or to several in turn.
 */

export interface RoutingRule {
  id: number;
  position: number;
  /** What the desk calls it; null: named by its conditions (ruleName). */
  name: string | null;
  /** The US state of the lead's ZIP code ("TX"). */
  state: string | null;
  /** ZIP codes or their starts (3 to 5 digits): the lead's ZIP code starts with one of them. */
  zips: string[];
  market: string | null;
  kind: string | null;
  /** As saved, in turn order. */
  staffIds: number[];
}

/** What a rule is matched against: the lead's form and where its ZIP code lies. */
export interface LeadPlace {
  /** The form; null: not known (the routing screen's check without a form). */
  kind: string | null;
  zip?: string | null;
  market: string | null;
  state?: string | null;
}

export interface Owner {
  id: number;
  email: string;
}

interface Loaded {
  rules: RoutingRule[];
  /** The active sales and admin accounts a rule may give a lead to. */
  active: Map<number, Owner>;
  at: number;
}

const RELOAD_MS = 30_000;
const loaded = new WeakMap<Db, Promise<Loaded>>();

export const isDefaultRule = (r: Pick<RoutingRule, "market" | "kind" | "state" | "zips">) =>
  r.market === null && r.kind === null && r.state === null && r.zips.length === 0;

/** "780,78040, 733" as stored → ["780", "78040", "733"]. */
export function parseZips(text: string | null): string[] {
  return text
    ? text
        .split(",")
        .map((z) => z.trim())
        .filter(Boolean)
    : [];
}

/**
 * What the desk and a lead's timeline call a rule: its name, else its conditions
 * ("Texas · Business quote", "ZIP 780, 78040", "Dallas, TX"), "Default" for the default.
 */
export function ruleName(r: Pick<RoutingRule, "name" | "market" | "kind" | "state" | "zips">): string {
  if (r.name) return r.name;
  const parts = [
    r.state ? (stateName(r.state) ?? r.state) : null,
    r.zips.length ? `ZIP ${r.zips.join(", ")}` : null,
    r.market,
    r.kind ? kindLabel(r.kind) : null,
  ].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(" · ") : "Default";
}

/** The rules in the order they are tried: by position, the default last. */
export function inOrder(rules: RoutingRule[]): RoutingRule[] {
  return [...rules].sort((a, b) => Number(isDefaultRule(a)) - Number(isDefaultRule(b)) || a.position - b.position || a.id - b.id);
}

export async function readRules(db: Kysely<Database>): Promise<RoutingRule[]> {
  const rows = await db.selectFrom("routing_rules").select(["id", "position", "name", "state", "zips", "market", "kind", "staff_ids"]).execute();
  return inOrder(
    rows.map((r) => ({
      id: Number(r.id),
      position: Number(r.position),
      name: r.name,
      state: r.state,
      zips: parseZips(r.zips),
      market: r.market,
      kind: r.kind,
      staffIds: parseIds(r.staff_ids),
    })),
  );
}

export function parseIds(text: string): number[] {
  try {
    const ids = JSON.parse(text) as unknown;
    return Array.isArray(ids) ? ids.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

async function load(db: Db): Promise<Loaded> {
  const [rules, staff] = await Promise.all([readRules(db.kysely), activeStaff(db.kysely, ["sales", "admin"])]);
  return { rules, active: new Map(staff.map((s) => [Number(s.id), { id: Number(s.id), email: s.email }])), at: Date.now() };
}

/** The rules as this process holds them (read once, again after a change or RELOAD_MS). */
export async function currentRules(db: Db): Promise<Loaded> {
  const held = loaded.get(db);
  if (held) {
    const l = await held.catch(() => undefined);
    if (l && Date.now() - l.at < RELOAD_MS) return l;
  }
  const fresh = load(db);
  loaded.set(db, fresh);
  fresh.catch(() => loaded.delete(db));
  return fresh;
}

/** The rules (or the accounts) changed: the next lead reads them again. */
export function forgetRules(db: Db): void {
  loaded.delete(db);
}

// Built once per database handle: these run with every lead a rule gives (compiled.server.ts).
// SQLite: the turn moves in the rule's row, in the lead's transaction (one writer).
const nextTurn = (db: Db) =>
  compiledOnce(db.kysely, "routing-next-turn", 2, (k) =>
    k
      .updateTable("routing_rules")
      .set({ next_index: sql<number>`next_index + ${1}` })
      .where("id", "=", 0)
      .returning("next_index"),
  );
// PostgreSQL: a statement of its own in routing_turns (migration 030), committed at once, so
// no lock is held while the lead's batch goes on. None is taken for a submission stored
// before, nor for a rule another instance has removed meanwhile (its first person has the lead).
const takeTurn = (db: Db) =>
  compiledOnce(db.kysely, "routing-take-turn", 2, (k) => ({
    compile: () =>
      sql`INSERT INTO routing_turns (rule_id, taken) SELECT id, 1 FROM routing_rules
        WHERE id = ${0} AND NOT EXISTS (SELECT 1 FROM leads WHERE submission_id = ${""})
        ON CONFLICT (rule_id) DO UPDATE SET taken = routing_turns.taken + 1
        RETURNING taken AS next_index`.compile(k),
  }));
const ownerEvent = (db: Db) =>
  compiledOnce(db.kysely, "routing-owner-event", 5, (k) =>
    k.insertInto("lead_events").values({ lead_id: 0, staff_id: null, action: "routed", value: "", created_at: "" }),
  );

/**
 * The timeline's entry of a lead given by a rule (action "routed"): the person and the
 * rule's name as it was then, so the entry reads the same after the rule changes or goes.
 */
export interface RoutedEvent {
  to: number;
  rule: string;
  ruleId: number;
}

export function routedEvent(value: string | null): RoutedEvent | null {
  try {
    const v = JSON.parse(value ?? "") as Partial<RoutedEvent>;
    return typeof v.to === "number" && typeof v.rule === "string" ? { to: v.to, rule: v.rule, ruleId: Number(v.ruleId) } : null;
  } catch {
    return null;
  }
}

let lookup: ServiceAreaLookup | undefined;

/** The market a ZIP code lies in (or will: "coming soon"), or null. */
export function marketOfZip(zip: string | null | undefined): string | null {
  if (!zip || !/^\d{5}$/.test(zip)) return null;
  lookup ??= lookupFrom(table as ServiceAreaTable);
  const answer = lookup.answer(zip);
  return answer && answer.status !== "not-served" && answer.market ? answer.market : null;
}

/**
 * The US state of a ZIP code: the ZIP data's (loaded once per process, no query), else its
 * three-digit prefix's (zip-prefix-states.ts), else null.
 */
export async function stateOfZip(zip: string | null | undefined): Promise<string | null> {
  if (!zip || !/^\d{5}$/.test(zip)) return null;
  return (await zipPlaces())?.zip(zip)?.stateCode ?? stateOfZipPrefix(zip);
}

/** Where a lead's ZIP code lies, as the rules ask it. */
export async function placeOfZip(zip: string | null | undefined): Promise<{ market: string | null; state: string | null }> {
  return { market: marketOfZip(zip), state: await stateOfZip(zip) };
}

/** Whether every condition a rule gives matches the lead. */
export function ruleMatches(r: RoutingRule, lead: LeadPlace): boolean {
  const zip = lead.zip ?? null;
  return (
    (r.market === null || r.market === lead.market) &&
    (r.kind === null || r.kind === lead.kind) &&
    (r.state === null || r.state === (lead.state ?? null)) &&
    (r.zips.length === 0 || (zip !== null && r.zips.some((z) => zip.startsWith(z))))
  );
}

/** The first rule a lead matches (the default last), or undefined. */
export function matchRule(rules: RoutingRule[], lead: LeadPlace): RoutingRule | undefined {
  return rules.find((r) => ruleMatches(r, lead));
}

/** A new lead's owner, chosen before the lead is written (so the lead's insert carries it). */
export interface Assignment {
  owner: Owner;
  /** Writes the assignment into the stored lead's history. */
  record(leadId: number): Promise<void>;
  /**
   * The submission was stored before (a retry): nothing is assigned. On SQLite the turn taken
   * in the same transaction is given back; on PostgreSQL none was taken for a stored
   * submission, and one taken by a copy arriving at the same moment stays taken.
   */
  undo(): Promise<void>;
}

/**
 * Chooses a new lead's owner in the lead's own transaction (`trx`), before its insert: the
 * matching rule's person, or the next of its people in turn (the turn is kept in the
 * database, so it carries on after a restart and is shared by every instance). People
 * no longer active are passed over. Null when no rule matches or nobody is left.
 *
 * On PostgreSQL the turn is taken outside `trx` and is not given back: a lead whose write
 * fails, or the second of two copies of one submission arriving at the same moment,
 * passes a turn (the next lead goes to the person after). A copy of a submission stored
 * before takes none.
 */
export async function chooseOwner(
  db: Db,
  trx: Kysely<Database>,
  lead: { kind: string; zip: string | null; submissionId: string | null },
  now: string,
): Promise<Assignment | null> {
  const { rules, active } = await currentRules(db);
  if (!rules.length) return null;
  const rule = matchRule(rules, { kind: lead.kind, zip: lead.zip, ...(await placeOfZip(lead.zip)) });
  const people = rule ? rule.staffIds.filter((id) => active.has(id)) : [];
  if (!rule || !people.length) return null;
  let ownerId = people[0] as number;
  const inTurn = people.length > 1;
  const shared = db.dialect === "postgres";
  if (inTurn) {
    const [row] = shared
      ? await runCompiled<{ next_index: number | string }>(db.kysely, takeTurn(db), [rule.id, lead.submissionId])
      : await runCompiled<{ next_index: number }>(trx, nextTurn(db), [1, rule.id]);
    // No row: the rule is gone (its first person, as every instance did before it knew), or on
    // PostgreSQL the submission is stored already, and its insert will say so.
    const turn = Number(row?.next_index ?? 1) - 1;
    ownerId = people[turn % people.length] as number;
  }
  const owner = active.get(ownerId) as Owner;
  return {
    owner,
    record: async (leadId) => {
      const value: RoutedEvent = { to: ownerId, rule: ruleName(rule), ruleId: rule.id };
      await runCompiled(trx, ownerEvent(db), [leadId, null, "routed", JSON.stringify(value), now]);
    },
    undo: async () => {
      // The same statement that took the turn, stepping back by one (SQLite, in the same transaction).
      if (inTurn && !shared) await runCompiled(trx, nextTurn(db), [-1, rule.id]);
    },
  };
}
