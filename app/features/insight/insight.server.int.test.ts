import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, createApi } from "~/platform/api/router.server";
import type { ApiRequest } from "~/platform/api/types";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { apiRoutes } from "~/server/compose.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { cookieName, createSession } from "~/features/staff/session.server";
import { EVENTS_PER_MINUTE, flushEvents } from "./ingest.server";
import { dropOldEvents, rollUp } from "./rollup.server";
import { loadInsight } from "./queries.server";
import { testServices } from "../../../tests/helpers/services";

/** POST /api/events through the API router against a real database, then the rollups the desk reads. */
let db: Db;
let api: Api;
let services: Services;
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

beforeAll(async () => {
  db = await openTestDb();
  // PostgreSQL keeps its tables between test files.
  for (const t of ["insight_events", "insight_rollup", "insight_form_rollup", "insight_vitals_rollup", "insight_form_exits", "insight_state"] as const)
    await db.kysely.deleteFrom(t).execute();
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", IP_HASH_SALT: "insight-test-salt-0123" });
  services = testServices({ env: { ...env, IP_HASH_SALT: "insight-test-salt-0123" }, db, log: createLogger("silent") });
  api = createApi(services, apiRoutes(services));
});
afterAll(() => db.close());

function post(body: unknown, opts: { ip?: string; ua?: string; type?: string; raw?: string; cookie?: string } = {}) {
  const req: ApiRequest = {
    method: "POST",
    path: "/api/events",
    query: new URLSearchParams(),
    headers: { "content-type": opts.type ?? "text/plain;charset=UTF-8", "user-agent": opts.ua ?? CHROME, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    body: Buffer.from(opts.raw ?? JSON.stringify(body)),
    ip: opts.ip ?? "203.0.113.7",
  };
  return api.handle(req);
}

/** The events stored once the buffered beacons are written. */
async function storedEvents() {
  await flushEvents(services);
  const n = await db.kysely
    .selectFrom("insight_events")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n.n);
}

const view = (p: string, extra: Record<string, unknown> = {}, e: unknown[] = [["view"]]) => ({
  v: `view${Math.random().toString(36).slice(2, 10)}`,
  p,
  w: 1280,
  e,
  ...extra,
});

describe("POST /api/events", () => {
  it("refuses bad input with 4xx and stores nothing", async () => {
    expect((await post(null, { raw: "{not json" })).status).toBe(400);
    expect((await post(view("/"), { type: "application/xml" })).status).toBe(415);
    expect((await post({ p: "/", e: [["view"]] })).status).toBe(422);
    expect((await post(view("/", {}, [["nope"]]))).status).toBe(422);
    expect((await post(view("/", {}, [["vital", "LCP", -1]]))).status).toBe(422);
    expect((await post(view("/", {}, [["form", "lead", "exploded"]]))).status).toBe(422);
    // A field focused is named alone, by its name.
    expect((await post(view("/", {}, [["form", "lead", "focus"]]))).status).toBe(422);
    expect((await post(view("/", {}, [["form", "lead", "focus", ["email", "zip"]]]))).status).toBe(422);
    expect((await post(view("/", {}, [["form", "lead", "focus", ["a@b.example"]]]))).status).toBe(422);
    expect((await post(view("/", { r: "x".repeat(5000) }))).status).toBe(413);
    expect((await post(view("no-slash"))).status).toBe(422);
    expect(await storedEvents()).toBe(0);
  });

  it("does not count robots", async () => {
    expect((await post(view("/"), { ua: "Googlebot/2.1 (+http://www.google.com/bot.html)" })).status).toBe(204);
    expect(await storedEvents()).toBe(0);
  });

  it("does not count staff signed in to the desk, and limits each client's beacons", async () => {
    const staff = await db.kysely
      .insertInto("staff")
      .values({
        email: "insight-staff@example.com",
        name: null,
        role: "editor",
        password_hash: "x",
        password_changed_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { token } = await createSession(db, Number(staff.id), {});
    expect((await post(view("/"), { cookie: `${cookieName(services.env, "desk")}=${token}` })).status).toBe(204);
    expect(await storedEvents()).toBe(0);
    const answers = [];
    for (let i = 0; i <= EVENTS_PER_MINUTE; i++) answers.push((await post({}, { ip: "192.0.2.99" })).status);
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
  });

  it("counts views, visitors, sources, forms and vitals, and rolls them up once", async () => {
    // Visitor A: from a campaign, two pages, a form that fails once then is stored.
    expect((await post(view("/getafleet", { s: "Newsletter", m: "email", c: "Spring" }))).status).toBe(204);
    await post(view("/faq"));
    await post(
      view("/faq", {}, [
        ["form", "lead-business", "seen"],
        ["form", "lead-business", "started"],
        ["form", "lead-business", "failed", ["email", "zip"]],
        ["form", "lead-business", "submitted"],
        ["form", "lead-business", "stored", [], "sub_abc12345"],
        ["vital", "LCP", 1800],
        ["vital", "CLS", 0.3],
      ]),
    );
    // Visitor B: from a search engine, on a phone.
    await post(view("/", { r: "www.google.com", w: 390 }), { ip: "198.51.100.9" });
    await flushEvents(services);
    expect(await rollUp(db)).toBe(10);
    expect(await rollUp(db)).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const insight = await loadInsight(db, 7);
    const day = insight.perDay.find((d) => d.day === today);
    expect(day).toMatchObject({ visitors: 2, views: 3 });
    expect(insight.sources.find((s) => s.key === "newsletter")?.visitors).toBe(1);
    expect(insight.sources.find((s) => s.key === "www.google.com")?.visitors).toBe(1);
    expect(insight.campaigns.map((c) => c.key)).toEqual(["spring"]);
    const form = insight.forms.find((f) => f.form === "lead-business");
    expect(form).toMatchObject({ seen: 1, started: 1, submitted: 1, stored: 1 });
    expect(form?.label).toBe("Business contact form");
    expect(form?.failing).toEqual([
      { field: "email", label: "E-mail", n: 1 },
      { field: "zip", label: "zip", n: 1 },
    ]);
    const lcp = insight.vitals.find((v) => v.path === "/faq" && v.metric === "LCP");
    expect(lcp?.rating).toBe("good");
    expect(Math.abs((lcp?.p75 ?? 0) - 1800) / 1800).toBeLessThan(0.05);
    expect(insight.vitals.find((v) => v.metric === "CLS")?.rating).toBe("poor");
    // Raw events go after their days; the rollups stay.
    expect(await dropOldEvents(db, 1, new Date(Date.now() + 3 * 86_400_000))).toBe(10);
    expect((await loadInsight(db, 7)).perDay.find((d) => d.day === today)?.views).toBe(3);
  });
});
