import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "~/platform/api/types";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../helpers/test-db";
import { createAccount } from "~/features/staff/accounts.server";
import { createSession } from "~/features/staff/session.server";
import { loadEnv } from "~/platform/env.server";
import { createSiteApp } from "~/server/compose.server";
import { BODY_RATE, bodyTooSlow } from "~/platform/http/body.server";
import { PAGE_BODY_LIMIT } from "~/platform/http/documents.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { buildDir, validLead } from "../../scripts/bench-lib";
import { testServices } from "../helpers/services";

/**
 * What a hostile or unlucky client does to the HTTP layer, through the real request
 * listener and build over a test database: bodies far over the limit (declared or
 * chunked), Markdown that takes seconds to render or nests past the stack, bodies that
 * trickle in, URLs and bodies full of tokens and addresses that must not reach the log,
 * and a disk that is full while a visitor sends a form.
 */

let db: Db;
let build: ServerBuild;
let services: Services;
let server: http.Server;
let base: string;
let staffCookie = "";
/** Every line the server logged. */
const logLines: string[] = [];

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request on its own connection; `chunks` are written one by one (chunked when no length is given). */
function send(method: string, path: string, headers: Record<string, string> = {}, chunks: (Buffer | string)[] = [], url = base): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method, headers, agent: false }, (res) => {
      const got: Buffer[] = [];
      res.on("data", (c: Buffer) => got.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(got).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    (async () => {
      for (const c of chunks) if (!req.write(c)) await new Promise((r) => req.once("drain", r));
      req.end();
    })().catch(reject);
  });
}

const desk = (extra: Record<string, string> = {}) => ({ cookie: staffCookie, origin: base, ...extra });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function listen(app: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const s = http.createServer(app);
  return new Promise((resolve) => s.listen(0, "127.0.0.1", () => resolve({ server: s, url: `http://127.0.0.1:${(s.address() as net.AddressInfo).port}` })));
}

beforeAll(async () => {
  const serverBuild = join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`no build in ${buildDir}: run the build first (npm run build)`);
  build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  db = await openTestDb();
  const env = await withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "info", LOG_REQUESTS: "true", RATE_LIMIT_MAX: "100000" }), db);
  services = testServices({ env, db, log: createLogger("info", { destination: { write: (line: string) => void logLines.push(line) } }) });
  const { account } = await createAccount(db, env, { email: "editor@staff.test", role: "admin" });
  const { token } = await createSession(db, account.id, {});
  staffCookie = `__Host-fillway-desk=${token}`;
  // Bodies must come in at 2 KiB/s after 300 ms (the server's own is 8 KiB/s after 30 s).
  ({ server, url: base } = await listen(
    createSiteApp({ services, build, clientDir: join(buildDir, "client"), bodyRate: { minBytesPerSecond: 2048, graceMs: 300, checkEveryMs: 50 } }),
  ));
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await db?.close();
});

