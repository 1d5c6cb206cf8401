import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import { connect } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect } from "vitest";
import type { ApiRoute } from "../../app/platform/api/router.server";
import type { Db } from "../../app/platform/db/db.server";
import { loadEnv } from "../../app/platform/env.server";
import { apiRoutes, createSiteApp } from "../../app/server/compose.server";
import type { Services } from "../../app/platform/services.server";
import { startOutbox } from "../../app/platform/outbox/worker.server";
import { outboxMessages } from "../../app/server/messages.server";
import { withIpHashSalt } from "../../app/platform/settings.server";
import { buildDir, validLead } from "../../scripts/bench-lib";
import { openTestDb } from "./test-db";

/**
 * The server the hostile-input tests probe: the real request listener (createSiteApp over the
 * production build and a test database) on a loopback socket, and the ways to talk to it.
 * A test file calls startHostileServer() once; db, base, routes and build are set before its
 * tests run.
 */

export let db: Db;
let server: http.Server;
export let base: string;
export let routes: ApiRoute[] = [];
export let build: ServerBuild;
/** Every JSON line the server logged (level info and up). */
export const logLines: string[] = [];
export const captureLog = () => pino({ level: "info", base: { app: "fillway" } }, { write: (line: string) => void logLines.push(line) });
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export interface Answer {
  status: number;
  type: string;
  text: string;
}

export function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Answer> {
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

export async function storedRows(): Promise<number> {
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
export async function expectSafe(answer: Answer, rowsBefore: number, what: string) {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500);
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  if (answer.status !== 204 && answer.text) {
    expect(answer.type, what).toMatch(/^application\/json/);
    expect(() => JSON.parse(answer.text), what).not.toThrow();
  }
  if (answer.status < 200 || answer.status >= 300) expect(await storedRows(), `${what} stored a row`).toBe(rowsBefore);
}

/** A post the comment endpoint can refer to (the test database starts empty). */
export const POST_ID = "hostile-input-post";

/**
 * Valid bodies of each write endpoint (every form layout it takes), for the "invalid by
 * construction" mutations. Fresh ids each call, so a valid one is never a replay.
 */
export function validBodies(route: ApiRoute): Record<string, unknown>[] {
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

/** Starts the listener over a fresh test database before the file's tests, and stops it after. */
export function startHostileServer(): void {
  beforeAll(async () => {
    const serverBuild = join(buildDir, "server/index.js");
    if (!existsSync(serverBuild)) throw new Error(`no build in ${buildDir}: run the build first (npm run build)`);
    build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    db = await openTestDb();
    const env = await withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "info", LOG_REQUESTS: "false", RATE_LIMIT_MAX: "100000000" }), db);
    const log = captureLog();
    const services: Services = { env, db, log, outbox: startOutbox({ db, env, log, messages: outboxMessages, paused: true }) };
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
    server = http.createServer(createSiteApp({ services, build, clientDir: join(buildDir, "client") }));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const addr = server.address() as net.AddressInfo;
    base = `http://127.0.0.1:${addr.port}`;
  });

  afterAll(async () => {
    agent.destroy();
    await new Promise((r) => server?.close(r));
    await db?.close();
  });
}

/** Another listener over the same database and build, with some settings changed. */
export async function startApp(overrides: Record<string, string>): Promise<{ base: string; close: () => Promise<void> }> {
  const env = await withIpHashSalt(
    loadEnv({ NODE_ENV: "production", LOG_LEVEL: "info", LOG_REQUESTS: "false", RATE_LIMIT_MAX: "100000000", ...overrides }),
    db,
  );
  const log = captureLog();
  const outbox = startOutbox({ db, env, log, messages: outboxMessages, paused: true });
  const s = http.createServer(createSiteApp({ services: { env, db, log, outbox }, build, clientDir: join(buildDir, "client") }));
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(s.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((r) => s.close(() => r())),
  };
}

export interface Full extends Answer {
  headers: http.IncomingHttpHeaders;
  bytes: number;
}

/** One request with exactly this path (no normalising by a URL parser) and these headers. */
export function request(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer, on = base): Promise<Full> {
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
export function exchange(text: string | Buffer, ms = 400): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(base).port), "127.0.0.1");
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
export const statusLines = (raw: string) => [...raw.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1]));
export const asset = () => [...readdirSync(join(buildDir, "client/assets")).filter((f) => f.endsWith(".js"))][0] ?? "";
export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
