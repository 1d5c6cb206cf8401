import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { attributionValues } from "./attribution-values.server";
import { type LeadFilters, parseLeadFilters } from "./filters.server";
import { deleteByEmail } from "./privacy.server";
import { COUNT_CAP, countMatching, listLeads } from "./query.server";
import { searchColumns } from "./search-columns.server";
import { leadSearchFoldMigration } from "~/platform/db/migrations/036-lead-search-fold";
import { catchUpSearch, FEW_MATCHES, RECENT_IDS, searchCondition, searchWords, wordsQuery } from "./search.server";
import { testServices } from "../../../../tests/helpers/services";
import { createLogger } from "~/platform/logger.server";

/**
 * The inbox's search box and attribution filters as sales uses them: any word of a lead
 * (migration 018's index), the words together, filters in any case.
 */

let db: Db;
let seq = 0;
async function insert(kind: string, email: string, payload: Record<string, unknown>, extra: Record<string, string | null> = {}) {
  seq++;
  const row = await db.kysely
    .insertInto("leads")
    .values({
      kind,
      type: 1,
      email,
      payload: JSON.stringify({ ...payload, email }),
      page_path: "/",
      user_agent: "Test agent",
      created_at: new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
      status: kind === "newsletter" ? "subscribed" : "new",
      ...searchColumns(email, payload, kind),
      ...extra,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const found = async (qs: string) => {
  const p = parseLeadFilters(new URLSearchParams(qs));
  if (!p.ok) throw new Error(p.errors.join("; "));
  return (await listLeads(db, p.filters)).rows.map((r) => r.id).sort((a, b) => a - b);
};
const search = (q: string) => found(`q=${encodeURIComponent(q)}`);

describe("the desk's search box and attribution filters", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    db = await openTestDb();
    ids.lone = await insert(
      "quote-business",
      "lone@gmail.com",
      { businessName: "Lone Star Haulers", phoneNumber: "(214) 555-0142", zipCode: "75201", city: "Dallas" },
      { utm_source: "Google", utm_medium: "CPC", utm_campaign: "Spring-Fleet", referrer_host: "www.bing.com", landing_page: "/GetAFleet" },
    );
    ids.maria = await insert(
      "lead-personal",
      "maria.obrien@yahoo.com",
      { firstName: "María", lastName: "O'Brien", phone: "+1 469 555 0199", zipCode: "77002", city: "Houston" },
      { utm_source: "google", referrer_host: "bing.com" },
    );
    ids.dallasPlumbing = await insert(
      "quote-business",
      "ops@dfwplumbing.com",
      { businessName: "DFW Plumbing", phoneNumber: "9725550100", zipCode: "75001", city: "Dallas" },
      { utm_source: "newsletter", referrer_host: "www.google.com" },
    );
    ids.subscriber = await insert("newsletter", "lonestar@gmail.com", {});
  });
  afterAll(async () => db.close());

  it("finds a word anywhere in the business name, and a city", async () => {
    expect(await search("Haulers")).toEqual([ids.lone]);
    expect(await search("haul")).toEqual([ids.lone]);
    expect(await search("star")).toEqual([ids.lone]);
    expect(await search("dallas")).toEqual([ids.lone, ids.dallasPlumbing]);
    expect(await search("HOUSTON")).toEqual([ids.maria]);
  });

  it("finds a lead stored a moment ago, though its insert left the index alone (SQLite)", async () => {
    const id = await insert("lead-personal", "fresh@example.com", { firstName: "Quillon", lastName: "Fresh", zipCode: "10001" });
    if (db.dialect === "sqlite") {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM leads_search WHERE rowid = ${id}`.execute(db.kysely);
      expect(Number(rows[0]?.n)).toBe(0);
    }
    expect(await search("quillon")).toEqual([id]);
    expect(await catchUpSearch(db)).toBe(0);
  });

  it("finds a first or last name, with or without accents and apostrophes", async () => {
    expect(await search("maría")).toEqual([ids.maria]);
    expect(await search("o'brien")).toEqual([ids.maria]);
    expect(await search("obrien")).toEqual([ids.maria]);
  });

  it("ignores apostrophes and accents in names, both in the lead and in the search", async () => {
    const sean = await insert("lead-personal", "sean@names.test", { firstName: "Sean", lastName: "O'Brien" });
    const kate = await insert("lead-personal", "kate@names.test", { firstName: "Kate", lastName: "O\u2019Brien" });
    const jose = await insert("lead-personal", "jj@names.test", { firstName: "José", lastName: "Álvarez" });
    const plain = await insert("lead-personal", "jr@names.test", { firstName: "Jose", lastName: "Ruiz" });
    const ana = await insert("lead-personal", "ap@names.test", { firstName: "Ana", lastName: "Peña" });
    expect(await search("obrien")).toEqual([ids.maria, sean, kate]);
    expect(await search("o’brien")).toEqual([ids.maria, sean, kate]);
    expect(await search("O'BRIEN")).toEqual([ids.maria, sean, kate]);
    expect(await search("sean obrien")).toEqual([sean]);
    expect(await search("jose")).toEqual([jose, plain]);
    expect(await search("josé")).toEqual([jose, plain]);
    expect(await search("alvarez")).toEqual([jose]);
    expect(await search("pena")).toEqual([ana]);
    expect(await search("peña")).toEqual([ana]);
    const bistro = await insert("quote-business", "bistro@names.test", { businessName: "Chez Zoë’s Café", zipCode: "10001", city: "San José" });
    expect(await search("zoes cafe")).toEqual([bistro]);
    expect(await search("zoë's")).toEqual([bistro]);
    // The city is searched as typed: with its accent it is found on either database.
    expect(await search("san josé")).toEqual([bistro]);
    await db.kysely.deleteFrom("leads").where("id", "in", [sean, kate, jose, plain, ana, bistro]).execute();
  });

  it("migration 036 folds the names of leads stored before it, and the index follows", async () => {
    const email = "old@names.test";
    const payload = { firstName: "Renée", lastName: "D'Arcy" };
    const id = await insert("lead-personal", email, payload, { name_norm: "renée d'arcy", last_norm: "d'arcy" });
    await catchUpSearch(db);
    expect(await search("darcy")).toEqual([]);
    await leadSearchFoldMigration.up(db.kysely as never);
    const row = await db.kysely.selectFrom("leads").select(["name_norm", "last_norm"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name_norm: "renee darcy", last_norm: "darcy" });
    expect(await search("darcy")).toEqual([id]);
    expect(await search("renee")).toEqual([id]);
    expect(await search("renée")).toEqual([id]);
    await db.kysely.deleteFrom("leads").where("id", "=", id).execute();
  });

  it("finds an e-mail address or any part of it", async () => {
    expect(await search("lone@gmail.com")).toEqual([ids.lone]);
    expect(await search("lone@")).toEqual([ids.lone]);
    expect(await search("LONE@GM")).toEqual([ids.lone]);
    expect(await search("gmail")).toEqual([ids.lone]);
    expect(await search("yahoo.com")).toEqual([ids.maria]);
    expect(await search("dfwplumbing")).toEqual([ids.dallasPlumbing]);
  });

  it("finds phone digits in any format, with or without the area code, and a ZIP code", async () => {
    expect(await search("(214) 555-01")).toEqual([ids.lone]);
    expect(await search("214555")).toEqual([ids.lone]);
    expect(await search("214-555-0142")).toEqual([ids.lone]);
    expect(await search("+1 469 555 0199")).toEqual([ids.maria]);
    expect(await search("555-0199")).toEqual([ids.maria]);
    expect(await search("5550100")).toEqual([ids.dallasPlumbing]);
    expect(await search("75201")).toEqual([ids.lone]);
    expect(await search("77002")).toEqual([ids.maria]);
  });

  it("needs every word: words together narrow the list", async () => {
    expect(await search("lone dallas")).toEqual([ids.lone]);
    expect(await search("dallas plumbing")).toEqual([ids.dallasPlumbing]);
    expect(await search("haulers houston")).toEqual([]);
    expect(await search("lone@ dallas")).toEqual([ids.lone]);
    expect(await search("dallas 972")).toEqual([ids.dallasPlumbing]);
    expect(await search("--")).toEqual([]);
  });

  it("finds a lead by the reference the visitor was given", async () => {
    await db.kysely
      .updateTable("leads")
      .set({ submission_id: "5a17c0de-3c1f-4a8e-9d51-0f6a2b7c8d90" })
      .where("id", "=", ids.lone as number)
      .execute();
    expect(await search("#5A17C0DE")).toEqual([ids.lone]);
    expect(await search("5a17c0de")).toEqual([ids.lone]);
  });

  it("reads a common word by walking the newest leads, with the same answer", async () => {
    const many: number[] = [];
    for (let i = 0; i < FEW_MATCHES + 5; i += 500) {
      // Inserted in batches: the walk is taken from FEW_MATCHES matches on.
      const rows = Array.from({ length: Math.min(500, FEW_MATCHES + 5 - i) }, (_, j) => {
        const email = `crowd${i + j}@crowd.test`;
        const payload = { firstName: "Crowd", lastName: `Member${i + j}`, city: "Crowdville" };
        return {
          kind: "lead-personal",
          type: 1,
          email,
          payload: JSON.stringify(payload),
          created_at: new Date(Date.UTC(2025, 0, 1) + (i + j) * 1000).toISOString(),
          ...searchColumns(email, payload, "lead-personal"),
        };
      });
      many.push(...(await db.kysely.insertInto("leads").values(rows).returning("id").execute()).map((r) => Number(r.id)));
    }
    const page = await listLeads(db, (parseLeadFilters(new URLSearchParams("q=crowdville")) as { ok: true; filters: object }).filters);
    expect(page.rows.map((r) => r.id)).toEqual(many.slice(-50).reverse());
    expect(page.next).not.toBeNull();
    expect(await search("crowdville member2004")).toEqual([many[2004]]);
    // Its total: past the cap from the first matches read; exact (the walk) when the cap is
    // above them or the filters keep few.
    const filters = (qs: string) => ({ leads: (parseLeadFilters(new URLSearchParams(qs)) as { ok: true; filters: LeadFilters }).filters });
    expect(await countMatching(db, filters("q=crowdville"))).toEqual({ n: COUNT_CAP, capped: true });
    expect(await countMatching(db, filters("q=crowdville"), 10_000)).toEqual({ n: FEW_MATCHES + 5, capped: false });
    await db.kysely.updateTable("leads").set({ status: "won" }).where("id", "in", many.slice(0, 3)).execute();
    expect(await countMatching(db, filters("q=crowdville&status=won"))).toEqual({ n: 3, capped: false });
    await db.kysely.deleteFrom("leads").where("id", "in", many).execute();
    expect(await search("crowdville")).toEqual([]);
  });

  it("finds a common word's page among the newest ids first, and walks them all when an older id lies within it", async () => {
    const lead = (id: number | undefined, n: number, at: string) => {
      const email = `throng${n}@throng.test`;
      const payload = { firstName: "Throng", lastName: `Person${n}`, city: "Throngton" };
      return {
        ...(id ? { id } : {}),
        kind: "lead-personal",
        type: 1,
        email,
        payload: JSON.stringify(payload),
        created_at: at,
        ...searchColumns(email, payload, "lead-personal"),
      };
    };
    const insert = async (rows: ReturnType<typeof lead>[]) =>
      (await db.kysely.insertInto("leads").values(rows).returning("id").execute()).map((r) => Number(r.id));
    const old = "2020-01-01T00:00:00.000Z";
    // Ids far above RECENT_IDS, as at a million leads. One lead stored long ago carries the
    // newest time of all (a clock set back since), far below the newest ids.
    const [filler] = await insert([lead(RECENT_IDS * 2, -1, old)]);
    const [odd] = await insert([lead(undefined, -2, "2031-01-01T00:00:00.000Z")]);
    const [filler2] = await insert([lead(RECENT_IDS * 4, -3, old)]);
    const many: number[] = [];
    for (let i = 0; i < FEW_MATCHES + 5; i += 500) {
      many.push(
        ...(await insert(
          Array.from({ length: Math.min(500, FEW_MATCHES + 5 - i) }, (_, j) =>
            lead(undefined, i + j, new Date(Date.UTC(2030, 0, 1) + (i + j) * 1000).toISOString()),
          ),
        )),
      );
    }
    const page = (qs = "") => listLeads(db, (parseLeadFilters(new URLSearchParams(`q=throngton${qs}`)) as { ok: true; filters: object }).filters);
    const first = await page();
    expect(first.rows.map((r) => r.id)).toEqual([odd, ...many.slice(-49).reverse()]);
    expect((await page(`&after=${first.next}`)).rows.map((r) => r.id)).toEqual(many.slice(-99, -49).reverse());
    // Without it, the page is read from the newest ids alone, with the same answer.
    await db.kysely
      .deleteFrom("leads")
      .where("id", "=", odd as number)
      .execute();
    expect((await page()).rows.map((r) => r.id)).toEqual(many.slice(-50).reverse());
    await db.kysely
      .deleteFrom("leads")
      .where("id", "in", [...many, filler as number, filler2 as number])
      .execute();
  });

  it("filters by utm_*, referrer and landing page in any case, a host with or without www.", async () => {
    expect(await found("utm_source=GOOGLE")).toEqual([ids.lone, ids.maria]);
    expect(await found("utm_source=google")).toEqual([ids.lone, ids.maria]);
    expect(await found("utm_medium=cpc")).toEqual([ids.lone]);
    expect(await found("utm_campaign=spring-fleet")).toEqual([ids.lone]);
    expect(await found("referrer=bing.com")).toEqual([ids.lone, ids.maria]);
    expect(await found("referrer=WWW.BING.COM")).toEqual([ids.lone, ids.maria]);
    expect(await found("referrer=google.com")).toEqual([ids.dallasPlumbing]);
    expect(await found("landing=/getafleet")).toEqual([ids.lone]);
    expect(await found("utm_source=google&q=houston")).toEqual([ids.maria]);
  });

  it("offers each filter the values that exist", async () => {
    const values = await attributionValues(db);
    expect(values.utm_source).toEqual(["google", "newsletter"]);
    expect(values.referrer).toEqual(["bing.com", "google.com"]);
    expect(values.utm_medium).toEqual(["cpc"]);
    expect(values.landing).toEqual(["/getafleet"]);
    expect((await attributionValues(db, 1)).utm_source).toEqual(["google"]);
  });

  it("PostgreSQL reads a common word newest first and a rare one from the words' index (migration 033)", async () => {
    if (db.dialect !== "postgres") return;
    // 20,000 leads: one in five in Commonburg, one in Rareville, the rest over 500 towns.
    const ids: number[] = [];
    for (let i = 0; i < 20_000; i += 1000) {
      const rows = Array.from({ length: 1000 }, (_, j) => {
        const n = i + j;
        const email = `walker${n}@planner.test`;
        const city = n === 12_345 ? "Rareville" : n % 5 === 0 ? "Commonburg Heights" : `Town${n % 500}`;
        const payload = { firstName: "Plan", lastName: `Walker${n}`, city };
        return {
          kind: "lead-personal",
          type: 1,
          email,
          payload: JSON.stringify(payload),
          created_at: new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString(),
          ...searchColumns(email, payload, "lead-personal"),
        };
      });
      ids.push(...(await db.kysely.insertInto("leads").values(rows).returning("id").execute()).map((r) => Number(r.id)));
    }
    await sql`ANALYZE leads`.execute(db.kysely);
    type PlanNode = { "Node Type": string; "Index Name"?: string; "Scan Direction"?: string; Plans?: PlanNode[] };
    const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    const planOf = async (q: string) => {
      const words = searchWords(q);
      if (!words) throw new Error(q);
      const page = db.kysely
        .selectFrom("leads")
        .select("id")
        .where("kind", "<>", "newsletter")
        .where(() => searchCondition("postgres", words))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(51);
      const { rows } = await sql<{ "QUERY PLAN": { Plan: PlanNode }[] }>`EXPLAIN (FORMAT JSON) ${page}`.execute(db.kysely);
      return nodes(rows[0]!["QUERY PLAN"][0]!.Plan);
    };
    // 4,000 matches: the newest leads are walked to the page, not every match sorted (at a
    // million leads, migration 018's trigram index left PostgreSQL guessing, and it sorted them).
    const common = await planOf("commonburg");
    expect(common.map((n) => n["Node Type"])).not.toContain("Sort");
    expect(common.some((n) => n["Index Name"] === "leads_created" && n["Scan Direction"] === "Backward")).toBe(true);
    // Two words of one field: their whole-field lexeme tells PostgreSQL they come together.
    expect((await planOf("commonburg heights")).map((n) => n["Node Type"])).not.toContain("Sort");
    const newest = ids.filter((_, n) => n % 5 === 0).slice(-50);
    expect(await search("commonburg heights")).toEqual(newest);
    expect(await search("commonburg")).toEqual(newest);
    // One match: from the index here; a table this small may also be read whole.
    expect(await search("rareville")).toEqual([ids[12_345]]);
    expect(await search("rareville walker12345")).toEqual([ids[12_345]]);
    await db.kysely.deleteFrom("leads").where("id", "in", ids).execute();
  });

  it("quotes each word as the tsquery reads it", () => {
    expect(wordsQuery([["dallas"]])).toBe("'dallas':*");
    expect(wordsQuery([["o", "brien"], ["75201"]])).toBe("('o' & 'brien':* & '75201':*) | 'o brien 75201':*");
    expect(wordsQuery([["las"], ["vegas"]])).toBe("('las':* & 'vegas':*) | 'las vegas':*");
    expect(wordsQuery([["it’s"], ["a\\b"]])).toBe("('it’s':* & 'a\\\\b':*) | 'it’s a\\\\b':*");
    // A word that folds differently is asked both ways: folded (names), and as typed (city, e-mail).
    expect(wordsQuery([["obrien"]], [["o", "brien"]])).toBe("('obrien':* | 'o' & 'brien':*)");
    expect(searchWords("O’Brien josé")).toEqual({ words: [["obrien"], ["jose"]], typed: [["o’brien"], ["josé"]], emails: [] });
  });

  it("forgets a lead deleted at its owner's request: its words no longer find it", async () => {
    const email = "gone.person@forget.test";
    const id = await insert("lead-personal", email, { firstName: "Gwendolyn", lastName: "Vanish", phone: "3125550777", city: "Chicago" });
    expect(await search("gwendolyn")).toEqual([id]);
    const mailDir = mkdtempSync(join(tmpdir(), "fillway-mail-"));
    const env = {
      ...loadEnv({ NODE_ENV: "test", LOG_LEVEL: "error", SITE_URL: "https://www.fillway.example", MAIL_DIR: mailDir }),
      IP_HASH_SALT: "search-test-salt-0123456",
    };
    await deleteByEmail(testServices({ db, env, log: createLogger("silent") }), email);
    for (const q of ["gwendolyn", "vanish", "chicago", "3125550777", "forget"]) expect(await search(q), q).toEqual([]);
    // A new lead takes the words again; the deleted one stays out of the index.
    const again = await insert("lead-personal", "new.person@forget.test", { firstName: "Gwendolyn", lastName: "Returns" });
    expect(await search("gwendolyn")).toEqual([again]);
  });
});
