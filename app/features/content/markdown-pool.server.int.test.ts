import { existsSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~/features/staff/accounts.server";
import { createSession } from "~/features/staff/session.server";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { createSiteApp } from "~/server/compose.server";
import { buildDir } from "../../../scripts/bench-lib";
import { openTestDb } from "../../../tests/helpers/test-db";
import { testServices } from "../../../tests/helpers/services";

/**
 * The editor's live preview, through the real request listener and build: one editor's
 * six slow previews at once take one Markdown thread and two places in line, the other
 * three are answered 429 at once with what to do, and another editor's preview is
 * answered while hers still render.
 */

let db: Db;
let server: http.Server;
let base = "";
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const serverBuild = join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`no build in ${buildDir}: run the build first (npm run build)`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  db = await openTestDb();
  const env = await withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent" }), db);
  const services = testServices({ env, db, log: createLogger("silent") });
  for (const who of ["ada", "bo"]) {
    const { account } = await createAccount(db, env, { email: `${who}-${Date.now()}@staff.test`, role: "editor" });
    const { token } = await createSession(db, account.id, {});
    cookies[who] = `__Host-fillway-desk=${token}`;
  }
  server = http.createServer(createSiteApp({ services, build, clientDir: join(buildDir, "client") }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await db?.close();
});

interface Answer {
  who: string;
  status: number;
  retryAfter: string | null;
  error: string | null;
}

function preview(who: string, name: string, body: string): Promise<Answer> {
  return fetch(`${base}/desk/posts/preview`, {
    method: "POST",
    headers: { cookie: cookies[who] ?? "", origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ title: "T", body }).toString(),
  }).then(async (res) => ({
    who: name,
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    error: ((await res.json()) as { error: string | null }).error,
  }));
}

describe("the live preview shared fairly between editors", () => {
  it("refuses one editor's previews past her share with 429 and answers another editor's first", { timeout: 120_000 }, async () => {
    // Both threads started, as on a server that has been serving.
    expect((await Promise.all([preview("ada", "warm", "*one*"), preview("bo", "warm", "*two*")])).map((a) => a.status)).toEqual([200, 200]);
    const order: Answer[] = [];
    let threeBack: () => void = () => {};
    const refusedAll = new Promise<void>((resolve) => {
      threeBack = resolve;
    });
    const record = (a: Answer) => {
      order.push(a);
      if (order.length === 3) threeBack();
      return a;
    };
    // Bodies `marked` takes seconds on, each different, so no refusal is remembered.
    const hers = Array.from({ length: 6 }, (_, i) => preview("ada", `ada${i}`, "_a".repeat(49_500 + i)).then(record));
    // The first three answers come at once: refused, her share being full.
    await refusedAll;
    const his = preview("bo", "bo", "A *normal* preview.").then(record);
    await Promise.all([...hers, his]);

    const refused = order.slice(0, 3);
    for (const a of refused) {
      expect(a.who).toMatch(/^ada/);
      expect(a.status).toBe(429);
      expect(a.error).toBe("Your previous previews are still rendering; try again in a moment.");
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    // His was answered while hers were still rendering: before any of them ended.
    expect(order[3]).toMatchObject({ who: "bo", status: 200, error: null });
    for (const a of order.slice(4)) {
      expect(a.who).toMatch(/^ada/);
      expect(a.status).toBe(422);
      expect(a.error).toMatch(/could not be turned into a page/);
    }
  });
});
