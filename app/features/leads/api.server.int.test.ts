import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteBusinessPayload } from "~/features/leads/forms/kinds/quote-business";
import { successText } from "~/shared/forms/success";
import { type Api, createApi as createApiOf } from "~/platform/api/router.server";
import { apiRoutes } from "~/server/compose.server";
import type { ApiRequest, ApiResponse } from "~/platform/api/types";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { testServices } from "../../../tests/helpers/services";

const createApi = (services: Services) => createApiOf(services, apiRoutes(services));

/**
 * The submission calls of section 7 through the API router, against a real database
 * (SQLite here, PostgreSQL in the CI leg): valid input stored exactly once, a replay
 * stored once, and every class of bad input refused with its status and nothing stored.
 */

let db: Db;
let api: Api;
let services: Services;

const SALT = "integration-test-salt-0123";

function makeServices(overrides: Record<string, string> = {}): Services {
  const settings = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_MAX: "10000", IP_HASH_SALT: SALT, ...overrides });
  return testServices({ env: { ...settings, IP_HASH_SALT: settings.IP_HASH_SALT ?? SALT }, db, log: createLogger("silent") });
}

beforeAll(async () => {
  db = await openTestDb();
  services = makeServices();
  api = createApi(services);
});
afterAll(() => db.close());

interface Send {
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  ip?: string;
  headers?: Record<string, string>;
  with?: Api;
}

function post(path: string, opts: Send = {}): Promise<ApiResponse> {
  const raw = opts.raw ?? (opts.body === undefined ? "" : JSON.stringify(opts.body));
  const req: ApiRequest = {
    method: "POST",
    path,
    query: new URLSearchParams(),
    headers: { "content-type": opts.contentType ?? "application/json", "user-agent": "Vitest/4 (integration)", ...opts.headers },
    body: Buffer.isBuffer(raw) ? raw : Buffer.from(raw, "utf8"),
    ip: opts.ip ?? "203.0.113.7",
  };
  return (opts.with ?? api).handle(req);
}

function get(pathAndQuery: string): Promise<ApiResponse> {
  const url = new URL(pathAndQuery, "http://x");
  return api.handle({ method: "GET", path: url.pathname, query: url.searchParams, headers: {}, body: Buffer.alloc(0), ip: "203.0.113.7" });
}