describe("bodies over the limit", () => {
  it("answers a 1 MB API body with its 413 JSON message, declared or chunked, instead of a reset connection", { timeout: 60_000 }, async () => {
    const mb = Buffer.alloc(1024 * 1024, "x");
    const declared = await send("POST", "/web/form", { "content-type": "application/json", "content-length": String(mb.length) }, [mb]);
    const chunked = await send(
      "POST",
      "/web/form",
      { "content-type": "application/json" },
      Array.from({ length: 64 }, () => mb.subarray(0, 16 * 1024)),
    );
    for (const res of [declared, chunked]) {
      expect(res.status).toBe(413);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(res.text).message).toBe(`The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
      expect(res.headers.connection).toBe("close");
    }
  });

  it("refuses a chunked page post over the cap by the bytes that arrive, before any action reads it", { timeout: 60_000 }, async () => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    const count = Math.ceil((PAGE_BODY_LIMIT * 3) / chunk.length);
    const body = (prefix: string) => [Buffer.from(prefix), ...Array.from({ length: count }, () => chunk)];
    // The editor's preview, without JavaScript and with it, and a public page's form.
    const preview = await send("POST", "/desk/posts/new", desk({ "content-type": "application/x-www-form-urlencoded" }), body("intent=preview&body="));
    const live = await send("POST", "/desk/posts/preview", desk({ "content-type": "application/x-www-form-urlencoded" }), body("body="));
    const page = await send("POST", "/gasoline", { origin: base, "content-type": "application/x-www-form-urlencoded" }, body("message="));
    for (const res of [preview, live, page]) {
      expect(res.status).toBe(413);
      expect(res.text).toContain(`larger than ${PAGE_BODY_LIMIT / 1024} KiB`);
    }
    // The server is fine afterwards.
    expect((await send("GET", "/robots.txt")).status).toBe(200);
  });
});

describe("a NUL character in a page's form post", () => {
  it("is refused beside its field with 422, the other fields kept, nothing stored", async () => {
    const email = `nul-${randomUUID().slice(0, 8)}@example.com`;
    const res = await send("POST", "/gasoline", { origin: base, "content-type": "application/x-www-form-urlencoded" }, [
      form({
        _form: "lead-personal",
        _formId: "contact-form",
        type: "9",
        firstName: "Da\0na",
        lastName: "Reyes",
        email,
        phone: "2145550123",
        zipCode: "75201",
      }),
    ]);
    expect(res.status).toBe(422);
    expect(res.text).toContain("Remove the NUL character");
    expect(res.text).toContain('value="Dana"');
    expect(res.text).toContain(`value="${email}"`);
    expect(await db.kysely.selectFrom("leads").select("id").where("email", "=", email).execute()).toEqual([]);
  });
});

describe("Markdown that freezes a renderer", () => {
  it("refuses a body that cannot be rendered in time with 422 and what to do, answering others meanwhile", { timeout: 60_000 }, async () => {
    const order: string[] = [];
    const preview = send("POST", "/desk/posts/preview", desk({ "content-type": "application/x-www-form-urlencoded" }), [
      form({ title: "T", body: "_a".repeat(49_500) }),
    ]).then((res) => {
      order.push("preview");
      return res;
    });
    // Wait until the body is with the renderer, then ask for another page.
    await new Promise((r) => setTimeout(r, 300));
    const robots = await send("GET", "/robots.txt");
    order.push("robots");
    expect(robots.status).toBe(200);
    const res = await preview;
    expect(order).toEqual(["robots", "preview"]);
    expect(res.status).toBe(422);
    const answer = JSON.parse(res.text) as { html: string | null; error: string };
    expect(answer.html).toBeNull();
    expect(answer.error).toMatch(/could not be turned into a page within \d+ seconds/);
    expect(answer.error).toMatch(/close them|split the body/);
  });

  it("answers the live preview's multipart form the same way", { timeout: 60_000 }, async () => {
    const body = new FormData();
    body.set("title", "T");
    body.set("body", "_a".repeat(49_500));
    const res = await fetch(`${base}/desk/posts/preview`, { method: "POST", headers: desk(), body });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/could not be turned into a page/);
    const ok = new FormData();
    ok.set("body", "Fine **now**.");
    const fine = await fetch(`${base}/desk/posts/preview`, { method: "POST", headers: desk(), body: ok });
    expect(fine.status).toBe(200);
    expect(((await fine.json()) as { html: string }).html).toContain("<strong>now</strong>");
  });

  it("refuses nesting too deep without JavaScript with 422 and the form kept, instead of a 500", { timeout: 60_000 }, async () => {
    const body = `${"> ".repeat(20_000)}deep`;
    const res = await send("POST", "/desk/posts/new", desk({ "content-type": "application/x-www-form-urlencoded" }), [
      form({ intent: "preview", title: "Deep title", body }),
    ]);
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/nests quotes or lists too deeply|could not be turned into a page/);
    expect(res.text).toContain('value="Deep title"');
  });

  it("does not save a post whose body cannot be rendered in time", { timeout: 60_000 }, async () => {
    const before = await db.kysely.selectFrom("posts").select("id").execute();
    const res = await send("POST", "/desk/posts/new", desk({ "content-type": "application/x-www-form-urlencoded" }), [
      form({
        intent: "draft",
        kind: "blog",
        title: "Slow body",
        subTitle: "s",
        date: "2026-11-25",
        image: "/media/blog/a-night-with-a-fuel-tech.svg",
        body: "_a".repeat(49_500),
      }),
    ]);
    expect(res.status).toBe(422);
    expect(await db.kysely.selectFrom("posts").select("id").execute()).toEqual(before);
  });
});

describe("bodies that trickle in", () => {
  it("gives a large upload the time its size needs, and a trickle none", () => {
    const second = 1000;
    // 10 MB at 64 KiB/s: 160 s, far past the 30 s that used to cut it.
    expect(bodyTooSlow(10 * 1024 * 1024, 160 * second)).toBe(false);
    expect(bodyTooSlow(64 * 1024 * 100, 100 * second)).toBe(false);
    // Within the grace period nothing is cut, whatever has arrived.
    expect(bodyTooSlow(0, BODY_RATE.graceMs)).toBe(false);
    // After it, a body averaging under the minimum is.
    expect(bodyTooSlow(100, BODY_RATE.graceMs + second)).toBe(true);
    expect(bodyTooSlow(BODY_RATE.minBytesPerSecond * 59, 60 * second)).toBe(true);
  });

  it("cuts a body below the minimum rate with 408 and takes a slow but steady one", { timeout: 60_000 }, async () => {
    // One byte every 100 ms: far below 2 KiB/s.
    const trickle = await new Promise<{ status: number; closed: boolean }>((resolve) => {
      const req = http.request(
        `${base}/web/form`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": "5000" }, agent: false },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, closed: false }));
        },
      );
      const drip = setInterval(() => req.write("x"), 100);
      req.on("error", () => resolve({ status: 0, closed: true }));
      req.on("close", () => clearInterval(drip));
    });
    expect(trickle.status === 408 || trickle.closed).toBe(true);
    // 12 KiB in 1 KiB pieces every 50 ms: about 20 KiB/s, ten times the minimum, for longer than the grace.
    const lead = JSON.stringify({ ...validLead(1, randomUUID()), message: "Steady. ".repeat(1500).slice(0, 12 * 1024) });
    const pieces: string[] = [];
    for (let i = 0; i < lead.length; i += 1024) pieces.push(lead.slice(i, i + 1024));
    const steady = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/web/form`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(lead)) }, agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      let i = 0;
      const tick = setInterval(() => {
        if (i < pieces.length) req.write(pieces[i++]);
        else {
          clearInterval(tick);
          req.end();
        }
      }, 50);
    });
    expect(steady).not.toBe(408);
    expect(steady).toBeLessThan(500);
  });
});

