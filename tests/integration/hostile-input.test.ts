import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ApiRoute, apiRoutes } from "~/platform/api/router.server";
import { MAX_BODY_BYTES } from "~/platform/api/types";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../helpers/test-db";
import { loadEnv } from "~/platform/env.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { createApp } from "~/platform/http/app.server";
import type { Services } from "~/platform/services.server";
import { buildDir, validLead } from "../../scripts/bench-lib";

/**
 * Generated bodies, headers, query strings, methods and content types thrown at every
 * route of the JSON API through the real request listener (createApp over a test
 * database, on a loopback socket). Whatever comes in: never a 5xx, always a JSON answer,
 * and nothing stored unless the answer was 2xx. Then what an outside probe of the whole
 * server tries: every method on every shape of path, smuggling shapes and pipelining on a
 * raw socket, slow readers and writers, conditional and range requests, the same odd
 * body at every endpoint, the rate limit without JavaScript, HSTS. Loopback only,
 * bounded in count and time.
 */

// The endpoints of spec section 7: they must all be served.
const SPEC_ENDPOINTS = [
  "POST /web/suscribe",
  "POST /web/form",
  "GET /web/getData2",
  "POST /campaign/createCampaign",
  "GET /common/getCountyUsingZipCode",
  "PUT /admin/addCommentBlog",
];

const RUNS = Number(process.env.HOSTILE_RUNS ?? 60);

let db: Db;
let server: http.Server;
let base: string;
let routes: ApiRoute[] = [];
let build: ServerBuild;
/** Every JSON line the server logged (level info and up). */
const logLines: string[] = [];
const captureLog = () => pino({ level: "info", base: { app: "fillway" } }, { write: (line: string) => void logLines.push(line) });
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

interface Answer {
  status: number;
  type: string;
  text: string;
}

function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function storedRows(): Promise<number> {
  const leads = await db.kysely
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  const comments = await db.kysely
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(leads.n) + Number(comments.n);
}

/** The API's promises: below 500, JSON, and a refused request stores nothing. */
async function expectSafe(answer: Answer, rowsBefore: number, what: string) {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500);
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  if (answer.status !== 204 && answer.text) {
    expect(answer.type, what).toMatch(/^application\/json/);
    expect(() => JSON.parse(answer.text), what).not.toThrow();
  }
  if (answer.status < 200 || answer.status >= 300) expect(await storedRows(), `${what} stored a row`).toBe(rowsBefore);
}

// ---- generators ------------------------------------------------------------------------

const specFields = [
  "email",
  "type",
  "firstName",
  "lastName",
  "city",
  "zipCode",
  "message",
  "phone",
  "phoneNumber",
  "submissionId",
  "bussinessName",
  "bussinessAddress",
  "businessName",
  "businessAddress",
  "companySize",
  "fleetSize",
  "fuelType",
  "companyName",
  "stateId",
  "fleetType",
  "descriptionQuote",
  "employeeSize",
  "gallons",
  "numberOfLocation",
  "frequency",
  "tankType",
  "deliveryWindowStartTime",
  "deliveryWindowEndTime",
  "campaignStartDate",
  "campaignEndDate",
  "lat",
  "long",
  "state",
  "county",
  "country",
  "address1",
  "address2",
  "text",
  "commentBy",
  "blogId",
  "commentId",
  "isChildComment",
  "__proto__",
  "constructor",
  "prototype",
  "website",
];

const nasty = fc.constantFrom(
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE leads; --",
  "\u0000",
  "\ud800",
  "‮evil",
  "a".repeat(5000),
  "1e309",
  "NaN",
  "-0",
  "{{7*7}}",
  "../../etc/passwd",
  "javascript:alert(1)",
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Objects that look like a submission: the spec's field names with anything in them. */
const formish = fc.dictionary(fc.constantFrom(...specFields), anyValue, { maxKeys: 14 }).map((o) => JSON.stringify(o));

const bodies: fc.Arbitrary<Buffer> = fc.oneof(
  formish.map((s) => Buffer.from(s)),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
  fc.string({ unit: "binary", maxLength: 300 }).map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)),
  fc
    .constantFrom(
      "",
      "{",
      "null",
      "[]",
      '"just a string"',
      "email=a%40b.co&type=1",
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      `${"[".repeat(6000)}${"]".repeat(6000)}`,
      `{"email":"a@b.co","type":1,${'"x":1,'.repeat(1500)}"y":2}`,
    )
    .map((s) => Buffer.from(s)),
);

