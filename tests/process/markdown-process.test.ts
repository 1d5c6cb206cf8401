import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "~/platform/db/db.server";
import { createAccount } from "~/features/staff/accounts.server";
import { createSession } from "~/features/staff/session.server";
import { loadEnv } from "~/platform/env.server";
import { dbUrl, exitCode, type Started, start } from "./server";

/**
 * Markdown in the server process (server.js on the build): the post files loaded at start
 * from the sources and the desk's preview in the build share one pool of threads, and a
 * body that cannot be rendered in time is a 422 with what to change, never a 500.
 */

let server: Started;
let child: ChildProcess;
let base = "";
let cookie = "";

beforeAll(async () => {
  const url = dbUrl();
  server = start({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", DATABASE_URL: url });
  child = server.child;
  base = await server.listening();
  const db = await openDb(url);
  try {
    const env = { ...loadEnv({ LOG_LEVEL: "silent" }), IP_HASH_SALT: "markdown-test-salt-0123456789" };
    const { account } = await createAccount(db, env, { email: "md@staff.test", role: "editor" });
    const { token } = await createSession(db, account.id, {});
    cookie = `fillway-desk=${token}; __Host-fillway-desk=${token}`;
  } finally {
    await db.close();
  }
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await exitCode(child);
  }
});

const preview = (text: string) => {
  const body = new FormData();
  body.set("title", "T");
  body.set("body", text);
  return fetch(`${base}/desk/posts/preview`, { method: "POST", headers: { cookie, origin: base }, body });
};

describe("Markdown in the server process", () => {
  it("previews, refuses a body that takes too long with 422, and previews again", { timeout: 60_000 }, async () => {
    const first = await preview("ok *fine*");
    expect(first.status).toBe(200);
    expect(((await first.json()) as { html: string }).html).toContain("<em>fine</em>");
    const slow = await preview("_a".repeat(49_500));
    expect(slow.status).toBe(422);
    expect(((await slow.json()) as { error: string }).error).toMatch(/could not be turned into a page/);
    const after = await preview("after **all**");
    expect(after.status).toBe(200);
    expect(((await after.json()) as { html: string }).html).toContain("<strong>all</strong>");
    expect(server.out()).not.toContain("page request failed");
  });
});
