import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollUp } from "../../app/features/insight/rollup.server";
import { loadInsight } from "../../app/features/insight/queries.server";
import { scrubPersonalValues } from "../../app/features/insight/privacy.server";
import { deleteByEmail, findByEmail } from "../../app/features/leads/desk/privacy.server";
import { loadEnv } from "../../app/platform/env.server";
import { validLead } from "../../scripts/bench-lib";
import { db, send, startApp, startHostileServer } from "../helpers/hostile";
import { testServices } from "../helpers/services";
import { createLogger } from "../../app/platform/logger.server";

/**
 * The insight endpoint against a hostile visitor, over HTTP on the real request listener:
 * a beacon cannot count a view twice, a hundred user agents from one address are not a
 * hundred visitors, a vital no browser measures is refused, a path must be a page of the
 * site without hidden characters, a campaign value naming a person is never stored, and the
 * desk's privacy request finds and forgets what insight holds about an address.
 */
startHostileServer();

let app: { base: string; close: () => Promise<void> };
beforeAll(async () => {
  // Behind one trusted proxy, so each test speaks from an address of its own.
  app = await startApp({ TRUST_PROXY: "true", INSIGHT_VISITORS_PER_ADDRESS: "10" });
});
afterAll(() => app?.close());

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const today = () => new Date().toISOString().slice(0, 10);
let addresses = 0;
const anAddress = () => `198.51.100.${++addresses}`;
const aTag = () => `t${randomBytes(5).toString("hex")}`;

