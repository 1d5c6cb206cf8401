import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { commentPayloadSchema } from "../../app/features/content/comment-schema";
import { formKinds } from "../../app/features/leads/forms/registry";
import { type WireKind, wireKind, wireShape } from "../../app/features/leads/forms/wire";
import { type Api, createApi } from "../../app/platform/api/router.server";
import type { ApiResponse } from "../../app/platform/api/types";
import type { Db } from "../../app/platform/db/db.server";
import { loadEnv } from "../../app/platform/env.server";
import { createLogger } from "../../app/platform/logger.server";
import type { Services } from "../../app/platform/services.server";
import { apiRoutes } from "../../app/server/compose.server";
import { resolveSchema } from "../../app/shared/forms/form-spec";
import { openTestDb } from "../helpers/test-db";
import { testServices } from "../helpers/services";

/**
 * The wire contract (the decisions page): every number the specification sends may come as
 * a number or as its text, every text field as text or a number, a boolean as true or
 * "true" in any letter case, and the API stores the same lead. For every form of the
 * registry, fast-check sends a valid body with each field written one of those ways (which
 * way a field may be written is read from the form's own schema), and the stored lead must
 * equal the one stored from the body as our pages send it.
 */

let db: Db;
let api: Api;
const POST_ID = "wire-variants-post";

beforeAll(async () => {
  db = await openTestDb();
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_MAX: "100000", IP_HASH_SALT: "wire-variants-salt-0123" });
  const services: Services = testServices({ env: { ...env, IP_HASH_SALT: env.IP_HASH_SALT ?? "wire-variants-salt-0123" }, db, log: createLogger("silent") });
  api = createApi(services, apiRoutes(services));
  const now = new Date().toISOString();
  await db.kysely
    .insertInto("posts")
    .values({
      id: POST_ID,
      title: "Storm season",
      sub_title: "Fuel plans",
      description_html: "<p>Plan ahead.</p>",
      body_text: "Plan ahead.",
      created_on: now,
      is_published: 1,
      is_article: 0,
      updated_at: now,
    } as never)
    .execute();
});
afterAll(() => db.close());

function send(method: "POST" | "PUT", path: string, body: Record<string, unknown>): Promise<ApiResponse> {
  return api.handle({
    method,
    path,
    query: new URLSearchParams(),
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify(body)),
    ip: "198.51.100.9",
  });
}

const year = new Date().getFullYear();

/** A valid body of each form, as our pages send it. A form added to the registry adds its own here. */
const samples: Record<string, Record<string, unknown>> = {
  newsletter: { email: "wire-news@example.com", type: 4 },
  "lead-personal": {
    firstName: "Dana",
    lastName: "Reyes",
    email: "wire-dana@example.com",
    phone: "2145550123",
    city: "Dallas",
    zipCode: "75201",
    message: "Two vans, twice a week.",
    type: 1,
  },
  "lead-business": {
    bussinessName: "Lone Star Logistics",
    email: "wire-ops@example.com",
    phone: "2145550147",
    zipCode: "79101",
    bussinessAddress: "1 Main St, Amarillo, TX",
    companySize: "50-100",
    fleetSize: "30",
    fuelType: "Diesel/DEF other",
    message: "",
    type: 13,
  },
  "lead-saas": { firstName: "Priya", lastName: "Shah", email: "wire-priya@example.com", city: "", zipCode: "10001", message: "Pricing?", type: 18 },
  fleet: {
    firstName: "Marcus",
    lastName: "Reed",
    email: "wire-marcus@example.com",
    phone: "2145550147",
    companyName: "Reed Hauling",
    city: "Dallas",
    stateId: "TX",
    zipCode: "75201",
    fleetSize: "11-50",
    fleetType: "Semi trucks",
    type: 17,
  },
  "quote-short": {
    firstName: "Ana",
    lastName: "Lopez",
    email: "wire-ana@example.com",
    phoneNumber: "2145550147",
    businessAddress: "1 Main St, Amarillo, TX",
    zipCode: "79101",
    descriptionQuote: "Three sites.",
    type: 19,
  },
  "quote-business": {
    businessName: "BuildRight Construction",
    email: "wire-fleet@example.com",
    phoneNumber: "2145550147",
    businessAddress: "400 Elm Street, Dallas, TX 75202",
    address2: "400 Elm Street",
    address1: "Dallas",
    city: "Dallas",
    state: "TX",
    zipCode: "75202",
    county: "Dallas County",
    country: "US",
    lat: "32.7811",
    long: "-96.7996",
    employeeSize: 1000,
    fleetSize: 35,
    gallons: 1200,
    numberOfLocation: 3,
    frequency: "weekly",
    fuelType: "Gasoline",
    tankType: "Under Ground",
    deliveryWindowStartTime: 4 * 3600 * 1000,
    deliveryWindowEndTime: 8 * 3600 * 1000,
    campaignStartDate: new Date(year, 0, 1).getTime(),
    campaignEndDate: new Date(year, 11, 31, 23, 59, 59, 999).getTime(),
    descriptionQuote: "Weekly top-ups.",
    type: 19,
  },
  waitlist: { email: "wire-wait@example.com", zipCode: "60601", type: 1 },
};

