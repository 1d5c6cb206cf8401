import { existsSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~/features/staff/accounts.server";
import { cookieName, createSession } from "~/features/staff/session.server";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { FORM_BODY_REFUSED, FORM_TYPE_REFUSED } from "~/platform/http/body.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { createSiteApp } from "~/server/compose.server";
import { buildDir } from "../../scripts/bench-lib";
import { openTestDb } from "../helpers/test-db";
import { testServices } from "../helpers/services";

/**
 * A form post whose body no action could read gets a 4xx with a message at every page
 * action of the route table, the desk's as a signed-in admin and the public pages', never
 * a 500: a multipart body cut short, one without its boundary, a broken part, and a body
 * of another media type. The actions are read from the build's routes (every route with
 * an action), so a new one is covered without being listed; nothing is stored.
 */

let db: Db;
let build: ServerBuild;
let server: http.Server;
let base: string;
let cookie: string;
const logLines: string[] = [];

beforeAll(async () => {
  const serverBuild = join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`no build in ${buildDir}: run the build first (npm run build)`);
  build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  db = await openTestDb();
  const env = await withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "info", LOG_REQUESTS: "false", RATE_LIMIT_MAX: "100000" }), db);
  const services: Services = testServices({ env, db, log: createLogger("info", { destination: { write: (line: string) => void logLines.push(line) } }) });
  const { account } = await createAccount(db, env, { email: "bodies-admin@staff.test", role: "admin" });
  const { token } = await createSession(db, account.id, {});
  cookie = `${cookieName(env, "desk")}=${token}`;
  server = http.createServer(createSiteApp({ services, build, clientDir: join(buildDir, "client") }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await db?.close();
});

/** Every route of the build with an action, as a path to post to (parameters filled in, an index route with `?index`). */
function actionPaths(): string[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const r = routes[id];
    if (!r) return "";
    const own = r.path ?? "";
    const parent = r.parentId ? fullPath(r.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  const out: string[] = [];
  for (const r of Object.values(routes)) {
    if (!r?.module.action || r.id === "root") continue;
    const path = `/${fullPath(r.id)
      .split("/")
      .map((s) => (s.startsWith(":") ? "1" : s === "*" ? "no-such-screen" : s))
      .join("/")}`.replace(/\/+/g, "/");
    out.push(r.index ? `${path}?index` : path);
  }
  return out.sort();
}

function post(path: string, contentType: string | undefined, body: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { origin: base, "sec-fetch-site": "same-origin", cookie, "content-length": String(Buffer.byteLength(body)) };
  if (contentType) headers["content-type"] = contentType;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: "POST", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const part = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n`;
const MALFORMED: [string, string, string][] = [
  ["multipart cut short", "multipart/form-data; boundary=cut-short", part("cut-short")],
  ["multipart without its boundary", "multipart/form-data", part("nowhere")],
  ["multipart with a broken part", "multipart/form-data; boundary=broken", `--broken\r\nno headers here\r\n--broken--\r\n`],
];

describe("a form body no action can read", () => {
  it("finds the desk's actions and the public pages' in the route table", () => {
    const paths = actionPaths();
    expect(paths.filter((p) => p.startsWith("/desk/")).length).toBeGreaterThanOrEqual(15);
    expect(paths).toContain("/desk/privacy");
    expect(paths).toContain("/desk/images");
  });

  it("gets 400 with a message at every action, the desk's as a signed-in admin and the public pages'", { timeout: 120_000 }, async () => {
    const rowsBefore = await db.kysely
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    const answers: Record<string, string> = {};
    for (const path of actionPaths()) {
      for (const [what, type, body] of MALFORMED) {
        const res = await post(path, type, body);
        answers[`${path} ${what}`] = `${res.status} ${res.text.length > 0 ? "with a message" : "empty"}`;
      }
      const other = await post(path, "text/plain", "intent=save");
      answers[`${path} text/plain`] = `${other.status} ${other.text === FORM_TYPE_REFUSED || other.text.length > 0 ? "with a message" : "empty"}`;
    }
    for (const [request, answer] of Object.entries(answers)) {
      // The image upload reads its own (streamed) body and says so in its page; 415 for the other media type.
      const wanted = request.endsWith("text/plain") ? /^415 with a message$/ : /^400 with a message$/;
      expect(answer, request).toMatch(wanted);
    }
    expect(
      logLines.filter((l) => l.includes('"level":50')),
      "no request failed",
    ).toEqual([]);
    const rowsAfter = await db.kysely
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(rowsAfter.n)).toBe(Number(rowsBefore.n));
  });

  it("says what went wrong, in words", async () => {
    const res = await post("/desk/privacy", "multipart/form-data; boundary=cut-short", part("cut-short"));
    expect(res).toEqual({ status: 400, text: FORM_BODY_REFUSED });
    // A well-formed form still reaches the action.
    const fine = await post("/desk/privacy", "application/x-www-form-urlencoded", "intent=find&email=");
    expect(fine.status).toBe(422);
  });
});