describe("the log", () => {
  it("holds no token, e-mail address or search text, whatever the requests carry", { timeout: 60_000 }, async () => {
    logLines.length = 0;
    const secrets = {
      setPassword: `sp${randomUUID().replace(/-/g, "")}`,
      newsletter: `nl${randomUUID().replace(/-/g, "")}`,
      deskSearch: `searched-${randomUUID().slice(0, 8)}@example.com`,
      blogSearch: `nightfuel${randomUUID().slice(0, 8)}`,
      leadEmail: `lead-${randomUUID().slice(0, 8)}@example.com`,
      leadPhone: "2145550199",
      formEmail: `form-${randomUUID().slice(0, 8)}@example.com`,
    };
    await send("GET", `/desk/set-password/${secrets.setPassword}`);
    await send("GET", `/newsletter/confirm?token=${secrets.newsletter}`);
    await send("GET", `/newsletter/unsubscribe?token=${secrets.newsletter}`);
    await send("GET", `/desk/leads?q=${encodeURIComponent(secrets.deskSearch)}&status=new`, { cookie: staffCookie });
    await send("GET", `/desk/subscribers?q=${encodeURIComponent(secrets.deskSearch)}`, { cookie: staffCookie });
    await send("GET", `/blog?search=${secrets.blogSearch}`);
    await send("GET", `/faq?ref=${encodeURIComponent(secrets.formEmail)}`);
    const lead = { ...validLead(2, randomUUID()), email: secrets.leadEmail, phone: secrets.leadPhone };
    expect((await send("POST", "/web/form", { "content-type": "application/json" }, [JSON.stringify({ ...lead, unknownField: 1 })])).status).toBe(201);
    await send("POST", "/gasoline", { origin: base, "content-type": "application/x-www-form-urlencoded" }, [
      form({
        _form: "lead-personal",
        _formId: "contact-form",
        type: "9",
        firstName: "Dana",
        lastName: "Reyes",
        email: secrets.formEmail,
        phone: "2145550123",
        zipCode: "75201",
      }),
    ]);
    // A line of every kind was written, personal data in fields among them.
    services.log.warn(
      { email: secrets.leadEmail, lead: { phone: secrets.leadPhone, firstName: "Dana" }, path: `/desk/leads?q=${secrets.deskSearch}` },
      "a careless call",
    );
    const text = logLines.join("");
    expect(logLines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(9);
    for (const [what, secret] of Object.entries(secrets)) {
      expect(text.includes(secret), `${what} reached the log`).toBe(false);
      expect(text.includes(encodeURIComponent(secret)), `${what} (encoded) reached the log`).toBe(false);
    }
    expect(text).toContain("/desk/set-password/[redacted]");
    expect(text).toContain("/desk/leads?q=[redacted]");
  });
});

/** Fails every insert into `table` the way SQLite does when the disk is full. */
function diskFullOn(table: string): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const into =
        node.kind === "InsertQueryNode" ? (node.into as { table?: { identifier?: { name?: string } } } | undefined)?.table?.identifier?.name : undefined;
      if (into === table) throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };
}