const contentTypes = fc.oneof(
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "application/JSON",
    "application/json; charset=utf-16",
    "application/json;;;",
    "text/plain",
    "text/html",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=----x",
    "application/xml",
    "*/*",
    "",
  ),
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[\t\x20-\x7e]*$/.test(s)),
);

const headerName = fc
  .stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,24}$/)
  .filter((n) => !/^(content-length|transfer-encoding|host|connection|expect|upgrade|te|trailer|keep-alive|content-type)$/i.test(n));
const headerValue = fc.string({ maxLength: 120 }).filter((s) => /^[\t\x20-\x7e]*$/.test(s) && s.trim() === s);
const extraHeaders = fc.dictionary(headerName, headerValue, { maxKeys: 6 });

const queryKeys = ["flag", "limit", "search", "citySearch", "isPublished", "isArticle", "blogId", "zipcode", "sort", "page", "skip", "offset"];
const queryStrings = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 10 })),
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 60 }),
        nasty,
        fc.integer().map(String),
        fc.constantFrom("3", "4", "-1", "0", "99999999999", "true", "false", "1.5", "Infinity"),
      ),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => {
    const q = new URLSearchParams();
    for (const [k, v] of pairs) q.append(k, v);
    return q.toString();
  });

/** A post the comment endpoint can refer to (the test database starts empty). */
const POST_ID = "hostile-input-post";

/**
 * Valid bodies of each write endpoint (every form variant it takes), for the "invalid by
 * construction" mutations. Fresh ids each call, so a valid one is never a replay.
 */
function validBodies(route: ApiRoute): Record<string, unknown>[] {
  const id = randomUUID();
  const email = `hostile-${id.slice(0, 8)}@example.com`;
  const year = new Date().getFullYear();
  switch (route.path) {
    case "/web/suscribe":
      return [{ email, type: 4, submissionId: id }];
    case "/web/form":
      return [
        { ...validLead(1, id) },
        {
          type: 13,
          email,
          phone: "2145550123",
          zipCode: "75201",
          bussinessName: "Lone Star Haulers",
          bussinessAddress: "100 Main St",
          companySize: "10-50",
          fleetSize: "10",
          fuelType: "Diesel/DEF other",
          message: "Nightly diesel for 12 tractors",
          submissionId: id,
        },
        {
          type: 17,
          email,
          firstName: "Ana",
          lastName: "Ruiz",
          phone: "2145550123",
          companyName: "Ruiz Paving",
          city: "Dallas",
          stateId: "TX",
          zipCode: "75201",
          fleetSize: "11-50",
          fleetType: "Construction equipment",
          submissionId: id,
        },
      ];
    case "/campaign/createCampaign":
      return [
        {
          type: 19,
          email,
          firstName: "Ana",
          lastName: "Ruiz",
          phoneNumber: "2145550123",
          businessAddress: "100 Main St, Dallas, TX",
          zipCode: "75201",
          submissionId: id,
        },
        {
          type: 19,
          email,
          businessName: "Ruiz Paving",
          phoneNumber: "2145550123",
          businessAddress: "100 Main St, Dallas, TX 75201",
          address2: "100 Main St",
          city: "Dallas",
          state: "TX",
          zipCode: "75201",
          employeeSize: 50,
          fleetSize: 12,
          gallons: 3000,
          numberOfLocation: 2,
          frequency: "weekly",
          fuelType: "Gasoline",
          tankType: "Over Ground",
          deliveryWindowStartTime: 0,
          deliveryWindowEndTime: 4 * 3600 * 1000,
          campaignStartDate: new Date(year, 0, 1).getTime(),
          campaignEndDate: new Date(year, 11, 31, 23, 59, 59, 999).getTime(),
          submissionId: id,
        },
      ];
    case "/api/waitlist":
      return [{ email, zipCode: "60601", type: 1, submissionId: id }];
    case "/admin/addCommentBlog":
      return [{ text: "Does the overnight window work for yard trucks?", email, commentBy: "Ana Ruiz", companyName: "Ruiz Paving", blogId: POST_ID }];
    default:
      return [];
  }
}

