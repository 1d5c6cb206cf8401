import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { requestContextWith } from "~/platform/http/request-context.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { createAccount, setPassword } from "./accounts.server";
import { FIRST_ACCOUNT_COMMAND, requireStaff } from "./auth.server";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { passwordProblem } from "./password-policy.server";
import { createSession } from "./session.server";
import { signInWithPassword } from "./sign-in.server";
import { PAIR_RULE } from "./throttle.server";
import { testServices } from "../../../tests/helpers/services";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

function services(env: Record<string, string> = {}): Services {
  return testServices({
    db,
    env: { ...loadEnv({ LOG_LEVEL: "silent", SITE_URL: "https://desk.test", ...env }), IP_HASH_SALT: "desk-test-salt-0123456789" },
    log: createLogger("silent"),
  });
}

function request(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", `__Host-fillway-desk=${init.cookie}`);
  return new Request(`https://desk.test${path}`, { ...init, headers });
}

async function thrown(p: Promise<unknown>): Promise<Response | { type: string; init?: ResponseInit; data?: unknown }> {
  try {
    await p;
  } catch (e) {
    return e as Response;
  }
  throw new Error("did not throw");
}

describe("requireStaff", () => {
  it("while there is no account, answers 503 with the command that creates one", async () => {
    const e = (await thrown(requireStaff(request("/desk"), requestContextWith({ services: services() })))) as {
      init?: ResponseInit;
      data?: { setup?: string };
    };
    expect(e.init?.status).toBe(503);
    expect(e.data?.setup).toBe(FIRST_ACCOUNT_COMMAND);
  });

  it("sends a page without a session to sign-in, and answers an action with 401", async () => {
    const s = services();
    await createAccount(db, s.env, { email: "first@staff.test", role: "admin" });
    const get = (await thrown(requireStaff(request("/desk/leads?status=new"), requestContextWith({ services: s })))) as Response;
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe(`/desk/sign-in?next=${encodeURIComponent("/desk/leads?status=new")}`);
    expect(get.headers.get("cache-control")).toBe("no-store");
    const post = (await thrown(
      requireStaff(
        request("/desk/leads", { method: "POST", headers: { origin: "https://desk.test", "sec-fetch-site": "same-origin" } }),
        requestContextWith({ services: s }),
      ),
    )) as Response;
    expect(post.status).toBe(401);
  });

  it("refuses cross-site actions, a role that may not, and lets the right one in", async () => {
    const s = services();
    const { account } = await createAccount(db, s.env, { email: "sam@staff.test", role: "sales" });
    const { token } = await createSession(db, account.id, {});
    const ok = await requireStaff(request("/desk/leads", { cookie: token }), requestContextWith({ services: s }), ["admin", "sales"]);
    expect(ok).toEqual({ id: account.id, email: "sam@staff.test", name: null, role: "sales", timeZone: null });
    const forbidden = (await thrown(requireStaff(request("/desk/accounts", { cookie: token }), requestContextWith({ services: s }), ["admin"]))) as {
      init?: ResponseInit;
    };
    expect(forbidden.init?.status).toBe(403);
    const variants: Record<string, string>[] = [
      { origin: "https://evil.test" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://desk.test" },
      {},
    ];
    for (const headers of variants) {
      const r = (await thrown(
        requireStaff(request("/desk/leads", { method: "POST", headers, cookie: token }), requestContextWith({ services: s })),
      )) as Response;
      expect(r.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it("with DESK_REQUIRE_2FA, sends an admin without two-factor to set it up", async () => {
    const s = services({ DESK_REQUIRE_2FA: "true" });
    const { account } = await createAccount(db, s.env, { email: "boss@staff.test", role: "admin" });
    const { token } = await createSession(db, account.id, {});
    const r = (await thrown(requireStaff(request("/desk/leads", { cookie: token }), requestContextWith({ services: s })))) as Response;
    expect(r.headers.get("location")).toBe("/desk/account?two-factor=required#two-factor");
    await expect(requireStaff(request("/desk/account", { cookie: token }), requestContextWith({ services: s }))).resolves.toMatchObject({ role: "admin" });
  });
});

describe("sign-in", () => {
  it("gives one answer to a wrong password and an unknown e-mail, and blocks the address after repeated failures", async () => {
    const s = services();
    const { account } = await createAccount(db, s.env, { email: "pat@staff.test", role: "sales" });
    await setPassword(db, account.id, "Seven orange kites fly");
    const client = { ip: "203.0.113.9", userAgent: null };
    expect(await signInWithPassword(s, { email: "PAT@staff.test", password: "Seven orange kites fly" }, client)).toMatchObject({ kind: "ok" });
    expect(await signInWithPassword(s, { email: "nobody@staff.test", password: "Seven orange kites fly" }, client)).toEqual({ kind: "failed" });
    const results = [];
    for (let i = 0; i < PAIR_RULE.blockAt; i++) results.push(await signInWithPassword(s, { email: "pat@staff.test", password: `wrong ${i}` }, client));
    expect(results.slice(0, -1).every((r) => r.kind === "failed")).toBe(true);
    expect(results.at(-1)).toMatchObject({ kind: "throttled" });
    const blocked = await signInWithPassword(s, { email: "pat@staff.test", password: "Seven orange kites fly" }, client);
    expect(blocked.kind).toBe("throttled");
    const logged = await db.kysely.selectFrom("audit_log").select("action").where("subject", "=", "pat@staff.test").execute();
    expect(logged.map((r) => r.action)).toContain("sign-in.blocked");
  }, 150_000);
});

describe("passwords", () => {
  it("hashes with scrypt and verifies", async () => {
    const hash = await hashPassword("Seven orange kites fly");
    expect(hash).toMatch(/^scrypt\$65536\$8\$2\$/);
    expect(await verifyPassword("Seven orange kites fly", hash)).toBe(true);
    expect(await verifyPassword("Seven orange kites fly!", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(hash.replace("$65536$", "$16384$"))).toBe(true);
  });

  it("refuses short, common and guessable passwords", () => {
    expect(passwordProblem("short")).toMatch(/at least 12/);
    for (const p of ["password1234", "qwertyuiop123", "1234567890123", "aaaaaaaaaaaaa", "monkeymonkeymonkey", "!!iloveyou2024"]) {
      expect(passwordProblem(p), p).not.toBeNull();
    }
    expect(passwordProblem("jordan.smith-2026", "jordan.smith@fillway.com")).toMatch(/e-mail/);
    expect(passwordProblem("Seven orange kites fly")).toBeNull();
  });

  it("refuses one repeated word, spaces, or Fillway's name, saying what to do instead", () => {
    for (const p of ["           a", "fillwayfillway", "Fillway2026!!", "Diesel fleet 2026", "zzzzzzzzzzzzzzzzb", "qwertyuiopasdf"]) {
      const problem = passwordProblem(p);
      expect(problem, p).not.toBeNull();
      expect(problem, p).toMatch(/\b(Use|Choose|Leave|add)\b/);
    }
    expect(passwordProblem("Fillway2026!!")).toMatch(/Fillway's name/);
    // The passwords the desk's own tests and examples choose still pass.
    for (const p of [
      "Seven orange kites fly over Tulsa",
      "Maple kettles hum at dawn",
      "A brand new passphrase 4417",
      "Quiet lanterns drift home 42",
      "Correct horse 0a1b2c3d4e5f",
    ]) {
      expect(passwordProblem(p, "someone@fillway.com"), p).toBeNull();
    }
  });
});

describe("SITE_URL", () => {
  it("defaults to http://HOST:PORT and drops a trailing slash", () => {
    expect(loadEnv({}).SITE_URL).toBe("http://127.0.0.1:3000");
    expect(loadEnv({ HOST: "0.0.0.0", PORT: "8080" }).SITE_URL).toBe("http://0.0.0.0:8080");
    expect(loadEnv({ SITE_URL: "https://www.fillway.com/" }).SITE_URL).toBe("https://www.fillway.com");
    expect(() => loadEnv({ SITE_URL: "ftp://x" })).toThrow(/SITE_URL/);
  });
});