const pad = fc.constantFrom("", " ", "  ", "\t");

/** The ways a client may write `value`, a field whose rule takes `kind`. */
function writings(kind: WireKind | undefined, value: unknown): fc.Arbitrary<unknown> {
  if (kind === "number" && typeof value === "number") {
    return fc.oneof(
      fc.constant(value),
      fc.tuple(pad, pad).map(([a, b]) => `${a}${value}${b}`),
    );
  }
  // A text that is a number as JSON writes it may come as that number.
  if (kind === "text" && typeof value === "string" && value !== "" && String(Number(value)) === value) return fc.constantFrom(value, Number(value));
  if (kind === "boolean" && typeof value === "boolean") return fc.oneof(fc.constant(value), fc.mixedCase(fc.constant(String(value))));
  return fc.constant(value);
}

/** Bodies like `sample`, each field written any way its rule allows. */
function variants(schema: $ZodType, sample: Record<string, unknown>) {
  const shape = wireShape(schema);
  return fc.record(Object.fromEntries(Object.entries(sample).map(([name, value]) => [name, writings(wireKind(shape[name] as $ZodType), value)])));
}

/** What the database keeps of a lead, without what differs from one submission to the next. */
async function stored(submissionId: string) {
  const row = await db.kysely
    .selectFrom("leads")
    .select(["kind", "type", "email", "payload", "zip", "city", "phone_norm", "business_norm", "name_norm"])
    .where("submission_id", "=", submissionId)
    .executeTakeFirst();
  return row && { ...row, type: Number(row.type), payload: JSON.parse(row.payload) as unknown };
}

describe("the API stores the same lead however a client writes its numbers, texts and booleans", () => {
  it("has a sample body for every form of the registry", () => {
    expect(Object.keys(samples).sort()).toEqual(
      formKinds()
        .map((k) => k.spec.kind)
        .sort(),
    );
  });

  for (const kind of formKinds()) {
    const spec = kind.spec;
    it(`${spec.kind} (${spec.endpoint})`, async () => {
      const sample = samples[spec.kind] as Record<string, unknown>;
      const schema = spec.wireSchema ? await spec.wireSchema() : await resolveSchema(spec);
      const first = randomUUID();
      const res = await send("POST", spec.endpoint, { ...sample, submissionId: first });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const expected = await stored(first);
      expect(expected?.kind).toBe(spec.kind);
      await fc.assert(
        fc.asyncProperty(variants(schema, sample), async (body) => {
          const submissionId = randomUUID();
          const answer = await send("POST", spec.endpoint, { ...body, submissionId });
          expect(answer.status, JSON.stringify(answer.body)).toBe(201);
          expect(await stored(submissionId)).toEqual(expected);
        }),
        { numRuns: 25 },
      );
    });
  }

  it("a reply to a comment (PUT /admin/addCommentBlog), isChildComment written any way", async () => {
    const parent = await send("PUT", "/admin/addCommentBlog", {
      text: "Does the overnight window work for yard trucks?",
      email: "wire-comment@example.com",
      commentBy: "Ana Ruiz",
      companyName: "Ruiz Paving",
      blogId: POST_ID,
    });
    expect(parent.status).toBe(201);
    const parentId = (parent.body as { data: { _id: string } }).data._id;
    const reply = {
      text: "It does: we fuel yards between 00:00 and 04:00.",
      email: "wire-reply@example.com",
      commentBy: "Sam Lee",
      companyName: "7",
      blogId: POST_ID,
      commentId: parentId,
      isChildComment: true,
    };
    const kept = (r: ApiResponse) => {
      const { _id, createdOn, ...rest } = (r.body as { data: Record<string, unknown> }).data;
      return rest;
    };
    const expected = kept(await send("PUT", "/admin/addCommentBlog", reply));
    expect(expected).toMatchObject({ parentId, commentBy: "Sam Lee" });
    await fc.assert(
      fc.asyncProperty(variants(commentPayloadSchema, reply), async (body) => {
        const answer = await send("PUT", "/admin/addCommentBlog", body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(kept(answer)).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});