/** Fields a template may leave out: mutating them would not make the body invalid. */
const OPTIONAL = new Set(["message", "city", "submissionId", "bussinessAddress", "address1", "county", "country", "lat", "long", "descriptionQuote"]);

/**
 * Fields whose absence leaves a valid payload (decisions.md, "Wire contract": what spec 5
 * requires is enough): the business lead's phone, the fleet sign-up's state and ZIP, the
 * short quote's names.
 */
function optionalOnTheWire(body: Record<string, unknown>): string[] {
  if (body.type === 13) return ["phone"];
  if (body.type === 17) return ["stateId", "zipCode"];
  if ("phoneNumber" in body && !("businessName" in body)) return ["firstName", "lastName"];
  // Without its business name a business quote is a short quote (the API tells them apart
  // by that field and drops the fields the short quote does not take).
  if ("businessName" in body) return ["businessName"];
  return [];
}

// ---- the tests -------------------------------------------------------------------------

beforeAll(async () => {
  const serverBuild = join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`no build in ${buildDir}: run the build first (npm run build)`);
  build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  db = await openTestDb();
  const env = await withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "info", LOG_REQUESTS: "false", RATE_LIMIT_MAX: "100000000" }), db);
  const services: Services = { env, db, log: captureLog() };
  routes = apiRoutes(services);
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
  server = http.createServer(createApp({ services, build, clientDir: join(buildDir, "client") }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address() as net.AddressInfo;
  base = `http://127.0.0.1:${addr.port}`;
});

afterAll(async () => {
  agent.destroy();
  await new Promise((r) => server?.close(r));
  await db?.close();
});

