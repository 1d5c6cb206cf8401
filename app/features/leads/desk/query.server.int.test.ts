import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { leadFilters as filters } from "../../../../tests/helpers/leads";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { decodeCursor, encodeCursor, parseLeadFilters, parseSubscriberFilters } from "./filters.server";
import { changeLeads, eachLeadBatch, getLead, leadEvents, leadNeighbours, listLeads, listSubscribers, saveLeadWork } from "./query.server";
import { searchColumns } from "./search-columns.server";

let db: Db;
let seq = 0;
async function insert(kind: string, type: number, email: string, payload: Record<string, unknown>, opts: { page?: string; at?: string } = {}) {
  seq++;
  const row = await db.kysely
    .insertInto("leads")
    .values({
      kind,
      type,
      email,
      payload: JSON.stringify({ ...payload, email, type }),
      page_path: opts.page ?? "/gasoline",
      user_agent: "Test agent",
      created_at: opts.at ?? new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
      status: kind === "newsletter" ? "subscribed" : "new",
      ...searchColumns(email, payload),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe("the desk's lead queries", () => {
  let ids: Record<string, number> = {};
  beforeAll(async () => {
    db = await openTestDb();
    ids = {
      ana: await insert("lead-personal", 9, "Ana.Lopez@Example.com", {
        firstName: "Ana",
        lastName: "López",
        phone: "(214) 555-0100",
        zipCode: "75201",
        city: "Dallas",
      }),
      acme: await insert(
        "lead-business",
        13,
        "fleet@acme.example",
        { bussinessName: "Acme Haulage", phone: "4695550111", zipCode: "75001" },
        { page: "/business-fleets-trucking-and-construction-companies" },
      ),
      quote: await insert(
        "quote-business",
        19,
        "ops@zeta.example",
        {
          businessName: "Zeta Logistics",
          phoneNumber: "+1 972 555 0123",
          zipCode: "75201",
          city: "Dallas",
          deliveryWindowStartTime: 28_800_000,
          deliveryWindowEndTime: 43_200_000,
        },
        { page: "/getafleet" },
      ),
      jon: await insert("lead-personal", 8, "jon@example.com", { firstName: "Jon", lastName: "Smith", zipCode: "10001" }, { page: "/diesel-on-demand" }),
      news: await insert("newsletter", 4, "reader@example.com", {}, { page: "/" }),
    };
    for (let i = 0; i < 7; i++) await insert("lead-personal", 1, `bulk${i}@example.com`, { firstName: "Bulk", lastName: `Person${i}` }, { page: "/" });
  });
  afterAll(async () => db.close());

  it("lists every lead but no newsletter rows, newest first", async () => {
    const page = await listLeads(db, filters(""));
    expect(page.rows).toHaveLength(11);
    expect(page.rows[0]?.email).toBe("bulk6@example.com");
    expect(page.rows.at(-1)?.id).toBe(ids.ana);
    const ana = page.rows.at(-1);
    expect(ana?.typeLabel).toBe("Gasoline (9)");
    expect(ana?.who).toBe("Ana López");
    expect(ana?.zip).toBe("75201");
    expect(page.next).toBeNull();
  });

  it("combines filters: form kind, type, page, status, date range", async () => {
    expect((await listLeads(db, filters("kind=lead-business"))).rows.map((r) => r.id)).toEqual([ids.acme]);
    expect((await listLeads(db, filters("type=19"))).rows.map((r) => r.id)).toEqual([ids.quote]);
    expect((await listLeads(db, filters("page=/diesel-on-demand"))).rows.map((r) => r.id)).toEqual([ids.jon]);
    expect((await listLeads(db, filters("kind=lead-personal&type=9"))).rows.map((r) => r.id)).toEqual([ids.ana]);
    expect((await listLeads(db, filters("from=2026-01-01&to=2026-01-01"))).rows).toHaveLength(11);
    expect((await listLeads(db, filters("from=2026-01-02"))).rows).toHaveLength(0);
  });

  it("searches e-mail, names, business, phone and ZIP through indexed columns", async () => {
    const found = async (q: string) => (await listLeads(db, filters(`q=${encodeURIComponent(q)}`))).rows.map((r) => r.id).sort();
    expect(await found("ana.lopez@example.com")).toEqual([ids.ana]);
    expect(await found("ANA.LOPEZ@")).toEqual([ids.ana]);
    expect(await found("lópez")).toEqual([ids.ana]);
    expect(await found("ana ló")).toEqual([ids.ana]);
    expect(await found("acme")).toEqual([ids.acme]);
    expect(await found("zeta log")).toEqual([ids.quote]);
    expect(await found("214-555")).toEqual([ids.ana]);
    expect(await found("(972) 555-0123")).toEqual([ids.quote]);
    expect(await found("75201")).toEqual([ids.ana, ids.quote].sort());
    expect(await found("smith")).toEqual([ids.jon]);
    expect(await found("nobody")).toEqual([]);
  });

  it("keeps spam out of every list that does not ask for it, and walks a filtered list lead by lead", async () => {
    const a = await insert("lead-personal", 1, "walk-a@walk.test", { firstName: "Walk", lastName: "Alpha" });
    const spam = await insert("lead-personal", 1, "walk-s@walk.test", { firstName: "Walk", lastName: "Spam" });
    const b = await insert("lead-personal", 1, "walk-b@walk.test", { firstName: "Walk", lastName: "Beta" });
    await changeLeads(db, [spam], { status: "spam" }, 3);
    const found = async (qs: string) => (await listLeads(db, filters(qs))).rows.map((r) => r.id);
    expect(await found("q=walk")).toEqual([b, a]);
    expect(await found("q=walk&status=spam")).toEqual([spam]);
    expect(await found("")).not.toContain(spam);
    const lead = await getLead(db, a);
    expect(await leadNeighbours(db, filters("q=walk"), { id: a, createdAt: lead?.createdAt ?? "" })).toEqual({ newer: b, older: null });
    const newest = await getLead(db, b);
    expect(await leadNeighbours(db, filters("q=walk"), { id: b, createdAt: newest?.createdAt ?? "" })).toEqual({ newer: null, older: a });
    await db.kysely.deleteFrom("lead_events").where("lead_id", "in", [a, spam, b]).execute();
    await db.kysely.deleteFrom("leads").where("id", "in", [a, spam, b]).execute();
  });

  it("finds a lead by the reference the visitor was given, in any case, with or without #", async () => {
    const id = await insert("lead-personal", 1, "ref@example.com", { firstName: "Reff", lastName: "Erence", zipCode: "10001" });
    await db.kysely.updateTable("leads").set({ submission_id: "939bbdde-3c1f-4a8e-9d51-0f6a2b7c8d90" }).where("id", "=", id).execute();
    const found = async (q: string) => (await listLeads(db, filters(`q=${encodeURIComponent(q)}`))).rows.map((r) => r.id);
    for (const q of ["939BBDDE", "939bbdde", "#939BBDDE", "# 939bbdde"]) expect(await found(q), q).toEqual([id]);
    expect(await found("939BBDDF")).toEqual([]);
    await db.kysely.deleteFrom("leads").where("id", "=", id).execute();
  });

  it("pages by keyset both ways", async () => {
    const first = await listLeads(db, filters(""), 4);
    expect(first.rows).toHaveLength(4);
    expect(first.prev).toBeNull();
    const second = await listLeads(db, filters(`after=${first.next}`), 4);
    expect(second.rows[0]?.id).toBeLessThan(first.rows[3]?.id as number);
    const third = await listLeads(db, filters(`after=${second.next}`), 4);
    expect(third.rows).toHaveLength(3);
    expect(third.next).toBeNull();
    const back = await listLeads(db, filters(`before=${third.prev}`), 4);
    expect(back.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    const backAgain = await listLeads(db, filters(`before=${back.prev}`), 4);
    expect(backAgain.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(backAgain.prev).toBeNull();
  });

  it("pages a filtered list by keyset both ways, in the same order as the whole list", async () => {
    const all = (await listLeads(db, filters("page=/"), 50)).rows.map((r) => r.id);
    expect(all).toHaveLength(7);
    const first = await listLeads(db, filters("page=/"), 3);
    const second = await listLeads(db, filters(`page=/&after=${first.next}`), 3);
    const third = await listLeads(db, filters(`page=/&after=${second.next}`), 3);
    expect([...first.rows, ...second.rows, ...third.rows].map((r) => r.id)).toEqual(all);
    expect(third.next).toBeNull();
    const back = await listLeads(db, filters(`page=/&before=${third.prev}`), 3);
    expect(back.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
  });

  it("rejects malformed filters and cursors with a message", () => {
    const bad = (qs: string) => {
      const p = parseLeadFilters(new URLSearchParams(qs));
      return p.ok ? [] : p.errors;
    };
    expect(bad("type=99")[0]).toMatch(/Type code/);
    expect(bad("status=closed")[0]).toMatch(/Status/);
    expect(bad("kind=nope")[0]).toMatch(/Form/);
    expect(bad("from=2026-02-30")[0]).toMatch(/not a real date/);
    expect(bad("from=2026-03-01&to=2026-02-01")[0]).toMatch(/From must be on or before To/);
    expect(bad("after=xyz")[0]).toMatch(/page link is not valid/);
    expect(bad(`after=${Buffer.from("2026-01-01|1").toString("base64url")}`)[0]).toMatch(/page link/);
    expect(bad("assignee=bob")[0]).toMatch(/Assignee/);
    expect(bad("page=gasoline")[0]).toMatch(/Page/);
    expect(decodeCursor(encodeCursor({ at: "2026-01-01T00:00:00.000Z", id: 5 }))).toEqual({ at: "2026-01-01T00:00:00.000Z", id: 5 });
  });

  it("changes status and assignee with a timeline entry for each change, and keeps notes", async () => {
    const changed = await changeLeads(db, [ids.ana as number, ids.acme as number], { status: "contacted", assigneeId: 7 }, 3);
    expect(changed).toBe(2);
    expect(await changeLeads(db, [ids.ana as number], { status: "contacted" }, 3)).toBe(0);
    // The lead page's one save: a note typed with a status change is kept with it.
    expect(await saveLeadWork(db, ids.ana as number, { status: "qualified", note: "Called, wants a quote for 3 trucks" }, 3)).toEqual({
      changed: true,
      noted: true,
    });
    expect(await saveLeadWork(db, ids.ana as number, { status: "qualified" }, 3)).toEqual({ changed: false, noted: false });
    const events = await leadEvents(db, ids.ana as number);
    expect(events.map((e) => [e.action, e.value, e.staffId])).toEqual([
      ["status", "contacted", 3],
      ["assignee", "7", 3],
      ["status", "qualified", 3],
      ["note", "Called, wants a quote for 3 trucks", 3],
    ]);
    await changeLeads(db, [ids.ana as number], { status: "contacted" }, 3);
    expect((await getLead(db, ids.ana as number))?.status).toBe("contacted");
    expect((await listLeads(db, filters("status=contacted&assignee=7"))).rows.map((r) => r.id).sort()).toEqual([ids.ana, ids.acme].sort());
    expect((await listLeads(db, filters("assignee=none"))).rows).toHaveLength(9);
  });

  it("lists subscribers by type and streams a filter in batches", async () => {
    const p = parseSubscriberFilters(new URLSearchParams("type=home"));
    if (!p.ok) throw new Error("filters");
    expect((await listSubscribers(db, p.filters)).rows.map((r) => r.id)).toEqual([ids.news]);
    let n = 0;
    let batches = 0;
    for await (const rows of eachLeadBatch(db, { leads: filters("") }, 3)) {
      n += rows.length;
      batches++;
    }
    expect(n).toBe(11);
    expect(batches).toBe(4);
  });

  it("answers the inbox's queries from indexes, never a full scan (SQLite plan)", async (ctx) => {
    ctx.skip(db.dialect !== "sqlite", "reads SQLite's EXPLAIN QUERY PLAN");
    await sql`ANALYZE`.execute(db.kysely);
    const plan = async (qs: string) => {
      const details: string[] = [];
      for (const query of (await import("./query.server")).inboxQueriesForPlan(db, filters(qs))) {
        const compiled = query.compile();
        const rows = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${inline(compiled.sql, compiled.parameters)}`).execute(db.kysely);
        details.push(...rows.rows.map((r) => r.detail));
      }
      return details.join(" | ");
    };
    for (const qs of [
      "",
      "kind=quote-business",
      "type=9",
      "page=/gasoline",
      "status=won",
      "assignee=3",
      "q=ana@example.com",
      "q=75201",
      "q=%23939BBDDE",
      "q=smith",
      "q=o%E2%80%99brien",
      "q=jos%C3%A9 pe%C3%B1a",
      "landing=/gasoline",
      "referrer=www.google.com",
      "utm_source=newsletter",
      "utm_medium=email",
      "utm_campaign=spring",
      `after=${encodeCursor({ at: "2026-01-01T00:03:00.000Z", id: 3 })}`,
    ]) {
      expect(await plan(qs), qs).not.toMatch(/SCAN leads(?! USING|_search)/);
    }
  });
});

function inline(text: string, params: readonly unknown[]): string {
  let i = 0;
  return text.replace(/\?/g, () => {
    const v = params[i++];
    return typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