async function beacon(body: unknown, opts: { ip: string; ua?: string }) {
  const res = await fetch(`${app.base}/api/events`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": opts.ua ?? CHROME, "x-forwarded-for": opts.ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

const view = (tag: string, i: number, extra: Record<string, unknown> = {}, e: unknown[] = [["view"]]) => ({
  v: `${tag}v${i}`,
  p: "/faq",
  w: 1280,
  e,
  ...extra,
});

/** The stored events of a tag (its view ids start with it), once the endpoint's half-second batch is written. */
async function eventsOf(tag: string, atLeast: number) {
  const read = () => db.kysely.selectFrom("insight_events").selectAll().where("view_id", "like", `${tag}%`).orderBy("id").execute();
  await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(atLeast);
  return read();
}

/** Today's "discarded" count of a reason, once written. */
const discardedToday = async (reason: string) => {
  const row = await db.kysely
    .selectFrom("insight_rollup")
    .select("views")
    .where("grain", "=", "day")
    .where("dim", "=", "discarded")
    .where("bucket", "=", today())
    .where("key", "=", reason)
    .executeTakeFirst();
  return Number(row?.views ?? 0);
};

describe("POST /api/events against inflated counts", () => {
  it("counts one view for a beacon holding twenty, and none for the same view sent again", async () => {
    const ip = anAddress();
    const tag = aTag();
    const before = await discardedToday("repeat-view");
    const twenty = Array.from({ length: 20 }, () => ["view"]);
    expect((await beacon(view(tag, 1, {}, twenty), { ip })).status).toBe(204);
    expect((await beacon(view(tag, 1, {}, [["view"], ["vital", "LCP", 1200]]), { ip })).status).toBe(204);
    const rows = await eventsOf(tag, 2);
    expect(rows.filter((r) => r.kind === "view")).toHaveLength(1);
    // The vital of the repeated beacon is kept: only its view was a repeat.
    expect(rows.filter((r) => r.kind === "vital")).toHaveLength(1);
    await expect.poll(async () => (await discardedToday("repeat-view")) - before).toBe(20);
  });

  it("counts a hundred user agents from one address as at most eleven visitors, the rest shown as suspected automated", async () => {
    const ip = anAddress();
    const tag = aTag();
    const before = await discardedToday("many-browsers");
    for (let i = 0; i < 100; i++) expect((await beacon(view(tag, i), { ip, ua: `${CHROME} Probe/${i}` })).status).toBe(204);
    // Another address keeps its own visitor.
    expect((await beacon(view(tag, 100), { ip: anAddress(), ua: `${CHROME} Probe/0` })).status).toBe(204);
    const rows = await eventsOf(tag, 101);
    const fromProbe = rows.slice(0, 100);
    expect(fromProbe).toHaveLength(100);
    expect(new Set(fromProbe.map((r) => r.visitor)).size).toBe(11);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(12);
    await expect.poll(async () => (await discardedToday("many-browsers")) - before).toBe(90);

    await rollUp(db);
    const insight = await loadInsight(db, 7);
    const automated = insight.discarded.find((d) => d.reason === "many-browsers");
    expect(automated).toMatchObject({ automated: true });
    expect(automated?.n).toBeGreaterThanOrEqual(90);
  });

  it("refuses a vital out of its range with 422 and stores nothing of the beacon", async () => {
    const ip = anAddress();
    const tag = aTag();
    const refused = [
      [["vital", "CLS", 11], "A CLS value is 0 to 10"],
      [["vital", "LCP", 600_000], "An LCP value is 0 to 60,000 ms"],
      [["vital", "TTFB", 60_001], "A TTFB value is 0 to 60,000 ms"],
      [["vital", "INP", -1], "An INP value is 0 to 60,000 ms"],
    ] as const;
    for (const [event, message] of refused) {
      const answer = await beacon(view(tag, 1, {}, [["view"], event]), { ip });
      expect(answer.status, message).toBe(422);
      expect(JSON.parse(answer.text).message).toBe(message);
    }
    // The edges are measurements.
    expect(
      (
        await beacon(
          view(tag, 2, {}, [
            ["vital", "CLS", 10],
            ["vital", "LCP", 60_000],
          ]),
          { ip },
        )
      ).status,
    ).toBe(204);
    const rows = await eventsOf(tag, 2);
    expect(rows.map((r) => [r.view_id, r.metric, r.value])).toEqual([
      [`${tag}v2`, "CLS", 10],
      [`${tag}v2`, "LCP", 60_000],
    ]);
  });

  it("refuses a path with control or direction characters, or that is no page of the site; keeps the route table's spelling", async () => {
    const ip = anAddress();
    const tag = aTag();
    const before = await discardedToday("refused");
    const cases = [
      ["/faq\u202Egnp.exe", "p (path) must not hold control or direction characters"],
      ["/faq\u0000", "p (path) must not hold control or direction characters"],
      ["/\u2066faq\u2069", "p (path) must not hold control or direction characters"],
      ["/wp-login.php", "p (path) must be a page of this site"],
      ["/desk/leads", "p (path) must be a page of this site"],
      ["/faq?utm_source=x", "p (path) must be a path from /, without spaces, query or fragment"],
    ] as const;
    for (const [p, message] of cases) {
      const answer = await beacon({ ...view(tag, 1), p }, { ip });
      expect(answer.status, JSON.stringify(p)).toBe(422);
      expect(JSON.parse(answer.text).message).toBe(message);
    }
    expect((await beacon(view(tag, 2, { c: "spring\u202Esale" }), { ip })).status).toBe(422);
    expect((await beacon({ ...view(tag, 3), p: "/LeaderShip-Team/" }, { ip })).status).toBe(204);
    expect((await beacon({ ...view(tag, 4), p: "/blogdetail/storm-season" }, { ip })).status).toBe(204);
    const rows = await eventsOf(tag, 2);
    expect(rows.map((r) => r.path)).toEqual(["/leaderShip-team", "/blogdetail/storm-season"]);
    await expect.poll(async () => (await discardedToday("refused")) - before).toBe(cases.length + 1);
  });

  it("never stores a campaign, source, medium or referrer value that looks like an e-mail address or phone number", async () => {
    const ip = anAddress();
    const tag = aTag();
    const values = [
      { s: "a@b.example", m: "email", c: "spring" },
      { s: "newsletter", m: "someone%40example.net", c: "+1 (214) 555-0147" },
      { s: "partner", c: "call-214.555.0147-now", r: "2145550147.example" },
      { s: "news", c: "5550147" },
    ];
    for (const [i, extra] of values.entries()) expect((await beacon(view(tag, i, extra), { ip })).status).toBe(204);
    // Campaign names with dates and short numbers are kept.
    expect((await beacon(view(tag, 9, { s: "newsletter", c: "black-friday-2026-11-27", m: "cpc" }), { ip })).status).toBe(204);
    const rows = await eventsOf(tag, 5);
    expect(rows.map((r) => [r.utm_source, r.utm_medium, r.utm_campaign, r.referrer_host])).toEqual([
      [null, "email", "spring", null],
      ["newsletter", null, null, null],
      ["partner", null, null, null],
      ["news", null, null, null],
      ["newsletter", "cpc", "black-friday-2026-11-27", null],
    ]);
    await rollUp(db);
    const insight = await loadInsight(db, 7);
    for (const key of [...insight.sources, ...insight.campaigns, ...insight.referrers].map((r) => r.key)) {
      expect(key).not.toMatch(/@|%40|555/);
    }
    const csv = await db.kysely.selectFrom("insight_rollup").select("key").where("key", "like", "%@%").execute();
    expect(csv).toEqual([]);
  });
});

describe("insight and a person", () => {
  const env = () => ({ ...loadEnv({ NODE_ENV: "test", MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")) }), IP_HASH_SALT: "insight-privacy-salt-01" });

  it("the desk's privacy request finds, counts and forgets the insight rows naming an address or its leads", async () => {
    const tag = aTag();
    const email = `forget-${tag}@example.net`;
    const submissionId = randomUUID();
    const lead = await send("POST", "/web/form", { "content-type": "application/json" }, JSON.stringify({ ...validLead(1, submissionId), email }));
    expect(lead.status).toBe(201);
    // The lead's visit: a view, then its form stored under the submission id the API answered.
    const ip = anAddress();
    expect((await beacon(view(tag, 1), { ip })).status).toBe(204);
    expect((await beacon(view(tag, 1, {}, [["form", "lead-personal", "stored", [], submissionId]]), { ip })).status).toBe(204);
    await eventsOf(tag, 2);
    // As stored before the endpoint dropped such values: a campaign link carrying the address.
    const at = new Date().toISOString();
    const old = { at, day: at.slice(0, 10), visitor: "oldvisitor000001", path: "/faq", device: "desktop", browser: "Chrome", os: "Windows" };
    await db.kysely
      .insertInto("insight_events")
      .values([
        { ...old, kind: "view", view_id: `${tag}old1`, utm_source: email, utm_campaign: "spring" },
        { ...old, kind: "view", view_id: `${tag}old2`, utm_medium: encodeURIComponent(email).toLowerCase() },
      ])
      .execute();
    await rollUp(db);
    const keyed = await db.kysely.selectFrom("insight_rollup").select(["dim", "key"]).where("key", "=", email).execute();
    expect(keyed).toEqual([{ dim: "source", key: email }]);

    const services = testServices({ db, env: env(), log: createLogger("silent") });
    // Two raw values, the stored form event, the source's rollup row.
    expect((await findByEmail(services, email.toUpperCase())).insight).toBe(4);
    expect((await deleteByEmail(services, email)).insight).toBe(4);
    expect((await findByEmail(services, email)).insight).toBe(0);

    const left = await db.kysely.selectFrom("insight_events").selectAll().where("view_id", "like", `${tag}%`).orderBy("id").execute();
    expect(left).toHaveLength(4);
    expect(JSON.stringify(left).toLowerCase()).not.toContain(`forget-${tag}`);
    expect(left.map((r) => r.submission_id)).toEqual([null, null, null, null]);
    // The views stay counted, without the address.
    expect(left.find((r) => r.view_id === `${tag}old1`)?.utm_campaign).toBe("spring");
    expect(await db.kysely.selectFrom("insight_rollup").select("key").where("key", "like", `%forget-${tag}%`).execute()).toEqual([]);
  });

  it("scrubs, once, the personal values stored before the endpoint dropped them", async () => {
    const tag = aTag();
    const at = new Date().toISOString();
    const old = { at, day: at.slice(0, 10), kind: "view" as const, visitor: "oldvisitor000002", path: "/", device: "mobile", browser: "Safari", os: "iOS" };
    await db.kysely
      .insertInto("insight_events")
      .values([
        { ...old, view_id: `${tag}a`, utm_source: `someone-${tag}@example.net`, utm_campaign: "+12145550147" },
        { ...old, view_id: `${tag}b`, utm_source: "newsletter", referrer_host: "2145550147.example" },
      ])
      .execute();
    await db.kysely
      .insertInto("insight_rollup")
      .values([
        { grain: "day", bucket: old.day, dim: "campaign", key: `x-${tag}@example.net`, views: 1, visitors: 1 },
        { grain: "day", bucket: old.day, dim: "campaign", key: `keep-${tag}`, views: 1, visitors: 1 },
      ])
      .execute();
    await db.kysely.deleteFrom("insight_state").where("key", "=", "personal_scrubbed").execute();
    expect(await scrubPersonalValues(db)).toBeGreaterThanOrEqual(4);
    const rows = await db.kysely.selectFrom("insight_events").selectAll().where("view_id", "like", `${tag}%`).orderBy("view_id").execute();
    expect(rows.map((r) => [r.utm_source, r.utm_campaign, r.referrer_host])).toEqual([
      [null, null, null],
      ["newsletter", null, null],
    ]);
    expect((await db.kysely.selectFrom("insight_rollup").select("key").where("key", "like", `%${tag}%`).execute()).map((r) => r.key)).toEqual([`keep-${tag}`]);
    // Once per database.
    expect(await scrubPersonalValues(db)).toBe(0);
  });
});
