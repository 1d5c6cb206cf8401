import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewSecret, signPreview } from "~/features/content/preview-link.server";
import { newsletterSpec } from "~/features/leads/forms/kinds/newsletter";
import { acceptSubmission } from "~/features/leads/accept.server";
import { newsletterLinks } from "~/features/newsletter/subscriptions.server";
import { createAccount } from "~/features/staff/accounts.server";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { createSiteApp } from "~/server/compose.server";
import { buildDir } from "../../scripts/bench-lib";
import { openTestDb } from "../helpers/test-db";
import { testServices } from "../helpers/services";

/**
 * No token reaches the log: the real request listener, logging every request, is sent each
 * kind of link the site mints (a draft's preview, a set-password link, a newsletter
 * confirmation and unsubscribe, the one-click unsubscribe a mail client posts) and links
 * of routes that do not exist yet carrying a token of the same shape; every line it
 * logged is then searched for each token and for its signature alone.
 */

let db: Db;
let server: http.Server;
let base: string;
const logLines: string[] = [];

beforeAll(async () => {
  const serverBuild = join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`no build in ${buildDir}: run the build first (npm run build)`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  db = await openTestDb();
  const env = await withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "info", LOG_REQUESTS: "true", RATE_LIMIT_MAX: "100000" }), db);
  const services: Services = testServices({ env, db, log: createLogger("info", { destination: { write: (line: string) => void logLines.push(line) } }) });
  server = http.createServer(createSiteApp({ services, build, clientDir: join(buildDir, "client") }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await db?.close();
});

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const framed = body === undefined ? headers : { "content-length": String(Buffer.byteLength(body)), ...headers };
    const req = http.request(`${base}${path}`, { method, headers: framed }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The path and query of a link the site wrote. */
const target = (link: string) => {
  const u = new URL(link, base);
  return `${u.pathname}${u.search}`;
};

describe("tokens in the request log", () => {
  it("logs every link the site mints, and any new one shaped like them, with its token redacted", { timeout: 120_000 }, async () => {
    const env = { ...loadEnv({ NODE_ENV: "production" }), IP_HASH_SALT: "secrets-in-log-salt-0123" };
    const at = new Date().toISOString();
    const postId = `draft-${randomUUID().slice(0, 8)}`;
    await db.kysely
      .insertInto("posts")
      .values({
        id: postId,
        title: "Draft",
        sub_title: "",
        description_html: "",
        body_text: "",
        created_on: at,
        is_published: 0,
        is_article: 0,
        updated_at: at,
      } as never)
      .execute();
    const preview = signPreview(await previewSecret(db), postId).token;
    const { link: setPassword } = await createAccount(db, env, { email: `new-${randomUUID().slice(0, 8)}@staff.test`, role: "editor" });
    const email = `reader-${randomUUID().slice(0, 8)}@log.test`;
    const services = testServices({ db, env, log: createLogger("silent") });
    expect(
      (await acceptSubmission(services, newsletterSpec, { email, type: 4, submissionId: randomUUID() }, { ip: "127.0.0.1", wire: true, pagePath: "/" })).status,
    ).toBe("stored");
    const { id } = await db.kysely.selectFrom("leads").select("id").where("email_norm", "=", email).executeTakeFirstOrThrow();
    const links = await newsletterLinks(db, base, { id: Number(id), email });
    const future = randomBytes(32).toString("base64url");
    const hex = randomBytes(32).toString("hex");

    const requests: [string, string, Record<string, string>?, string?][] = [
      ["GET", `/desk/preview/${preview}`],
      ["GET", `/desk/preview/${preview}.data`],
      ["GET", target(setPassword)],
      ["GET", target(links.confirm)],
      ["GET", target(links.unsubscribe)],
      // A mail client's one-click unsubscribe: a cross-site post with the token in the query.
      [
        "POST",
        target(links.unsubscribe),
        { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
        "List-Unsubscribe=One-Click",
      ],
      // Routes no one has written yet, and tokens under parameter names no one has listed.
      ["GET", `/invite/${future}/accept`],
      ["GET", `/blog?invite=${future}&page=2`],
      ["GET", `/files?key=${hex}`],
      ["GET", `/desk/some-new-screen/${encodeURIComponent(preview)}`],
    ];
    for (const [method, path, headers, body] of requests) expect(await send(method, path, headers, body), `${method} ${path}`).toBeLessThan(500);

    const requestLines = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request" || l.msg === "request refused");
    expect(requestLines).toHaveLength(requests.length);
    const secrets = {
      preview,
      previewSignature: preview.split(".").at(-1) ?? "",
      setPassword: setPassword.split("/").at(-1) ?? "",
      confirm: new URL(links.confirm).searchParams.get("token") ?? "",
      confirmSignature: (new URL(links.confirm).searchParams.get("token") ?? "").split(".")[1] ?? "",
      unsubscribeSignature: (new URL(links.unsubscribe).searchParams.get("token") ?? "").split(".")[1] ?? "",
      future,
      hex,
    };
    for (const [kind, secret] of Object.entries(secrets)) {
      expect(secret.length, kind).toBeGreaterThanOrEqual(32);
      expect(
        logLines.filter((l) => l.includes(secret)),
        kind,
      ).toEqual([]);
    }
    // What is kept: the route, and the parameters that are not tokens.
    const paths = requestLines.map((l) => l.path);
    expect(paths).toContain("/desk/preview/[redacted]");
    expect(paths).toContain("/desk/set-password/[redacted]");
    expect(paths).toContain("/invite/[redacted]/accept");
    expect(paths).toContain("/blog?invite=[redacted]&page=2");
  });
});