describe("hostile input at every API endpoint", () => {
  it("serves every endpoint of the specification", () => {
    const served = routes.map((r) => `${r.method} ${r.path}`);
    for (const e of SPEC_ENDPOINTS) expect(served, `${e} is not served`).toContain(e);
  });

  it("answers generated bodies under any content type without a 5xx, storing nothing it refused", { timeout: 180_000 }, async () => {
    const writes = routes.filter((r) => r.method !== "GET");
    for (const route of writes) {
      await fc.assert(
        fc.asyncProperty(bodies, contentTypes, extraHeaders, async (body, contentType, headers) => {
          const before = await storedRows();
          const h: Record<string, string> = { ...headers };
          if (contentType) h["content-type"] = contentType;
          const answer = await send(route.method, route.path, h, body);
          await expectSafe(answer, before, `${route.method} ${route.path} [${contentType}] ${body.subarray(0, 80).toString()}`);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it("refuses invalid-by-construction submissions with a 4xx and stores nothing", { timeout: 180_000 }, async () => {
    type Mutation = (o: Record<string, unknown>) => string;
    const set =
      (k: string, v: unknown): Mutation =>
      (o) =>
        JSON.stringify({ ...o, [k]: v });
    const writes = routes.filter((r) => r.method !== "GET" && validBodies(r).length > 0);
    for (const route of writes) {
      const templates = validBodies(route).length;
      for (let t = 0; t < templates; t++) {
        const template = validBodies(route)[t]!;
        const required = Object.keys(template).filter((k) => !OPTIONAL.has(k) && !optionalOnTheWire(template).includes(k));
        const mutations: fc.Arbitrary<Mutation>[] = [
          // A required field missing.
          fc.constantFrom(...required).map(
            (k): Mutation =>
              (o) =>
                JSON.stringify({ ...o, [k]: undefined }),
          ),
          // A required field of the wrong kind, or blank.
          fc.tuple(fc.constantFrom(...required), fc.constantFrom<unknown>(null, [], {}, true, "", " ", "\u0000")).map(([k, v]) => set(k, v)),
          // The e-mail not an e-mail.
          fc
            .string({ maxLength: 40 })
            .filter((s) => !s.includes("@"))
            .map((s) => set("email", s)),
          // A form type that does not exist.
          fc.oneof(fc.integer({ min: 21 }), fc.integer({ max: 0 }), fc.double({ min: 1.01, max: 1.99 })).map((v) => set("type", v)),
        ];
        // A field nobody asked for, including the names that are special in JavaScript
        // objects: written into the JSON text, so "__proto__" arrives as an own key. The
        // comment form refuses it; a lead is never refused for it (the API drops it, see
        // app/features/leads/api.server.test.ts).
        const unknownField = fc
          .tuple(fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "isAdmin", "id"), fc.jsonValue({ maxDepth: 1 }))
          .map(
            ([k, v]): Mutation =>
              (o) =>
                `{${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"},${JSON.stringify(o).slice(1)}`,
          );
        if (route.path === "/admin/addCommentBlog") mutations.push(unknownField);
        const mutation = fc.oneof(...mutations);
        await fc.assert(
          fc.asyncProperty(mutation, async (mutate) => {
            const text = mutate({ ...validBodies(route)[t]! });
            const before = await storedRows();
            const answer = await send(route.method, route.path, { "content-type": "application/json" }, text);
            const what = `${route.method} ${route.path} ${text.slice(0, 200)}`;
            expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
            await expectSafe(answer, before, what);
          }),
          { numRuns: RUNS },
        );
        // The template itself is accepted, so the refusals above are about the mutations.
        const before = await storedRows();
        const good = validBodies(route)[t]!;
        const ok = await send(route.method, route.path, { "content-type": "application/json" }, JSON.stringify(good));
        expect(ok.status, `${route.path} refused a valid body ${JSON.stringify(good)}: ${ok.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        expect(ok.status).toBeLessThan(300);
        expect(await storedRows()).toBe(before + 1);
      }
    }
  });

  it("answers generated query strings on the read endpoints with JSON and no 5xx", { timeout: 120_000 }, async () => {
    const reads = routes.filter((r) => r.method === "GET");
    for (const route of reads) {
      await fc.assert(
        fc.asyncProperty(queryStrings, extraHeaders, async (query, headers) => {
          const before = await storedRows();
          const answer = await send("GET", `${route.path}?${query}`, headers);
          await expectSafe(answer, before, `GET ${route.path}?${query}`);
        }),
        { numRuns: RUNS * 2 },
      );
    }
  });

  it("answers any method on an API path without a 5xx", { timeout: 60_000 }, async () => {
    const methods = fc.oneof(
      fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"),
      fc.stringMatching(/^[A-Z]{3,10}$/),
    );
    const paths = [...new Set([...routes.map((r) => r.path), ...SPEC_ENDPOINTS.map((e) => e.split(" ")[1] ?? "/")])];
    await fc.assert(
      fc.asyncProperty(methods, fc.constantFrom(...paths), async (method, path) => {
        const before = await storedRows();
        // Node's client refuses CONNECT without a target; the server never sees it.
        fc.pre(method !== "CONNECT");
        const answer = await send(method, path, { "content-type": "application/json" }, method === "GET" || method === "HEAD" ? undefined : "{}");
        expect(answer.status, `${method} ${path}`).toBeLessThan(500);
        expect(await storedRows()).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });

  it("answers a body over the limit with 413 and stores nothing", async () => {
    for (const route of routes.filter((r) => r.method !== "GET")) {
      const before = await storedRows();
      const big = JSON.stringify({ ...validBodies(route)[0], message: "x".repeat(MAX_BODY_BYTES) });
      const declared = await send(route.method, route.path, { "content-type": "application/json" }, big);
      expect(declared.status, route.path).toBe(413);
      // Chunked, so the size is only known while reading.
      const streamed = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${base}${route.path}`,
          { method: route.method, headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", (e: NodeJS.ErrnoException) => (e.code === "ECONNRESET" || e.code === "EPIPE" ? resolve(413) : reject(e)));
        for (let i = 0; i < 40; i++) req.write("x".repeat(1024));
        req.end();
      });
      expect(streamed, route.path).toBe(413);
      expect(await storedRows()).toBe(before);
    }
  });

  it("survives broken HTTP framing on the wire and keeps serving", async () => {
    const target = routes.find((r) => r.method === "POST")?.path ?? "/web/form";
    const raw = [
      `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"email":`,
      `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      `POST ${target} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n`,
      `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`,
      `GET /web/getData2?flag=4&limit=%ZZ HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET //web/..%2f..%2fetc/passwd HTTP/1.1\r\nHost: x\r\n\r\n`,
      `\u0000\u0001garbage\r\n\r\n`,
    ];
    const before = await storedRows();
    for (const text of raw) {
      const status = await new Promise<string>((resolve) => {
        const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
        let got = "";
        socket.on("data", (d) => {
          got += d;
        });
        socket.on("error", () => resolve(got));
        socket.on("close", () => resolve(got));
        socket.write(text);
        // A truncated body never completes: give up after a moment, like a client would.
        setTimeout(() => socket.destroy(), 400);
      });
      expect(status, JSON.stringify(text)).not.toMatch(/^HTTP\/1\.1 5\d\d/);
    }
    expect(await storedRows()).toBe(before);
    const after = await send("GET", "/web/getData2?flag=4&limit=1");
    expect(after.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// ---- the whole server, as an outside probe sees it -------------------------------------

/** Another listener over the same database and build, with some settings changed. */
async function startApp(overrides: Record<string, string>): Promise<{ base: string; close: () => Promise<void> }> {
  const env = await withIpHashSalt(
    loadEnv({ NODE_ENV: "production", LOG_LEVEL: "info", LOG_REQUESTS: "false", RATE_LIMIT_MAX: "100000000", ...overrides }),
    db,
  );
  const s = http.createServer(createApp({ services: { env, db, log: captureLog() }, build, clientDir: join(buildDir, "client") }));
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(s.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((r) => s.close(() => r())),
  };
}

interface Full extends Answer {
  headers: http.IncomingHttpHeaders;
  bytes: number;
}

/** One request with exactly this path (no normalising by a URL parser) and these headers. */
function request(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer, on = base): Promise<Full> {
  const { hostname, port } = new URL(on);
  // Node's client sends a DELETE, OPTIONS or TRACE body unframed unless told its length.
  const framed = body === undefined ? headers : { "content-length": String(Buffer.byteLength(body)), ...headers };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path, headers: framed, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const all = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers["content-type"] ?? ""),
          text: all.toString("utf8"),
          headers: res.headers,
          bytes: all.length,
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Writes `text` on a fresh socket and collects what comes back until the server closes it or `ms` pass. */
function exchange(text: string | Buffer, ms = 400): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
    let got = "";
    const done = () => resolve(got);
    socket.on("data", (d) => {
      got += d.toString("latin1");
    });
    socket.on("error", done);
    socket.on("close", done);
    socket.write(text);
    setTimeout(() => socket.destroy(), ms);
  });
}

// Responses follow each other with no line break after a body, so no line anchor.
const statusLines = (raw: string) => [...raw.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1]));
const asset = () => [...readdirSync(join(buildDir, "client/assets")).filter((f) => f.endsWith(".js"))][0] ?? "";
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };

describe("every method on every shape of path", () => {
  // Every method Node's parser takes, but CONNECT, which never reaches the request listener.
  const METHODS = http.METHODS.filter((m) => m !== "CONNECT");
  const shapes = () => [
    "/",
    "/?index",
    "/faq",
    "/gasoline",
    "/blog",
    "/news",
    `/blogdetail/${POST_ID}`,
    "/blogdetail/no-such-post",
    "/robots.txt",
    "/sitemap.xml",
    "/rss.xml",
    "/favicon.svg",
    `/assets/${asset()}`,
    "/assets/no-such.js",
    "/no-such-page",
    "/faq.data",
    "/_root.data",
    "/web/form",
    "/web/getData2?flag=4",
    "/admin/addCommentBlog",
  ];

  it("answers each with no 5xx, no stack trace and nothing stored; refusals are 405 with Allow", { timeout: 120_000 }, async () => {
    const errors = vi.spyOn(console, "error");
    const stderr = vi.spyOn(process.stderr, "write");
    const before = await storedRows();
    const linesBefore = logLines.length;
    try {
      for (const path of shapes()) {
        for (const method of METHODS) {
          const body = method === "GET" || method === "HEAD" ? undefined : "a=1";
          const res = await request(method, path, body ? FORM_TYPE : {}, body);
          const what = `${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status === 405) expect(res.headers.allow, what).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
          const page = !/^\/(web|admin|campaign|common)\//.test(path);
          if (page && !["GET", "HEAD", "POST"].includes(method)) {
            expect(res.status, what).toBe(405);
            expect(res.headers.allow, what).toMatch(/^GET, HEAD(, POST)?$/);
          }
        }
      }
      // The probe's exact cases: TRACE on a page, POST to a page without a form or to / without ?index.
      expect((await request("TRACE", "/faq")).status).toBe(405);
      expect((await request("POST", "/", FORM_TYPE, "a=1")).headers.allow).toBe("GET, HEAD");
      expect((await request("POST", "/robots.txt", FORM_TYPE, "a=1")).status).toBe(405);
      expect((await request("OPTIONS", "/gasoline")).headers.allow).toBe("GET, HEAD, POST");
      expect(await storedRows()).toBe(before);
      expect(errors).not.toHaveBeenCalled();
      expect(stderr).not.toHaveBeenCalled();
      for (const line of logLines.slice(linesBefore)) {
        const entry = JSON.parse(line) as { level: number; err?: unknown };
        expect(entry.level, line).toBeLessThanOrEqual(40);
        expect(line).not.toMatch(/\n\s+at /);
      }
    } finally {
      errors.mockRestore();
      stderr.mockRestore();
    }
  });

  it("refuses a cross-site form post with 400 and one warning line, no stack", async () => {
    const linesBefore = logLines.length;
    const res = await request("POST", "/gasoline", { ...FORM_TYPE, origin: "https://attacker.example" }, form({ _form: "lead-personal", _formId: "x" }));
    expect(res.status).toBe(400);
    const lines = logLines.slice(linesBefore).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe(40);
    expect(logLines.slice(linesBefore).join("")).not.toMatch(/\bat .*\(/);
  });
});

describe("HTTP on the wire", () => {
  it("refuses request-smuggling shapes and never answers a request hidden in a body", async () => {
    const before = await storedRows();
    const hidden = "GET /web/getData2?flag=4&limit=1 HTTP/1.1\r\nHost: x\r\n\r\n";
    const shapes = [
      // CL.TE and TE.CL
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 60\r\n\r\n0\r\n\r\n${hidden}`,
      // Two Content-Lengths that disagree; a Transfer-Encoding that is not quite chunked.
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 60\r\n\r\n{}${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding:\tchunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n${hidden}`,
      // Header folding, bare line feeds, a space before the colon, a chunk size with junk.
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: identity\r\n chunked\r\n\r\n0\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\nHost: x\nContent-Length: 2\n\n{}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Length : 60\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2;ext=${"x".repeat(9000)}\r\n{}\r\n0\r\n\r\n`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-2\r\n{}\r\n0\r\n\r\n${hidden}`,
      // An absurd request line and header block.
      `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /faq HTTP/1.1\r\nHost: x\r\n${"X-Pad: y\r\n".repeat(3000)}\r\n`,
      "GET /faq HTTP/9.9\r\nHost: x\r\n\r\n",
      "GET faq HTTP/1.1\r\nHost: x\r\n\r\n",
    ];
    for (const text of shapes) {
      const raw = await exchange(text);
      const statuses = statusLines(raw);
      const what = JSON.stringify(text.slice(0, 160));
      for (const s of statuses) expect(s, what).toBeLessThan(500);
      // The GET hidden in the body is never answered as a request of its own.
      expect(raw, what).not.toMatch(/"count":/);
    }
    expect(await storedRows()).toBe(before);
    expect((await request("GET", "/faq")).status).toBe(200);
  });

  it("answers pipelined requests in order, one answer each", async () => {
    const one = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
    const raw = await exchange(`${one("/faq")}${one("/no-such-page")}${one("/robots.txt")}HEAD /faq HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 4000);
    expect(statusLines(raw)).toEqual([200, 404, 200, 200]);
  });

  it("keeps serving others while clients read slowly, send slowly or never finish", { timeout: 30_000 }, async () => {
    const port = Number(new URL(base).port);
    const sockets: net.Socket[] = [];
    const open = () => {
      const s = net.connect(port, "127.0.0.1");
      s.on("error", () => {});
      sockets.push(s);
      return s;
    };
    try {
      // Readers that never read: pipelined requests for a large asset, the socket paused.
      for (let i = 0; i < 6; i++) {
        const s = open();
        s.pause();
        s.write(`GET /assets/${asset()} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(30));
      }
      // Slowloris: headers a few bytes at a time, and a body that never arrives in full.
      const drip = open();
      drip.write("GET /faq HTTP/1.1\r\nHost: x\r\n");
      const dripper = setInterval(() => drip.write("X-a: b\r\n"), 50);
      const body = open();
      body.write('POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":');
      await new Promise((r) => setTimeout(r, 200));
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        const res = await request("GET", "/faq", { "accept-encoding": "br" });
        times.push(performance.now() - t);
        expect(res.status).toBe(200);
      }
      clearInterval(dripper);
      times.sort((a, b) => a - b);
      expect(times[Math.floor(times.length / 2)], `GET /faq took ${times.map((t) => t.toFixed(1)).join(", ")} ms`).toBeLessThan(50);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });
});

describe("conditional requests, ranges, codings and paths (RFC 9110)", () => {
  it("answers 304 to If-None-Match with *, a weak tag or a list that holds the tag", async () => {
    const first = await request("GET", "/faq");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    for (const inm of ["*", etag, `W/${etag}`, `"other", ${etag}`, `"a",W/${etag} , "b"`]) {
      const res = await request("GET", "/faq", { "if-none-match": inm });
      expect(res.status, inm).toBe(304);
      expect(res.bytes).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    expect((await request("GET", "/faq", { "if-none-match": '"other", W/"else"' })).status).toBe(200);
  });

  it("sends the whole file when If-Range does not match, the range when it does", async () => {
    const media = `/media/${readdirSync(join(buildDir, "client/media")).find((f) => f.endsWith(".webm"))}`;
    const whole = await request("GET", media);
    const etag = String(whole.headers.etag);
    const ranged = await request("GET", media, { range: "bytes=0-9", "if-range": etag });
    expect(ranged.status).toBe(206);
    expect(ranged.bytes).toBe(10);
    for (const ifRange of ['"stale"', `W/${etag}`, "Tue, 01 Jan 2030 00:00:00 GMT"]) {
      const res = await request("GET", media, { range: "bytes=0-9", "if-range": ifRange });
      expect(res.status, ifRange).toBe(200);
      expect(res.bytes).toBe(whole.bytes);
    }
  });

  it("honours q-values in Accept-Encoding", async () => {
    const coding = async (accept: string) => (await request("GET", "/faq", { "accept-encoding": accept })).headers["content-encoding"];
    expect(await coding("gzip, deflate, br")).toBe("br");
    expect(await coding("br;q=0")).toBeUndefined();
    expect(await coding("br;q=0, gzip")).toBe("gzip");
    expect(await coding("br;q=0.1, gzip;q=0.9")).toBe("gzip");
    expect(await coding("*;q=0")).toBeUndefined();
    expect(await coding("identity")).toBeUndefined();
    expect((await request("GET", "/blog", { "accept-encoding": "br;q=0, gzip;q=0" })).headers["content-encoding"]).toBeUndefined();
  });

  it("redirects paths with empty or dot segments to the clean path, never serving the home page", async () => {
    const cases: [string, string][] = [
      ["///faq", "/faq"],
      ["//faq?x=1", "/faq?x=1"],
      ["/blogdetail/..", "/"],
      ["/faq/.", "/faq/"],
      ["/a/../faq", "/faq"],
      ["/%2e%2e/faq", "/faq"],
      ["/\\evil.example", "/evil.example"],
      ["//evil.example/", "/evil.example/"],
    ];
    for (const [path, clean] of cases) {
      const res = await request("GET", path);
      expect(res.status, path).toBe(308);
      expect(res.headers.location, path).toBe(clean);
    }
    expect((await request("GET", "/no-such-page")).status).toBe(404);
  });
});

describe("the same body gets the same answer at every write endpoint", () => {
  const writes = () => routes.filter((r) => r.method !== "GET");
  const valid = (route: ApiRoute) => validBodies(route)[0] as Record<string, unknown>;
  const sendTo = (route: ApiRoute, contentType: string, body: Buffer | string) => send(route.method, route.path, { "content-type": contentType }, body);

  it("415 for a charset other than UTF-8, 400 for bytes that are not UTF-8, 422 for a non-object", async () => {
    for (const route of writes()) {
      const before = await storedRows();
      for (const charset of ["utf-16", "iso-8859-1", "latin1", "us-ascii"]) {
        const res = await sendTo(route, `application/json; charset=${charset}`, JSON.stringify(valid(route)));
        expect(res.status, `${route.path} ${charset}`).toBe(415);
      }
      const invalid = await sendTo(route, "application/json", Buffer.from([0x7b, 0x22, 0x61, 0xff, 0x22, 0x3a, 0x31, 0x7d]));
      expect(invalid.status, route.path).toBe(400);
      expect(invalid.text).not.toContain("\ufffd");
      for (const raw of ["[]", "null", "42", '"text"']) expect((await sendTo(route, "application/json", raw)).status, `${route.path} ${raw}`).toBe(422);
      expect(await storedRows()).toBe(before);
    }
  });

  it("takes a body that starts with a byte-order mark everywhere", async () => {
    for (const route of writes()) {
      const before = await storedRows();
      const res = await sendTo(
        route,
        'application/json; charset="UTF-8"',
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(valid(route)))]),
      );
      expect(res.status, `${route.path} ${res.text}`).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
      expect(await storedRows()).toBe(before + 1);
    }
  });

  it("caps an e-mail's local part at 64 octets and the address at 254 (RFC 5321)", async () => {
    const domain = "@example.com";
    for (const route of writes()) {
      const before = await storedRows();
      for (const email of [
        `${"a".repeat(65)}${domain}`,
        `${"b".repeat(200)}${domain}`,
        `c@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(63)}.${"g".repeat(60)}.com`,
      ]) {
        const res = await sendTo(route, "application/json", JSON.stringify({ ...valid(route), email }));
        expect(res.status, `${route.path} ${email.length}`).toBe(422);
        expect(JSON.parse(res.text).errors.email, route.path).toBeDefined();
      }
      expect(await storedRows()).toBe(before);
      const longest = await sendTo(route, "application/json", JSON.stringify({ ...valid(route), email: `${"a".repeat(64)}${domain}` }));
      expect(longest.status, `${route.path} ${longest.text}`).toBeLessThan(300);
    }
  });
});

describe("settings that change answers", () => {
  it("answers a no-JavaScript form post over the rate limit with 429 and Retry-After, like the API", async () => {
    const app = await startApp({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_SECONDS: "60" });
    try {
      const post = () => request("POST", "/gasoline", FORM_TYPE, form({ _form: "lead-personal", _formId: "rl", email: "rate@example.com" }), app.base);
      await post();
      await post();
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.text).toContain("rate@example.com");
      const api = await request("POST", "/web/form", { "content-type": "application/json" }, JSON.stringify(validLead(1, randomUUID())), app.base);
      expect(api.status).toBe(429);
      expect(Number(api.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it("sends Strict-Transport-Security for a year behind a trusted proxy on https, or with an https SITE_URL", async () => {
    expect((await request("GET", "/faq", { "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toBeUndefined();
    const proxied = await startApp({ TRUST_PROXY: "true" });
    const site = await startApp({ SITE_URL: "https://www.fillway.example" });
    try {
      for (const path of ["/faq", "/blog", "/web/getData2?flag=4&limit=1", `/assets/${asset()}`]) {
        expect((await request("GET", path, { "x-forwarded-proto": "https" }, undefined, proxied.base)).headers["strict-transport-security"], path).toBe(
          "max-age=31536000",
        );
        expect(
          (await request("GET", path, { "x-forwarded-proto": "http" }, undefined, proxied.base)).headers["strict-transport-security"],
          path,
        ).toBeUndefined();
        expect((await request("GET", path, {}, undefined, site.base)).headers["strict-transport-security"], path).toBe("max-age=31536000");
      }
    } finally {
      await proxied.close();
      await site.close();
    }
  });
});
