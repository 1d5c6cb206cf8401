import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "~/platform/api/router.server";
import type { Db } from "~/platform/db/db.server";
import { leadCityFromPlaceMigration } from "~/platform/db/migrations/034-lead-city-from-place";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { apiRoutes } from "~/server/compose.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { parseLeadFilters } from "./filters.server";
import { listLeads } from "./query.server";
import { searchColumns } from "./search-columns.server";
import { catchUpSearch } from "./search.server";
import { testServices } from "../../../../tests/helpers/services";

/**
 * Search by place: a lead's city comes from the city typed, else from its address, else
 * from its ZIP code, for every form, so sales finds any lead by its town (SQLite's FTS5
 * index here, PostgreSQL's search words in the CI leg). Leads stored before are given
 * theirs by migration 034.
 */

let db: Db;
let post: (path: string, body: Record<string, unknown>) => Promise<number>;

beforeAll(async () => {
  db = await openTestDb();
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_MAX: "100000", IP_HASH_SALT: "search-place-salt-0123" });
  const services: Services = testServices({ env: { ...env, IP_HASH_SALT: env.IP_HASH_SALT ?? "search-place-salt-0123" }, db, log: createLogger("silent") });
  const api = createApi(services, apiRoutes(services));
  post = async (path, body) =>
    (
      await api.handle({
        method: "POST",
        path,
        query: new URLSearchParams(),
        headers: { "content-type": "application/json" },
        body: Buffer.from(JSON.stringify(body)),
        ip: "198.51.100.20",
      })
    ).status;
});
afterAll(() => db.close());

async function search(q: string): Promise<{ email: string; city: string }[]> {
  const p = parseLeadFilters(new URLSearchParams({ q }));
  if (!p.ok) throw new Error(p.errors.join("; "));
  return (await listLeads(db, p.filters)).rows.map((r) => ({ email: r.email, city: r.city }));
}

const mail = (who: string) => `${who}-${randomUUID().slice(0, 6)}@example.com`;

describe("sales finds a lead by its town, whatever its form", () => {
  it("finds a business lead and a short quote from 1 Main St, Amarillo, TX (ZIP 79101) by amarillo, though neither form has a city field", async () => {
    const business = mail("business");
    const quote = mail("quote");
    expect(
      await post("/web/form", {
        type: 13,
        email: business,
        phone: "8065550100",
        zipCode: "79101",
        bussinessName: "Panhandle Freight",
        bussinessAddress: "1 Main St, Amarillo, TX",
        companySize: "10-50",
        fleetSize: "10",
        fuelType: "Diesel/DEF other",
      }),
    ).toBe(201);
    expect(
      await post("/campaign/createCampaign", {
        type: 19,
        email: quote,
        phoneNumber: "8065550101",
        businessAddress: "1 Main St, Amarillo, TX",
        zipCode: "79101",
      }),
    ).toBe(201);
    const found = await search("amarillo");
    expect(found).toEqual(
      expect.arrayContaining([
        { email: business, city: "Amarillo" },
        { email: quote, city: "Amarillo" },
      ]),
    );
    expect(await search("Amarillo Panhandle")).toEqual([{ email: business, city: "Amarillo" }]);
  });

  it("takes the ZIP code's city where neither a city nor an address is given, and keeps a typed city first", async () => {
    const waitlist = mail("waitlist");
    const saas = mail("saas");
    const typed = mail("typed");
    expect(await post("/api/waitlist", { email: waitlist, zipCode: "98101", type: 1 })).toBe(201);
    expect(await post("/web/form", { type: 18, firstName: "Priya", lastName: "Shah", email: saas, zipCode: "98101" })).toBe(201);
    expect(
      await post("/web/form", { type: 1, firstName: "Dana", lastName: "Reyes", email: typed, phone: "2145550123", city: "Canyon", zipCode: "79101" }),
    ).toBe(201);
    expect(await search("seattle")).toEqual(
      expect.arrayContaining([
        { email: waitlist, city: "Seattle" },
        { email: saas, city: "Seattle" },
      ]),
    );
    expect(await search("canyon")).toEqual([{ email: typed, city: "Canyon" }]);
  });

  it("gives the leads stored before migration 034 their city from their address or ZIP code, indexed or not yet", async () => {
    const insertOld = async (email: string, kind: string, payload: Record<string, unknown>) => {
      // As the lead was stored before: its columns without a city of its own.
      const columns = searchColumns(email, payload, kind);
      const row = await db.kysely
        .insertInto("leads")
        .values({ kind, type: 13, email, payload: JSON.stringify({ ...payload, email }), created_at: new Date().toISOString(), status: "new", ...columns })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const indexed = mail("indexed");
    const pending = mail("pending");
    const elPaso = mail("elpaso");
    await insertOld(indexed, "lead-business", { bussinessName: "Old Freight", bussinessAddress: "9 Polk St, Amarillo, Texas", zipCode: "79101" });
    // Indexed by the search before the migration, with no city.
    await catchUpSearch(db);
    await insertOld(pending, "quote-short", { businessAddress: "2 Polk St, Amarillo, TX 79101", zipCode: "79101" });
    await insertOld(elPaso, "lead-business", { bussinessName: "Border Fuel", bussinessAddress: "", zipCode: "79901" });
    const before = (await search("amarillo")).map((r) => r.email);
    expect(before).not.toContain(indexed);

    await leadCityFromPlaceMigration.up(db.kysely as never);

    const after = await search("amarillo");
    expect(after).toEqual(
      expect.arrayContaining([
        { email: indexed, city: "Amarillo" },
        { email: pending, city: "Amarillo" },
      ]),
    );
    expect(await search("el paso")).toEqual([{ email: elPaso, city: "El Paso" }]);
    // Run again, it changes nothing: every lead it can place has its city.
    await leadCityFromPlaceMigration.up(db.kysely as never);
    expect(await search("amarillo")).toEqual(after);
  });
});
