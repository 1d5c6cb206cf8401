import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acceptSubmission } from "~/features/leads/accept.server";
import { formForBody } from "~/features/leads/forms/registry";
import { outboxMessages } from "~/server/messages.server";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { storeLead } from "../store.server";
import { sendLeadMessages } from "../messages.server";
import { changeLeads, saveLeadWork } from "../desk/query.server";
import { bulkChangeAll } from "../desk/bulk-all.server";
import { sendMorningFollowUps, localDay } from "./morning.server";
import { leadOverdue } from "./messages.server";
import { tellOverdue } from "./overdue.server";
import { chooseOwner, forgetRules, matchRule, routedEvent, type RoutingRule, stateOfZip } from "./rules.server";
import { checkZip } from "./routing-screen.server";
import { staffDirectory } from "~/features/staff/people.server";
import { addFollowUp, logCall, ownersOf, tellNewOwner } from "./work.server";

/**
 * Routing, first response and follow-ups against a real database (SQLite here, PostgreSQL
 * in the CI leg): which rule a lead matches, the owner given as the lead is stored (and
 * told by e-mail), the round-robin's turn kept across restarts, the overdue e-mail written
 * once even with two schedulers at once, and the morning e-mail once a day.
 */

let db: Db;
let outbox: Outbox;
let services: Services & { outbox: Outbox };
const staff: Record<string, number> = {};

