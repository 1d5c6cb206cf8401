import type { Services } from "~/platform/services.server";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { type Api, createApi as createApiOf } from "~/platform/api/router.server";
import { apiRoutes } from "~/server/compose.server";
import { testServices } from "../../../tests/helpers/services";

const createApi = (services: Services) => createApiOf(services, apiRoutes(services));

/** "Do we deliver to you?" through the API router, against a real database. */

let db: Db;
let api: Api;

beforeAll(async () => {
  db = await openTestDb();
  api = createApi(
    testServices({
      env: await withIpHashSalt(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_MAX: "10000" }), db),
      db,
      log: createLogger("silent"),
    }),
  );
});
afterAll(() => db.close());

const get = (query: string) =>
  api.handle({ method: "GET", path: "/api/service-area", query: new URLSearchParams(query), headers: {}, body: Buffer.alloc(0), ip: "203.0.113.9" });
const post = (body: unknown) =>
  api.handle({
    method: "POST",
    path: "/api/waitlist",
    query: new URLSearchParams(),
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify(body)),
    ip: "203.0.113.9",
  });

describe("GET /api/service-area", () => {
  it("75201 (Dallas) is served", async () => {
    const res = await get("zip=75201");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ zip: "75201", city: "Dallas", state: "TX", status: "served", market: "Dallas, TX", distanceMiles: expect.any(Number) });
    expect((res.body as { distanceMiles: number }).distanceMiles).toBeLessThan(5);
  });
  it("60601 (Chicago, a future market) is coming soon", async () => {
    expect((await get("zip=60601")).body).toMatchObject({ city: "Chicago", state: "IL", status: "coming-soon", market: "Chicago, IL" });
  });
  it("99501 (Anchorage) is not served", async () => {
    expect((await get("zip=99501")).body).toMatchObject({ zip: "99501", city: "Anchorage", state: "AK", status: "not-served" });
  });
  it("answers 404 for a ZIP code that does not exist", async () => {
    const res = await get("zip=00000");
    expect(res.status).toBe(404);
    expect(typeof (res.body as { message: unknown }).message).toBe("string");
  });
  it("answers 422 with a message for a malformed ZIP code", async () => {
    for (const [q, message] of [
      ["zip=7520a", "Must be only digits"],
      ["zip=7520", "Please enter a 5-digit ZIP code"],
      ["zip=752011", "Please enter a 5-digit ZIP code"],
      ["", "ZipCode is required"],
    ]) {
      const res = await get(q ?? "");
      expect(res.status, q).toBe(422);
      expect(res.body, q).toEqual({ message, errors: { zip: [message] } });
    }
  });
});

describe("POST /api/waitlist (Tell me when you arrive)", () => {
  const row = (submissionId: string) => db.kysely.selectFrom("leads").selectAll().where("submission_id", "=", submissionId).executeTakeFirst();

  it("stores a lead of kind waitlist with the ZIP code's market", async () => {
    const submissionId = randomUUID();
    const res = await post({ email: "ana@example.com", zipCode: "60601", type: 1, submissionId });
    expect(res.status).toBe(201);
    const stored = await row(submissionId);
    expect(stored).toMatchObject({ kind: "waitlist", type: 1, email: "ana@example.com" });
    expect(JSON.parse(stored?.payload ?? "{}")).toEqual({
      email: "ana@example.com",
      zipCode: "60601",
      type: 1,
      market: "Chicago, IL",
      status: "coming-soon",
      city: "Chicago",
      state: "IL",
    });
  });
  it("keeps a ZIP code outside every market with the nearest market", async () => {
    const submissionId = randomUUID();
    expect((await post({ email: "lee@example.com", zipCode: "99501", type: 19, submissionId })).status).toBe(201);
    expect(JSON.parse((await row(submissionId))?.payload ?? "{}")).toMatchObject({ market: "Seattle, WA", status: "not-served" });
  });
  it("refuses a ZIP code that does not exist, and a malformed one, storing nothing", async () => {
    const unknown = await post({ email: "lee@example.com", zipCode: "00000", type: 1 });
    expect(unknown.status).toBe(422);
    expect((unknown.body as { errors: object }).errors).toEqual({ zipCode: ["We don't know that ZIP code. Please check it."] });
    const bad = await post({ email: "lee@example.com", zipCode: "7520a", type: 1 });
    expect((bad.body as { errors: object }).errors).toEqual({ zipCode: ["Must be only digits"] });
    const noEmail = await post({ zipCode: "99501", type: 1 });
    expect((noEmail.body as { errors: object }).errors).toEqual({ email: ["Email required"] });
  });
});