async function count(): Promise<number> {
  const r = await db.kysely
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function rowFor(submissionId: string) {
  return db.kysely.selectFrom("leads").selectAll().where("submission_id", "=", submissionId).execute();
}

const uniq = () => randomUUID().slice(0, 8);

const bodies = {
  newsletter: () => ({ email: `news-${uniq()}@example.com`, type: 4 }),
  personal: () => ({
    email: `dana-${uniq()}@fleetco.com`,
    firstName: "Dana",
    lastName: "Reyes",
    city: "Dallas",
    zipCode: "75201",
    message: "Two vans parked overnight need diesel twice a week.",
    type: 1,
    phone: "2145550123",
  }),
  business: () => ({
    email: `ops-${uniq()}@lonestar.com`,
    phone: "2145550147",
    zipCode: "75201",
    message: "",
    type: 13,
    bussinessName: "Lone Star Logistics",
    bussinessAddress: "2100 Ross Avenue, Dallas, TX",
    companySize: "50-100",
    fleetSize: "20",
    fuelType: "Red diesel plus DEF with gasoline",
  }),
  saas: () => ({ firstName: "Priya", lastName: "Shah", email: `priya-${uniq()}@fuelco.com`, zipCode: "10001", type: 18 }),
  fleet: () => ({
    email: `marcus-${uniq()}@reedhaul.com`,
    firstName: "Marcus",
    lastName: "Reed",
    city: "Dallas",
    zipCode: "75201",
    companyName: "Reed Hauling",
    stateId: "TX",
    phone: "2145550147",
    fleetSize: "11-50",
    fleetType: "Semi trucks",
    type: 17,
  }),
  quoteShort: () => ({
    email: `ana-${uniq()}@buildright.com`,
    phoneNumber: "2145550147",
    zipCode: "75202",
    type: 19,
    businessAddress: "400 Elm Street, Dallas, TX",
    firstName: "Ana",
    lastName: "Lopez",
  }),
  quoteBusiness: () =>
    quoteBusinessPayload({
      businessName: "BuildRight Construction",
      email: `fleet-${uniq()}@buildright.com`,
      phoneNumber: "2145550147",
      address2: "400 Elm Street",
      address1: "Dallas",
      city: "Dallas",
      state: "TX",
      zipCode: "75202",
      county: "Dallas County",
      country: "US",
      lat: "32.7811",
      long: "-96.7996",
      employeeSize: "500-1000",
      fleetSize: "35",
      gallons: "1200",
      numberOfLocation: "3",
      frequency: "weekly",
      fuelType: "Gasoline",
      tankType: "Under Ground",
      deliveryWindow: "04-08",
      type: "19",
    }),
};

const endpoints: [name: string, path: string, make: () => Record<string, unknown>, kind: string, type: number][] = [
  ["newsletter", "/web/suscribe", bodies.newsletter, "newsletter", 4],
  ["personal lead", "/web/form", bodies.personal, "lead-personal", 1],
  ["business lead", "/web/form", bodies.business, "lead-business", 13],
  ["SaaS lead", "/web/form", bodies.saas, "lead-saas", 18],
  ["fleet sign-up", "/web/form", bodies.fleet, "fleet", 17],
  ["short quote", "/campaign/createCampaign", bodies.quoteShort, "quote-short", 19],
  ["business quote", "/campaign/createCampaign", bodies.quoteBusiness, "quote-business", 19],
];

describe.each(endpoints)("%s (POST %s)", (_name, path, make, kind, type) => {
  it("stores a valid submission once, with what was sent, and answers 201", async () => {
    const submissionId = randomUUID();
    const body: Record<string, unknown> = { ...make(), submissionId, pagePath: "/faq" };
    const res = await post(path, { body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: successText(kind), data: { submissionId } });
    const rows = await rowFor(submissionId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ kind, type, email: body.email, page_path: "/faq", user_agent: "Vitest/4 (integration)" });
    const { submissionId: _s, pagePath: _p, ...sent } = body;
    expect(JSON.parse(row.payload)).toEqual(sent);
    expect(row.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(row.ip_hash).not.toContain("203.0.113.7");
    expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
  });

  it("refuses a NUL character in any field with 422, naming the field, and stores nothing", async () => {
    const submissionId = randomUUID();
    const res = await post(path, { body: { ...make(), email: "nul\u0000@example.com", submissionId } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: { email: ["Remove the NUL character"] } });
    expect(await rowFor(submissionId)).toHaveLength(0);
  });

  it("stores a replay (retry, double click) once and answers 200 with the same body", async () => {
    const submissionId = randomUUID();
    const body = { ...make(), submissionId };
    const first = await post(path, { body });
    const again = await post(path, { body });
    const [c1, c2] = await Promise.all([post(path, { body }), post(path, { body })]);
    expect(first.status).toBe(201);
    expect([again.status, c1.status, c2.status]).toEqual([200, 200, 200]);
    expect(again.body).toEqual(first.body);
    expect(await rowFor(submissionId)).toHaveLength(1);
  });

  it("stores two submissions sent at the same instant with the same id once", async () => {
    const submissionId = randomUUID();
    const body = { ...make(), submissionId };
    const answers = await Promise.all([post(path, { body }), post(path, { body }), post(path, { body })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(await rowFor(submissionId)).toHaveLength(1);
  });

  it("takes the page path from the Referer when the body does not say", async () => {
    const submissionId = randomUUID();
    await post(path, { body: { ...make(), submissionId }, headers: { referer: "https://www.fillway.example/gasoline?x=1" } });
    expect((await rowFor(submissionId))[0]?.page_path).toBe("/gasoline");
  });

  const refusals: [what: string, send: () => Send, status: number][] = [
    ["malformed JSON", () => ({ raw: '{"email": "a@b.co",' }), 400],
    ["invalid UTF-8", () => ({ raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) }), 400],
    ["an empty body", () => ({ raw: "" }), 400],
    ["text/plain", () => ({ body: make(), contentType: "text/plain" }), 415],
    ["form-urlencoded", () => ({ raw: "email=a%40b.co&type=1", contentType: "application/x-www-form-urlencoded" }), 415],
    ["no content type", () => ({ body: make(), contentType: "" }), 415],
    ["a non-UTF-8 charset", () => ({ body: make(), contentType: "application/json; charset=latin1" }), 415],
    ["a JSON array", () => ({ body: [make()] }), 422],
    ["JSON null", () => ({ raw: "null" }), 422],
    ["a wrongly typed field", () => ({ body: { ...make(), email: 42 } }), 422],
    ["a type that is not a number, as text", () => ({ body: { ...make(), type: `${type}abc` } }), 422],
    ["a 10,000-character string", () => ({ body: { ...make(), email: `${"a".repeat(10_000)}@example.com` } }), 422],
    ["a control character", () => ({ body: { ...make(), email: "dana\u0000@example.com" } }), 422],
    ["a missing required field", () => ({ body: { ...make(), email: undefined } }), 422],
    ["a submission id that is not a UUID", () => ({ body: { ...make(), submissionId: "1; DROP TABLE leads" } }), 422],
  ];
  for (const [what, send, status] of refusals) {
    it(`refuses ${what} with ${status} and stores nothing`, async () => {
      const before = await count();
      const res = await post(path, send());
      expect(res.status).toBe(status);
      expect(typeof (res.body as { message?: unknown }).message).toBe("string");
      expect(await count()).toBe(before);
    });
  }

  it("names every failed field with the form's own messages, and never an unknown field", async () => {
    const res = await post(path, { body: { ...make(), email: "not-an-email", extra: 1 } });
    expect(res.status).toBe(422);
    const errors = (res.body as { errors: Record<string, string[]> }).errors;
    expect(errors).toEqual({ email: [path === "/web/suscribe" ? "Email Should be valid" : "Please enter a valid email"] });
  });

  it("drops unknown fields and stores the lead without them", async () => {
    const submissionId = randomUUID();
    const body = make();
    const res = await post(path, { body: { ...body, submissionId, isVip: true, utm_source: "newsletter" } });
    expect(res.status).toBe(201);
    const row = (await rowFor(submissionId))[0];
    expect(JSON.parse(row?.payload ?? "{}")).toEqual(body);
  });

  it("answers a filled honeypot as if all went well and stores nothing", async () => {
    const before = await count();
    const submissionId = randomUUID();
    const res = await post(path, { body: { ...make(), submissionId, website: "http://spam.example" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: successText(kind), data: { submissionId } });
    expect(await count()).toBe(before);
  });
});

describe("/web/form type codes", () => {
  it("routes each code to its layout's schema and refuses codes without a contact form", async () => {
    const before = await count();
    // A business payload under a personal code fails on the personal schema's fields.
    const wrongVariant = await post("/web/form", { body: { ...bodies.business(), type: 1 } });
    expect(wrongVariant.status).toBe(422);
    expect((wrongVariant.body as { errors: Record<string, string[]> }).errors.firstName).toEqual(["First name required"]);
    for (const t of [0, 19, 21, -1, 1.5, null, "19", "1abc", " 1 1", true]) {
      const res = await post("/web/form", { body: { ...bodies.personal(), type: t } });
      expect(res.status, `type ${String(t)}`).toBe(422);
      expect((res.body as { errors: Record<string, string[]> }).errors.type).toEqual(["Unknown form type"]);
    }
    expect(await count()).toBe(before);
  });
  it("stores every personal-layout code with its code", async () => {
    for (const t of [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 15, 16]) {
      const submissionId = randomUUID();
      expect((await post("/web/form", { body: { ...bodies.personal(), type: t, submissionId } })).status).toBe(201);
      expect((await rowFor(submissionId))[0]?.type).toBe(t);
    }
    for (const t of [5, 13, 14, 20]) {
      const submissionId = randomUUID();
      expect((await post("/web/form", { body: { ...bodies.business(), type: t, submissionId } })).status).toBe(201);
      expect((await rowFor(submissionId))[0]).toMatchObject({ type: t, kind: "lead-business" });
    }
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After past RATE_LIMIT_MAX posts per window, per client", async () => {
    const limited = createApi(makeServices({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "60" }));
    const before = await count();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post("/web/suscribe", { body: bodies.newsletter(), ip: "198.51.100.1", with: limited }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429]);
    const retry = Number(answers[3]?.headers?.["Retry-After"]);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // The budget is shared by every public POST, and another client has its own.
    expect((await post("/web/form", { body: bodies.personal(), ip: "198.51.100.1", with: limited })).status).toBe(429);
    expect((await post("/web/form", { body: bodies.personal(), ip: "198.51.100.2", with: limited })).status).toBe(201);
    expect(await count()).toBe(before + 4);
  });
});

describe("GET /web/getData2?flag=3 (locations)", () => {
  type List = {
    data: { data: { city: string; zipCode: string[]; stateId: { _id: string; name: string }; county: string; lat: string; long: string }[]; count: number };
  };
  it("suggests cities by name, biggest first, in the shape of section 3", async () => {
    const res = await get("/web/getData2?flag=3&citySearch=dallas");
    expect(res.status).toBe(200);
    const list = (res.body as List).data;
    expect(list.count).toBeGreaterThan(1);
    const first = list.data[0]!;
    expect(first).toMatchObject({ city: "Dallas", stateId: { _id: "TX", name: "Texas" }, county: "Dallas County", country: "US" });
    expect(first.zipCode).toContain("75201");
    expect(first.zipCode.every((z) => /^\d{5}$/.test(z))).toBe(true);
    expect(Number(first.lat)).toBeCloseTo(32.8, 0);
    expect(Number(first.long)).toBeCloseTo(-96.8, 0);
    expect(list.data.length).toBeLessThanOrEqual(10);
  });
  it("narrows by state after a comma and matches later words of a name", async () => {
    const pa = (await get("/web/getData2?flag=3&citySearch=Springfield,%20il")).body as List;
    expect(pa.data.data.map((c) => c.stateId._id)).toEqual(["IL"]);
    const worth = (await get("/web/getData2?flag=3&citySearch=worth")).body as List;
    expect(worth.data.data.map((c) => `${c.city}, ${c.stateId._id}`)).toContain("Fort Worth, TX");
  });
  it("suggests by ZIP prefix", async () => {
    const list = ((await get("/web/getData2?flag=3&search=7520")).body as List).data;
    expect(list.data[0]).toMatchObject({ city: "Dallas", stateId: { _id: "TX" } });
    expect(list.data[0]?.zipCode.every((z) => z.startsWith("7520"))).toBe(true);
    expect(((await get("/web/getData2?flag=3&search=00000")).body as List).data).toEqual({ data: [], count: 0 });
  });
  it("refuses bad parameters with 400", async () => {
    for (const q of ["flag=3", "flag=3&citySearch=", "flag=3&search=abc", "flag=3&search=123456", "flag=3&citySearch=a&limit=0", "flag=9", ""]) {
      const res = await get(`/web/getData2?${q}`);
      expect(res.status, q).toBe(400);
      expect(typeof (res.body as { message: string }).message).toBe("string");
    }
    expect((await get(`/web/getData2?flag=3&citySearch=${"x".repeat(101)}`)).status).toBe(400);
  });
  it("leaves flag 4 to the blog list", async () => {
    const res = await get("/web/getData2?flag=4&limit=1");
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty("data.count");
  });
});

describe("GET /common/getCountyUsingZipCode", () => {
  it("answers the county of a ZIP as people write it", async () => {
    expect((await get("/common/getCountyUsingZipCode?zipcode=75201")).body).toEqual({ data: "Dallas County" });
    expect((await get("/common/getCountyUsingZipCode?zipcode=70112")).body).toEqual({ data: "Orleans Parish" });
    expect((await get("/common/getCountyUsingZipCode?zipcode=90210")).body).toEqual({ data: "Los Angeles County" });
  });
  it("answers 404 for an unknown ZIP and 400 for a malformed one", async () => {
    expect((await get("/common/getCountyUsingZipCode?zipcode=00001")).status).toBe(404);
    for (const z of ["", "7520", "abcde", "752011"]) expect((await get(`/common/getCountyUsingZipCode?zipcode=${z}`)).status).toBe(400);
  });
});

describe("JavaScript-special keys", () => {
  it("are dropped like any unknown field, never a 5xx", async () => {
    for (const key of ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"]) {
      const submissionId = randomUUID();
      const body = bodies.personal();
      const raw = `{${JSON.stringify(key)}:"",${JSON.stringify({ ...body, submissionId }).slice(1)}`;
      const res = await post("/web/form", { raw });
      expect(res.status, key).toBe(201);
      const stored = JSON.parse((await rowFor(submissionId))[0]?.payload ?? "{}");
      expect(Object.hasOwn(stored, key), key).toBe(false);
      expect(stored).toEqual(body);
    }
  });
});

/**
 * docs/deviations.md, "Wire contract": the server accepts every payload that satisfies section
 * 5's rules for its form. Each body below is what the specification's own form sends
 * (section 3's fields, section 5's required ones), nothing more.
 */
describe("the specification's own payloads", () => {
  const spec: [what: string, path: string, body: () => Record<string, unknown>, kind: string][] = [
    ["newsletter on the home page", "/web/suscribe", () => ({ email: `n-${uniq()}@example.com`, type: 4 }), "newsletter"],
    ["newsletter on careers", "/web/suscribe", () => ({ email: `n-${uniq()}@example.com`, type: 3 }), "newsletter"],
    ["newsletter on the retail page", "/web/suscribe", () => ({ email: `n-${uniq()}@example.com`, type: 1 }), "newsletter"],
    ["personal lead", "/web/form", () => bodies.personal(), "lead-personal"],
    ["personal lead with city and message left blank", "/web/form", () => ({ ...bodies.personal(), city: "", message: "" }), "lead-personal"],
    [
      "business lead without a phone number",
      "/web/form",
      () => {
        const { phone: _p, ...rest } = bodies.business();
        return rest;
      },
      "lead-business",
    ],
    ["business lead with the phone left blank", "/web/form", () => ({ ...bodies.business(), phone: "", bussinessAddress: "", message: "" }), "lead-business"],
    [
      "business lead with the spec's choices",
      "/web/form",
      () => ({ ...bodies.business(), companySize: "100-200", fleetSize: "30", fuelType: "Diesel/DEF other", type: 5 }),
      "lead-business",
    ],
    [
      "fleet sign-up without state and ZIP",
      "/web/form",
      () => {
        const { stateId: _s, zipCode: _z, ...rest } = bodies.fleet();
        return rest;
      },
      "fleet",
    ],
    [
      "fleet sign-up with a formatted phone and its own fleet choices",
      "/web/form",
      () => ({ ...bodies.fleet(), phone: "(214) 555", fleetSize: "25", fleetType: "Tankers", stateId: "", zipCode: "" }),
      "fleet",
    ],
    [
      "short quote without names",
      "/campaign/createCampaign",
      () => {
        const { firstName: _f, lastName: _l, ...rest } = bodies.quoteShort();
        return { ...rest, city: "Dallas", descriptionQuote: "Weekly diesel for six trucks." };
      },
      "quote-short",
    ],
    [
      "short quote with a page type of its own",
      "/campaign/createCampaign",
      () => {
        const { firstName: _f, lastName: _l, ...rest } = bodies.quoteShort();
        return { ...rest, type: 13 };
      },
      "quote-short",
    ],
    [
      "business quote (employee size 200-500 mapped to 200, as the spec does)",
      "/campaign/createCampaign",
      () => ({ ...bodies.quoteBusiness(), employeeSize: 200 }),
      "quote-business",
    ],
  ];
  it.each(spec)("accepts the %s", async (_what, path, make, kind) => {
    const submissionId = randomUUID();
    const body = make();
    const res = await post(path, { body: { ...body, submissionId } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = (await rowFor(submissionId))[0];
    expect(row?.kind).toBe(kind);
    expect(row?.email).toBe(body.email);
  });

  it("accepts a ZIP code and phone number shorter than our pages ask for, as the specification's rule does", async () => {
    const submissionId = randomUUID();
    const res = await post("/web/form", { body: { ...bodies.personal(), zipCode: "752", phone: "21455", submissionId } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = (await rowFor(submissionId))[0];
    expect(JSON.parse(String(row?.payload))).toMatchObject({ zipCode: "752", phone: "21455" });
  });

  it("reads numbers as numbers or text, choices in any letter case and a state by name, and stores the normal form", async () => {
    const business = randomUUID();
    const b = await post("/web/form", {
      body: { ...bodies.business(), fleetSize: 30, fuelType: "diesel/def OTHER", companySize: "100-200", submissionId: business },
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(JSON.parse(String((await rowFor(business))[0]?.payload))).toMatchObject({ fleetSize: "30", fuelType: "Diesel/DEF other" });

    const fleet = randomUUID();
    const f = await post("/web/form", { body: { ...bodies.fleet(), stateId: "texas", fleetSize: 12, submissionId: fleet } });
    expect(f.status, JSON.stringify(f.body)).toBe(201);
    expect(JSON.parse(String((await rowFor(fleet))[0]?.payload))).toMatchObject({ stateId: "TX", fleetSize: "12" });

    const before = await count();
    const bad = await post("/web/form", { body: { ...bodies.fleet(), stateId: "Texarkana" } });
    expect(bad.status).toBe(422);
    expect((bad.body as { errors: object }).errors).toEqual({ stateId: ["Please select a state"] });
    expect(await count()).toBe(before);
  });

  it("still checks a field the specification leaves optional when it is sent", async () => {
    const phone = await post("/web/form", { body: { ...bodies.business(), phone: "214-555" } });
    expect((phone.body as { errors: object }).errors).toEqual({ phone: ["Must be only digits"] });
    const zip = await post("/web/form", { body: { ...bodies.fleet(), zipCode: "7520A" } });
    expect((zip.body as { errors: object }).errors).toEqual({ zipCode: ["Must be only digits"] });
    const name = await post("/campaign/createCampaign", { body: { ...bodies.quoteShort(), firstName: "R2D2" } });
    expect((name.body as { errors: object }).errors).toEqual({ firstName: ["Please enter valid firstname"] });
  });

  it("still requires what section 5 requires", async () => {
    const { email: _e, ...noEmail } = bodies.personal();
    expect((await post("/web/form", { body: noEmail })).status).toBe(422);
    const { bussinessName: _b, ...noName } = bodies.business();
    expect(((await post("/web/form", { body: noName })).body as { errors: object }).errors).toEqual({ bussinessName: ["businessName name required"] });
    const { city: _c, ...noCity } = bodies.fleet();
    expect(((await post("/web/form", { body: noCity })).body as { errors: object }).errors).toEqual({ city: ["City name required"] });
  });
});