beforeAll(async () => {
  db = await openTestDb();
  const settings = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")), LEAD_RESPONSE_MINUTES: "60" });
  const env = { ...settings, IP_HASH_SALT: "routing-test-salt-0123456" };
  const log = createLogger("silent");
  outbox = startOutbox({ db, env, log, messages: outboxMessages, paused: true });
  services = { env, db, log, outbox };
  await db.kysely.deleteFrom("routing_rules").execute();
  await db.kysely.deleteFrom("lead_followups").execute();
  const now = new Date().toISOString();
  for (const [name, role] of [
    ["ana", "sales"],
    ["ben", "sales"],
    ["cy", "sales"],
    ["boss", "admin"],
    ["ed", "editor"],
  ] as const) {
    const row = await db.kysely
      .insertInto("staff")
      .values({ email: `${name}@fillway.example`, name: null, role, password_hash: null, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    staff[name] = Number(row.id);
  }
});
beforeEach(async () => {
  await db.kysely.deleteFrom("routing_rules").execute();
  forgetRules(db);
});
afterAll(async () => {
  // On PostgreSQL the next file shares this database: leave no rule to route its leads.
  await db.kysely.deleteFrom("routing_rules").execute();
  await db.kysely.deleteFrom("lead_followups").execute();
  await outbox.stop();
  await db.close();
});

async function rule(
  position: number,
  market: string | null,
  kind: string | null,
  people: number[],
  more: { state?: string; zips?: string; name?: string } = {},
) {
  const at = new Date().toISOString();
  await db.kysely
    .insertInto("routing_rules")
    .values({ position, market, kind, ...more, staff_ids: JSON.stringify(people), created_at: at, updated_at: at })
    .execute();
  forgetRules(db);
}

/** A lead stored as the form action stores it: routed, with its messages. */
async function store(kind: string, zip: string | null, at?: string, submissionId: string = randomUUID()) {
  const stored = await storeLead(db, {
    kind,
    type: kind === "lead-business" ? 13 : 9,
    email: `v-${randomUUID().slice(0, 8)}@example.com`,
    payload: { firstName: "Dana", zipCode: zip ?? undefined },
    submissionId,
    assign: (lead, trx) => chooseOwner(db, trx, lead, new Date().toISOString()),
    messages: (id, trx, owner) => sendLeadMessages({ env: services.env, outbox }, kind, "v@example.com", id, trx, new Date(), owner),
  });
  if (at) await db.kysely.updateTable("leads").set({ created_at: at }).where("id", "=", stored.id).execute();
  const row = await db.kysely.selectFrom("leads").select(["assignee_id"]).where("id", "=", stored.id).executeTakeFirstOrThrow();
  return { id: stored.id, owner: row.assignee_id === null ? null : Number(row.assignee_id) };
}

const assignedMails = async (leadId: number) =>
  db.kysely
    .selectFrom("outbox")
    .select(["recipient", "staff_id"])
    .where("lead_id", "=", leadId)
    .where("template", "in", ["lead-assigned", "leads-assigned"])
    .execute();

describe("routing rules", () => {
  const r = (id: number, market: string | null, kind: string | null): RoutingRule => ({
    id,
    position: id,
    name: null,
    state: null,
    zips: [],
    market,
    kind,
    staffIds: [id],
  });
  it("takes the first rule that matches by market, by form or both, the default last", () => {
    const rules = [r(1, "Dallas, TX", "lead-business"), r(2, "Dallas, TX", null), r(3, null, "lead-business"), r(9, null, null)];
    expect(matchRule(rules, { market: "Dallas, TX", kind: "lead-business" })?.id).toBe(1);
    expect(matchRule(rules, { market: "Dallas, TX", kind: "lead-personal" })?.id).toBe(2);
    expect(matchRule(rules, { market: "Houston, TX", kind: "lead-business" })?.id).toBe(3);
    expect(matchRule(rules, { market: null, kind: "lead-personal" })?.id).toBe(9);
    expect(matchRule(rules.slice(0, 3), { market: null, kind: "fleet" })).toBeUndefined();
  });

  it("matches a rule by state, by ZIP codes or their starts, by form, in any combination", () => {
    const x = (id: number, more: Partial<RoutingRule>): RoutingRule => ({ ...r(id, null, null), ...more });
    const rules = [
      x(1, { zips: ["78040"], kind: "fleet" }),
      x(2, { state: "TX", kind: "lead-business" }),
      x(3, { zips: ["733", "7804"] }),
      x(4, { state: "TX" }),
      x(5, { state: "FL", market: "Miami, FL" }),
      x(9, {}),
    ];
    const at = (zip: string, state: string, kind: string, market: string | null = null) => matchRule(rules, { zip, state, kind, market })?.id;
    expect(at("78040", "TX", "fleet")).toBe(1);
    expect(at("78040", "TX", "lead-business")).toBe(2);
    expect(at("78041", "TX", "lead-personal")).toBe(3);
    expect(at("73301", "TX", "lead-personal")).toBe(3);
    expect(at("79901", "TX", "lead-personal")).toBe(4);
    expect(at("33101", "FL", "lead-personal", "Miami, FL")).toBe(5);
    expect(at("32801", "FL", "lead-personal", "Orlando, FL")).toBe(9);
  });

  it("knows the state of ZIP codes the markets do not reach, from the ZIP data or the prefix", async () => {
    expect(await stateOfZip("78040")).toBe("TX"); // Laredo
    expect(await stateOfZip("79901")).toBe("TX"); // El Paso
    expect(await stateOfZip("78520")).toBe("TX"); // Brownsville
    expect(await stateOfZip("33101")).toBe("FL");
    expect(await stateOfZip("73301")).toBe("TX"); // the IRS's Austin code, apart from its state's run
    expect(await stateOfZip("00901")).toBeNull(); // Puerto Rico: no state
    expect(await stateOfZip("7804")).toBeNull();
  });

  it("routes Texas by one rule, Laredo, El Paso and Brownsville too, and names the rule in the timeline", async () => {
    await rule(1, null, null, [staff.ana as number], { state: "TX", name: "Texas" });
    await rule(2, null, "lead-business", [staff.ben as number], { state: "FL" });
    const owners = [];
    for (const zip of ["78040", "79901", "78520", "75201"]) owners.push((await store("lead-personal", zip)).owner);
    expect(owners).toEqual([staff.ana, staff.ana, staff.ana, staff.ana]);
    expect((await store("lead-business", "33101")).owner).toBe(staff.ben);
    expect((await store("lead-personal", "33101")).owner).toBeNull();
    const laredo = await store("lead-personal", "78040");
    const event = await db.kysely.selectFrom("lead_events").select("value").where("lead_id", "=", laredo.id).executeTakeFirstOrThrow();
    expect(routedEvent(event.value)).toMatchObject({ to: staff.ana, rule: "Texas" });
  });

  it("answers where a ZIP code would go, and why, without storing anything", async () => {
    await rule(1, null, "lead-business", [staff.ben as number], { zips: "780" });
    await rule(2, null, null, [staff.ana as number, staff.cy as number], { state: "TX", name: "Texas" });
    await rule(3, null, null, [staff.ed as number], { state: "FL" });
    const rules = (await import("./rules.server")).readRules(db.kysely);
    const people = await staffDirectory(db);
    const before = await db.kysely
      .selectFrom("leads")
      .select((e) => e.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const laredo = await checkZip(await rules, people, "78040", "");
    expect(laredo.error).toBeNull();
    expect(laredo.rule).toEqual({ name: "Texas", order: "rule 2" });
    expect(laredo.people).toEqual(["ana@fillway.example", "cy@fillway.example"]);
    expect(laredo.answer).toContain("Laredo, TX");
    expect(laredo.answer).toContain("One rule for one form was passed over");
    expect((await checkZip(await rules, people, "78040", "lead-business")).rule).toEqual({ name: "ZIP 780 · Business contact form", order: "rule 1" });
    // An editor cannot take leads: the rule matches, nobody gets the lead.
    const miami = await checkZip(await rules, people, "33101", "");
    expect(miami.people).toEqual([]);
    expect(miami.answer).toContain("unassigned");
    expect((await checkZip(await rules, people, "99501", "")).rule).toBeNull();
    expect((await checkZip(await rules, people, "7804", "")).error).toBe("Enter a ZIP code of 5 digits, such as 78040");
    const after = await db.kysely
      .selectFrom("leads")
      .select((e) => e.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("gives a stored lead its owner by the ZIP code's market and form, and e-mails the owner", async () => {
    await rule(1, "Dallas, TX", "lead-business", [staff.ana as number]);
    await rule(2, "Houston, TX", null, [staff.ben as number]);
    await rule(3, null, "lead-business", [staff.cy as number]);
    const dallasBusiness = await store("lead-business", "75201");
    const houstonPersonal = await store("lead-personal", "77002");
    const phoenixBusiness = await store("lead-business", "85001");
    const nowhere = await store("lead-personal", "99501");
    expect([dallasBusiness.owner, houstonPersonal.owner, phoenixBusiness.owner, nowhere.owner]).toEqual([staff.ana, staff.ben, staff.cy, null]);
    expect(await assignedMails(dallasBusiness.id)).toEqual([{ recipient: "ana@fillway.example", staff_id: staff.ana }]);
    expect(await assignedMails(nowhere.id)).toEqual([]);
    const events = await db.kysely.selectFrom("lead_events").select(["action", "value", "staff_id"]).where("lead_id", "=", dallasBusiness.id).execute();
    // Given by the rule, nobody's doing: the timeline names the rule and the person.
    expect(events.map((e) => [e.action, e.staff_id, routedEvent(e.value)?.to, routedEvent(e.value)?.rule])).toEqual([
      ["routed", null, staff.ana, "Dallas, TX · Business contact form"],
    ]);
  });

  it("routes a visitor's submission through the form path in the same write", async () => {
    await rule(1, null, null, [staff.boss as number]);
    const body = {
      email: "dana@example.com",
      firstName: "Dana",
      lastName: "Reyes",
      zipCode: "75201",
      phone: "2145550123",
      type: 9,
      submissionId: randomUUID(),
    };
    const spec = formForBody("/web/form", body);
    if (!spec) throw new Error("no spec");
    expect((await acceptSubmission(services, spec, body, { ip: "127.0.0.1", wire: true, pagePath: "/gasoline" })).status).toBe("stored");
    const row = await db.kysely.selectFrom("leads").select(["id", "assignee_id"]).where("submission_id", "=", body.submissionId).executeTakeFirstOrThrow();
    expect(Number(row.assignee_id)).toBe(staff.boss);
    expect((await assignedMails(Number(row.id))).map((m) => m.recipient)).toEqual(["boss@fillway.example"]);
    // A replay of the same submission stores, routes and e-mails nothing more.
    await acceptSubmission(services, spec, body, { ip: "127.0.0.1", wire: true, pagePath: "/gasoline" });
    expect(await assignedMails(Number(row.id))).toHaveLength(1);
  });

  it("takes several people in turn, and the turn carries on after a restart (rules read afresh)", async () => {
    const team = [staff.ana as number, staff.ben as number, staff.cy as number];
    await rule(1, null, "lead-personal", team);
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await store("lead-personal", "75201")).owner);
    expect(first).toEqual([staff.ana, staff.ben, staff.cy, staff.ana]);
    forgetRules(db); // as a new process would
    const after = [];
    for (let i = 0; i < 2; i++) after.push((await store("lead-personal", "75201")).owner);
    expect(after).toEqual([staff.ben, staff.cy]);
  });

  it("shares many leads arriving at once out evenly, in turn, whichever batch stores them", async () => {
    const team = [staff.ana as number, staff.ben as number, staff.cy as number];
    await rule(1, null, "lead-personal", team);
    const owners = (await Promise.all(Array.from({ length: 30 }, () => store("lead-personal", "75201")))).map((l) => l.owner);
    expect(team.map((id) => owners.filter((o) => o === id).length)).toEqual([10, 10, 10]);
    // A rule removed takes its turn with it: the same rule made again starts with its first person.
    await db.kysely.deleteFrom("routing_rules").execute();
    await rule(1, null, "lead-personal", team);
    expect((await store("lead-personal", "75201")).owner).toBe(staff.ana);
  });

  it("stores a lead under a rule another instance has just removed, for that rule's first person", async () => {
    const team = [staff.ana as number, staff.ben as number];
    await rule(1, null, "lead-personal", team);
    expect((await store("lead-personal", "75201")).owner).toBe(staff.ana);
    // Removed elsewhere: this process still holds the rule until it reads the rules again.
    await db.kysely.deleteFrom("routing_rules").execute();
    const lead = await store("lead-personal", "75201");
    expect(lead.owner).toBe(staff.ana);
    expect(await assignedMails(lead.id)).toEqual([{ recipient: "ana@fillway.example", staff_id: staff.ana }]);
  });

  it("a retried submission is stored once, with one owner, one history line and one e-mail, and takes no turn", async () => {
    const team = [staff.ana as number, staff.ben as number];
    await rule(1, null, "lead-personal", team);
    const id = randomUUID();
    const first = await store("lead-personal", "75201", undefined, id);
    const retry = await store("lead-personal", "75201", undefined, id);
    expect(retry).toEqual(first);
    expect(first.owner).toBe(staff.ana);
    expect((await store("lead-personal", "75201")).owner).toBe(staff.ben);
    const events = await db.kysely.selectFrom("lead_events").select("value").where("lead_id", "=", first.id).where("action", "=", "routed").execute();
    expect(events.map((e) => routedEvent(e.value)?.to)).toEqual([staff.ana]);
    expect(await assignedMails(first.id)).toHaveLength(1);
  });

  it("passes over accounts that are disabled or cannot own leads", async () => {
    await db.kysely
      .updateTable("staff")
      .set({ disabled_at: new Date().toISOString() })
      .where("id", "=", staff.cy as number)
      .execute();
    await rule(1, null, null, [staff.cy as number, staff.ed as number]);
    expect((await store("lead-personal", "75201")).owner).toBeNull();
    await db.kysely
      .updateTable("staff")
      .set({ disabled_at: null })
      .where("id", "=", staff.cy as number)
      .execute();
  });
});

describe("assigning every matching lead", () => {
  it("takes the overdue view as the inbox shows it and e-mails the new owner once, with the count", async () => {
    const zip = "75988";
    const old = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const overdue = [await store("lead-personal", zip, old), await store("lead-personal", zip, old), await store("lead-personal", zip, old)];
    const answered = await store("lead-personal", zip, old);
    await saveLeadWork(db, answered.id, { note: "Called back" }, staff.boss as number);
    const recent = await store("lead-personal", zip);
    const form = (extra: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ filter: `?view=overdue&q=${zip}`, status: "", assignee: String(staff.ben), ...extra })) f.set(k, v);
      return f;
    };
    const me = { id: staff.boss as number };
    const asked = await bulkChangeAll(services, me, form({}));
    expect(asked).toMatchObject({ kind: "confirm", n: 3 });
    if (asked.kind !== "confirm") return;
    const done = await bulkChangeAll(services, me, form({ confirm: "3", upTo: asked.upTo }));
    expect(done).toMatchObject({ kind: "done" });
    const ids = [...overdue.map((l) => l.id), answered.id, recent.id];
    const owners = await ownersOf(db, ids);
    expect(ids.map((id) => owners.get(id))).toEqual([staff.ben, staff.ben, staff.ben, null, null]);
    const mails = await db.kysely.selectFrom("outbox").select(["recipient", "payload"]).where("template", "=", "leads-assigned-many").execute();
    expect(mails.map((m) => [m.recipient, JSON.parse(m.payload).count])).toEqual([["ben@fillway.example", 3]]);
    // Given to oneself: no e-mail.
    await bulkChangeAll(services, { id: staff.ben as number }, form({ filter: `?q=${zip}`, confirm: "5", upTo: new Date().toISOString() }));
    expect(await db.kysely.selectFrom("outbox").select("id").where("template", "=", "leads-assigned-many").execute()).toHaveLength(1);
  });
});

describe("assigning by hand", () => {
  it("e-mails the new owner once, listing the leads given to them, not one they already had, nor anyone taking leads themselves", async () => {
    const [a, b, c] = [await store("lead-personal", null), await store("lead-personal", null), await store("lead-personal", null)];
    await changeLeads(db, [c.id], { assigneeId: staff.ben as number }, staff.boss as number);
    const ids = [a.id, b.id, c.id];
    const before = await ownersOf(db, ids);
    await changeLeads(db, ids, { assigneeId: staff.ben as number }, staff.boss as number);
    await tellNewOwner(services, before, staff.ben, staff.boss as number);
    const mails = await db.kysely.selectFrom("outbox").select(["payload", "recipient"]).where("template", "=", "leads-assigned").execute();
    const given = mails.filter((m) => JSON.parse(m.payload).leadIds.some((id: number) => ids.includes(id)));
    expect(given.map((m) => [JSON.parse(m.payload).leadIds, m.recipient])).toEqual([[[a.id, b.id], "ben@fillway.example"]]);
    // Ben takes a lead himself: nobody is e-mailed.
    const d = await store("lead-personal", null);
    const mine = await ownersOf(db, [d.id]);
    await saveLeadWork(db, d.id, { assigneeId: staff.ben as number }, staff.ben as number);
    await tellNewOwner(services, mine, staff.ben, staff.ben as number);
    expect(await assignedMails(d.id)).toEqual([]);
  });
});

describe("first response and overdue leads", () => {
  const minutesAgo = (m: number, from = Date.now()) => new Date(from - m * 60_000).toISOString();

  it("a status change, a note, a call or a follow-up is the first touch; later ones keep it", async () => {
    const a = await store("lead-personal", "75201");
    const b = await store("lead-personal", "75201");
    const c = await store("lead-personal", "75201");
    await saveLeadWork(db, a.id, { status: "contacted" }, staff.ana as number);
    await saveLeadWork(db, b.id, { note: "Left a message" }, staff.ana as number);
    await logCall(db, c.id, staff.ana as number, { outcome: "reached", note: null });
    const touched = async (id: number) =>
      (await db.kysely.selectFrom("leads").select("first_touch_at").where("id", "=", id).executeTakeFirstOrThrow()).first_touch_at;
    const firstA = await touched(a.id);
    expect(firstA).not.toBeNull();
    expect(await touched(b.id)).not.toBeNull();
    expect(await touched(c.id)).not.toBeNull();
    await addFollowUp(db, a.id, staff.ana as number, { due: minutesAgo(-60), note: null });
    expect(await touched(a.id)).toBe(firstA);
  });

  /** Each person's "not answered yet" e-mails: recipient, the leads listed, when due. */
  const overdueMails = async () =>
    (
      await db.kysely
        .selectFrom("outbox")
        .select(["id", "recipient", "payload", "next_attempt_at", "state"])
        .where("template", "=", "lead-overdue")
        .orderBy("id")
        .execute()
    ).map((r) => ({ ...r, leadIds: (JSON.parse(r.payload) as { leadIds: number[] }).leadIds }));

  it("tells the owner and each admin once per lead, even with two schedulers at the same moment", async () => {
    // The leads of the tests before were reported already (a deployment's older leads alike).
    await db.kysely.updateTable("leads").set({ overdue_told_at: new Date().toISOString() }).execute();
    await db.kysely.deleteFrom("outbox").where("template", "=", "lead-overdue").execute();
    await rule(1, null, null, [staff.ana as number]);
    const late = await store("lead-personal", "75201", minutesAgo(61));
    const answered = await store("lead-personal", "75201", minutesAgo(90));
    await saveLeadWork(db, answered.id, { status: "contacted" }, staff.ana as number);
    const fresh = await store("lead-personal", "75201", minutesAgo(30));
    const counts = await Promise.all([tellOverdue(services), tellOverdue(services)]);
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(1);
    const told = await overdueMails();
    expect(
      told
        .filter((t) => t.leadIds.includes(late.id))
        .map((t) => t.recipient)
        .sort(),
    ).toEqual(["ana@fillway.example", "boss@fillway.example"]);
    expect(told.some((t) => t.leadIds.includes(answered.id) || t.leadIds.includes(fresh.id))).toBe(false);
    // A lone late lead after a quiet while is told at once.
    for (const t of told) expect(Date.parse(t.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    // The next minute's check, and one after a restart, tell nobody again.
    expect(await tellOverdue(services)).toBe(0);
    expect(await tellOverdue(services, new Date(Date.now() + 3_600_000))).toBe(1); // `fresh` is late by then
    const again = await overdueMails();
    expect(again.filter((t) => t.leadIds.includes(late.id))).toHaveLength(2);
    expect(again.filter((t) => t.leadIds.includes(fresh.id))).toHaveLength(2);
  });

  it("a flood of late leads is a few e-mails a person, not one a lead, and each lead is in one of them", async () => {
    await db.kysely.updateTable("leads").set({ overdue_told_at: new Date().toISOString() }).execute();
    await db.kysely.deleteFrom("outbox").where("template", "=", "lead-overdue").execute();
    // 60 leads, one late every 40 seconds for 40 minutes, checked every 40 seconds as the
    // schedule does; the outbox sends each e-mail when it is due.
    const t0 = Date.parse("2031-05-05T10:00:00.000Z");
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push((await store("lead-personal", "75201", minutesAgo(61, t0 + i * 40_000))).id);
    for (let i = 0; i < 60; i++) {
      const now = new Date(t0 + i * 40_000);
      await db.kysely
        .updateTable("outbox")
        .set({ state: "sent" })
        .where("template", "=", "lead-overdue")
        .where("next_attempt_at", "<=", now.toISOString())
        .execute();
      await tellOverdue(services, now);
    }
    const mails = (await overdueMails()).filter((m) => m.recipient === "boss@fillway.example");
    const span = services.env.OVERDUE_MAIL_MINUTES * 60_000;
    const perInterval = new Map<number, number>();
    for (const m of mails) {
      const interval = Math.floor((Date.parse(m.next_attempt_at) - 1) / span);
      perInterval.set(interval, (perInterval.get(interval) ?? 0) + 1);
    }
    expect(mails.length).toBeLessThanOrEqual(6);
    for (const n of perInterval.values()) expect(n).toBeLessThanOrEqual(2);
    expect(mails.flatMap((m) => m.leadIds).sort((a, b) => a - b)).toEqual(ids);

    // One of them as the person reads it: each lead with what a call back needs.
    const biggest = mails.reduce((a, b) => (b.leadIds.length > a.leadIds.length ? b : a));
    await saveLeadWork(db, biggest.leadIds[0] as number, { status: "contacted" }, staff.ana as number);
    const row = await db.kysely.selectFrom("outbox").selectAll().where("id", "=", biggest.id).executeTakeFirstOrThrow();
    const delivery = await leadOverdue.render({ db, env: services.env, row, lead: undefined, payload: JSON.parse(row.payload) });
    const mail = "mail" in delivery ? delivery.mail : null;
    expect(mail?.subject).toBe(`Not answered yet: ${biggest.leadIds.length} leads`);
    expect(mail?.text).toContain("These leads were not answered within 60 minutes:");
    expect(mail?.text).toContain("(answered since)");
    expect(mail?.text?.match(/Phone: /g)).toHaveLength(biggest.leadIds.length);
    expect(mail?.text).toContain(`/desk/leads/${biggest.leadIds[1]}`);
  });
});

describe("the morning e-mail", () => {
  it("lists a person's follow-ups due that day or late, once a day, from 07:00", async () => {
    await db.kysely.deleteFrom("lead_followups").execute();
    const lead = await store("lead-personal", "75201");
    const day = "2031-03-04";
    await addFollowUp(db, lead.id, staff.ben as number, { due: `${day}T15:00:00.000Z`, note: "Send the price list" });
    await addFollowUp(db, lead.id, staff.ben as number, { due: "2031-03-09T15:00:00.000Z", note: null });
    const mails = () => db.kysely.selectFrom("outbox").select(["recipient", "payload", "idempotency_key"]).where("template", "=", "follow-ups-due").execute();
    await sendMorningFollowUps({ db, outbox }, new Date(`${day}T06:59:00Z`));
    expect(await mails()).toEqual([]);
    await sendMorningFollowUps({ db, outbox }, new Date(`${day}T07:00:00Z`));
    await sendMorningFollowUps({ db, outbox }, new Date(`${day}T07:01:00Z`));
    // Another instance (its own memory) at the same time writes nothing more.
    const other = await openTestDbTwin();
    await sendMorningFollowUps({ db: other, outbox }, new Date(`${day}T08:00:00Z`));
    const sent = await mails();
    expect(sent.map((m) => m.recipient)).toEqual(["ben@fillway.example"]);
    const items = JSON.parse(sent[0]?.payload ?? "{}").items as { leadId: number; due: string }[];
    expect(items.map((i) => i.due)).toEqual([`${day} 15:00 UTC`]);
    await sendMorningFollowUps({ db, outbox }, new Date("2031-03-05T07:00:00Z"));
    expect(await mails()).toHaveLength(2);
  });

  it("reads the day and the hour in a member of staff's time zone", () => {
    expect(localDay(new Date("2031-03-04T12:30:00Z"), "America/Chicago")).toEqual({ day: "2031-03-04", hour: 6, endsAt: "2031-03-05T06:00:00.000Z" });
    expect(localDay(new Date("2031-03-04T12:30:00Z"), "UTC")).toEqual({ day: "2031-03-04", hour: 12, endsAt: "2031-03-05T00:00:00.000Z" });
  });
});

/** The same database through a second handle: another process's memory, the same rows. */
function openTestDbTwin(): Db {
  return Object.assign(Object.create(Object.getPrototypeOf(db)), db) as Db;
}
