import { createHash, randomBytes } from "node:crypto";
import { parse, type SerializeOptions, serialize } from "cookie";
import type { Db } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";

/** A session ends after this long without use… */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** …and in any case this long after sign-in. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

/**
 * Secure cookies with the __Host- prefix (HTTPS only, this host only, path /) in
 * production: when the site's URL is https, or NODE_ENV is production.
 */
export function secureCookies(env: Env): boolean {
  return env.SITE_URL.startsWith("https:") || env.NODE_ENV === "production";
}

export function cookieName(env: Env, base: "desk" | "desk-2fa"): string {
  return secureCookies(env) ? `__Host-fillway-${base}` : `fillway-${base}`;
}

/** The attributes of the desk's cookies; the value is an opaque random token, so it is not signed. */
export function cookieOptions(env: Env, maxAgeSeconds: number): SerializeOptions {
  return { path: "/", httpOnly: true, sameSite: "lax", maxAge: Math.max(0, Math.floor(maxAgeSeconds)), secure: secureCookies(env) };
}

export function serializeCookie(env: Env, base: "desk" | "desk-2fa", value: string, maxAgeSeconds: number): string {
  return serialize(cookieName(env, base), value, cookieOptions(env, maxAgeSeconds));
}

/** Whether the request carries a cookie of that name, whatever its value. */
export function hasCookie(request: Request, name: string): boolean {
  const header = request.headers.get("cookie");
  return header ? parse(header)[name] !== undefined : false;
}

/** A token the desk could have set (base64url, 20 to 100 characters), or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const value = parse(header)[name];
  return value !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export interface SessionRow {
  id: string;
  staffId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
}

/** Starts a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(db: Db, staffId: number, meta: { userAgent?: string | null; ipHash?: string | null }, now = new Date()) {
  const token = newToken();
  await db.kysely
    .insertInto("staff_sessions")
    .values({
      id: hashToken(token),
      staff_id: staffId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip_hash: meta.ipHash ?? null,
    })
    .execute();
  return { token, maxAgeSeconds: SESSION_MAX_MS / 1000 };
}

/**
 * Writes that can wait (the idle time refreshed, an expired session removed): not waited
 * for, and dropped when they fail. While another process holds the SQLite write lock a
 * page or an action of the desk goes on at once instead of waiting out the lock, and
 * answering 500, for a refresh that the next request makes anyway.
 */
function inBackground(write: Promise<unknown>): void {
  write.catch(() => {});
}

/** The live session of a token, its idle time refreshed; an expired one is deleted. */
export async function findSession(db: Db, token: string, now = new Date()): Promise<SessionRow | null> {
  const id = hashToken(token);
  const row = await db.kysely.selectFrom("staff_sessions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const t = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= t || lastSeen + SESSION_IDLE_MS <= t) {
    inBackground(db.kysely.deleteFrom("staff_sessions").where("id", "=", id).execute());
    return null;
  }
  if (t - lastSeen >= TOUCH_EVERY_MS) {
    inBackground(db.kysely.updateTable("staff_sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", id).execute());
  }
  return {
    id,
    staffId: Number(row.staff_id),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    userAgent: row.user_agent,
  };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.kysely.deleteFrom("staff_sessions").where("id", "=", sessionId).execute();
}

/** Signs a member of staff out everywhere, but for the session given (if any). */
export async function deleteSessionsOf(db: Db, staffId: number, except?: string): Promise<number> {
  let q = db.kysely.deleteFrom("staff_sessions").where("staff_id", "=", staffId);
  if (except) q = q.where("id", "!=", except);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function listSessions(db: Db, staffId: number, now = new Date()): Promise<SessionRow[]> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  const rows = await db.kysely
    .selectFrom("staff_sessions")
    .selectAll()
    .where("staff_id", "=", staffId)
    .where("expires_at", ">", now.toISOString())
    .where("last_seen_at", ">", idleCutoff)
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    staffId: Number(row.staff_id),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    userAgent: row.user_agent,
  }));
}
