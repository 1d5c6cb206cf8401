import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { requestContextWith } from "~/platform/http/request-context.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { createAccount } from "./accounts.server";
import { deskGuard, signedIn } from "./desk-guard.server";
import type { DeskScreen } from "./desk-screen";
import { createSession } from "./session.server";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const screens: DeskScreen[] = [
  { path: "sign-in", file: "features/staff/routes/desk/sign-in.tsx", access: "public" },
  { path: "leads", file: "features/leads/routes/desk/leads.tsx", access: ["admin", "sales"] },
  { path: "audit", file: "features/staff/routes/desk/audit.tsx", access: ["admin"], readOnly: true },
];

function context() {
  const env = { ...loadEnv({ LOG_LEVEL: "silent", SITE_URL: "https://desk.test" }), IP_HASH_SALT: "desk-test-salt-0123456789" };
  const services = { db, env, log: createLogger("silent") };
  return Object.assign(requestContextWith({ services: services as unknown as Services }), { services });
}

async function run(pattern: string, path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", `__Host-fillway-desk=${init.cookie}`);
  const request = new Request(`https://desk.test${path}`, { ...init, headers });
  const ctx = context();
  const guard = deskGuard(screens);
  let reached = false;
  try {
    await guard({ request, context: ctx, pattern, params: {}, url: new URL(request.url) }, async () => {
      reached = true;
      return new Response("ok");
    });
  } catch (e) {
    return { reached, thrown: e as Response | { init?: ResponseInit } };
  }
  return { reached, staff: reached && pattern !== "/desk/sign-in" ? signedIn(ctx) : null };
}

const status = (t: unknown) => (t instanceof Response ? t.status : (t as { init?: ResponseInit }).init?.status);

describe("the desk's middleware", () => {
  it("refuses a screen nobody declared, even to an admin (default deny)", async () => {
    const { account } = await createAccount(db, context().services.env, { email: "boss@guard.test", role: "admin" });
    const { token } = await createSession(db, account.id, {});
    const undeclared = await run("/desk/secret", "/desk/secret", { cookie: token });
    expect(undeclared.reached).toBe(false);
    expect(status(undeclared.thrown)).toBe(403);
    // Without a session it asks to sign in first, as every other screen does.
    const anonymous = await run("/desk/secret", "/desk/secret");
    expect(status(anonymous.thrown)).toBe(302);
  });

  it("lets public screens through, checks the declared roles and hands the member on", async () => {
    const { account } = await createAccount(db, context().services.env, { email: "sam@guard.test", role: "sales" });
    const { token } = await createSession(db, account.id, {});
    expect((await run("/desk/sign-in", "/desk/sign-in")).reached).toBe(true);
    const leads = await run("/desk/leads", "/desk/leads", { cookie: token });
    expect(leads.staff).toMatchObject({ id: account.id, role: "sales" });
    // As React Router reports it: the matched paths joined, without a leading slash.
    expect((await run("desk/leads", "/desk/leads", { cookie: token })).staff).toMatchObject({ role: "sales" });
    const audit = await run("/desk/audit", "/desk/audit", { cookie: token });
    expect(status(audit.thrown)).toBe(403);
    // A screen without an action answers 405 to a POST, with or without a session.
    const post = await run("/desk/audit", "/desk/audit", { method: "POST", headers: { origin: "https://desk.test", "sec-fetch-site": "same-origin" } });
    expect(status(post.thrown)).toBe(405);
  });
});