describe("a full disk", () => {
  it("keeps a no-JavaScript form's values with 503 and Retry-After, as the API answers 503, storing nothing", { timeout: 60_000 }, async () => {
    const full: Services = { ...services, db: { ...db, kysely: db.kysely.withPlugin(diskFullOn("leads")) } };
    const { server: fullServer, url } = await listen(createSiteApp({ services: full, build, clientDir: join(buildDir, "client") }));
    try {
      const count = async () =>
        Number(
          (
            await db.kysely
              .selectFrom("leads")
              .select((eb) => eb.fn.countAll<string | number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const email = `kept-${randomUUID().slice(0, 8)}@example.com`;
      const message = "Four vans need gasoline every night at the depot.";
      const page = await send(
        "POST",
        "/gasoline",
        { origin: url, "content-type": "application/x-www-form-urlencoded" },
        [
          form({
            _form: "lead-personal",
            _formId: "contact-form",
            type: "9",
            firstName: "Dana",
            lastName: "Reyes",
            email,
            phone: "2145550123",
            zipCode: "75201",
            city: "Dallas",
            message,
          }),
        ],
        url,
      );
      expect(page.status).toBe(503);
      expect(page.headers["retry-after"]).toBe("5");
      expect(page.text).toContain(`value="${email}"`);
      expect(page.text).toContain(message);
      expect(page.text).toMatch(/press Submit again/);
      const api = await send("POST", "/web/form", { "content-type": "application/json" }, [JSON.stringify(validLead(3, randomUUID()))], url);
      expect(api.status).toBe(503);
      expect(await count()).toBe(before);
    } finally {
      await new Promise((r) => fullServer.close(r));
    }
  });
});
