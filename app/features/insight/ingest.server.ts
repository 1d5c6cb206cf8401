import { createHash } from "node:crypto";
import { parse } from "cookie";
import { isbot } from "isbot";
import { type Insertable, sql } from "kysely";
import type { ApiRequest, ApiResponse } from "~/platform/api/types";
import { json } from "~/platform/api/types";
import type { InsightEventsTable } from "~/platform/db/schema";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { decodeUtf8, isUtf8Type } from "~/platform/http/body.server";
import { dailySalt, throttleIpHash } from "~/platform/ip-hash.server";
import { createRateLimiter, type RateLimiter } from "~/platform/rate-limit.server";
import type { Services } from "~/platform/services.server";
import { cookieName, findSession } from "~/features/staff/session.server";
import { startRollups } from "./rollup.server";
import { uaFamilies } from "./ua.server";
import { hasHiddenCharacters, looksPersonal, sitePath, VITAL_MAX, vitalInRange } from "./guard.server";
import type { DiscardReason } from "./discarded";
import { deviceOf, FORM_EVENT_STEPS, MAX_BEACON_BYTES, MAX_BEACON_EVENTS, type Vital, VITALS } from "./wire";

export type EventRow = Insertable<InsightEventsTable>;

/** Beacons a client may send a minute: a busy reader sends a few a page. */
export const EVENTS_PER_MINUTE = 120;

/** A visitor of one UTC day: a hash of address and browser under that day's salt, never stored itself. */
export function visitorOf(env: Services["env"], ip: string, ua: string, now: Date): string {
  return createHash("sha256")
    .update(`${dailySalt(env.IP_HASH_SALT, now)}\u0000insight\u0000${ip}\u0000${ua}`)
    .digest("base64url")
    .slice(0, 16);
}

const text = (v: unknown, max: number, re?: RegExp): string | undefined | false => {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v !== "string" || v.length > max || (re && !re.test(v))) return false;
  return v;
};

const HOST = /^[a-z0-9.-]+$/i;
const NAME = /^[A-Za-z0-9_.-]+$/;

/** What one beacon adds to the day's "discarded" counts. */
export type Discards = Partial<Record<DiscardReason, number>>;

/** The rows of one beacon, or what is wrong with it. Everything about the visitor but its hash is set later. */
export function readBeacon(
  body: unknown,
  ctx: { visitor: string; ua: string; now: Date },
): { ok: true; rows: EventRow[]; discarded: Discards } | { ok: false; error: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, error: "Expected a JSON object" };
  const b = body as Record<string, unknown>;
  const discarded: Discards = {};
  const viewId = text(b.v, 40, /^[A-Za-z0-9_-]{8,40}$/);
  if (typeof b.p === "string" && hasHiddenCharacters(b.p)) return { ok: false, error: "p (path) must not hold control or direction characters" };
  const rawPath = text(b.p, 300, /^\/[^\s?#]*$/);
  if (!viewId || !rawPath) {
    if (viewId && rawPath === false) return { ok: false, error: "p (path) must be a path from /, without spaces, query or fragment" };
    return { ok: false, error: "v (view id) and p (path) are required" };
  }
  const path = sitePath(rawPath);
  if (!path) return { ok: false, error: "p (path) must be a page of this site" };
  const ref = text(b.r, 253, HOST);
  const [source, medium, campaign] = [b.s, b.m, b.c].map((v) => text(v, 100));
  if (ref === false || source === false || medium === false || campaign === false) return { ok: false, error: "r, s, m and c must be short strings" };
  if ([ref, source, medium, campaign].some((v) => v !== undefined && hasHiddenCharacters(v)))
    return { ok: false, error: "r, s, m and c must not hold control or direction characters" };
  // A value naming a person is dropped, the view kept.
  const kept = (v: string | undefined) => {
    if (v === undefined || !looksPersonal(v)) return v?.toLowerCase() ?? null;
    discarded.personal = (discarded.personal ?? 0) + 1;
    return null;
  };
  const width = b.w;
  if (typeof width !== "number" || !Number.isFinite(width) || width < 0 || width > 100_000) return { ok: false, error: "w must be the screen width" };
  if (!Array.isArray(b.e) || b.e.length === 0 || b.e.length > MAX_BEACON_EVENTS) return { ok: false, error: `e must hold 1 to ${MAX_BEACON_EVENTS} events` };
  const { browser, os } = uaFamilies(ctx.ua);
  const at = ctx.now.toISOString();
  const base: EventRow = {
    at,
    day: at.slice(0, 10),
    kind: "view",
    visitor: ctx.visitor,
    view_id: viewId,
    path,
    referrer_host: kept(ref),
    utm_source: kept(source),
    utm_medium: kept(medium),
    utm_campaign: kept(campaign),
    device: deviceOf(width),
    browser,
    os,
  };
  const rows: EventRow[] = [];
  let viewed = false;
  for (const e of b.e) {
    if (!Array.isArray(e)) return { ok: false, error: "Each event is an array" };
    if (e[0] === "view" && e.length === 1) {
      // One page view is one view, however often the beacon says so.
      if (viewed) discarded["repeat-view"] = (discarded["repeat-view"] ?? 0) + 1;
      else rows.push(base);
      viewed = true;
    } else if (e[0] === "form") {
      const form = text(e[1], 60, NAME);
      const step = e[2];
      const fields = e[3] ?? [];
      const submission = text(e[4] ?? undefined, 100, NAME);
      if (!form || !FORM_EVENT_STEPS.includes(step) || submission === false)
        return { ok: false, error: "A form event is [form, step, fields?, submissionId?]" };
      if (!Array.isArray(fields) || fields.length > 40 || !fields.every((f) => text(f, 60, NAME)))
        return { ok: false, error: "A form event's fields are field names" };
      if (step === "focus" && fields.length !== 1) return { ok: false, error: "A focus event names one field" };
      rows.push({ ...base, kind: "form", form, step, fields: fields.length ? fields.join(",") : null, submission_id: submission ?? null });
    } else if (e[0] === "vital") {
      const metric = e[1] as Vital;
      const value = e[2];
      if (!VITALS.includes(metric) || typeof value !== "number" || !Number.isFinite(value))
        return { ok: false, error: "A vital is [LCP|INP|CLS|FCP|TTFB, value]" };
      if (!vitalInRange(metric, value))
        return {
          ok: false,
          error:
            metric === "CLS"
              ? "A CLS value is 0 to 10"
              : `${metric === "TTFB" ? "A" : "An"} ${metric} value is 0 to ${VITAL_MAX[metric].toLocaleString("en-US")} ms`,
        };
      rows.push({ ...base, kind: "vital", metric, value });
    } else return { ok: false, error: "Unknown event" };
  }
  return { ok: true, rows, discarded };
}

/** Most addresses and page views remembered at once: past them the oldest are forgotten. */
const REMEMBERED = 100_000;

interface State {
  limiter: RateLimiter;
  rows: EventRow[];
  /** "day reason" → how many, waiting to be written with the rows. */
  discarded: Map<string, number>;
  /** The page views of the last while already counted (one view id is one view). */
  viewIds: Set<string>;
  /** Today's visitors of each address (by its hash of the day): at most INSIGHT_VISITORS_PER_ADDRESS each. */
  addresses: { day: string; visitors: Map<string, Set<string>> };
  timer: ReturnType<typeof setTimeout> | null;
  writing: Promise<void>;
}

const states = new WeakMap<Services, State>();

/** The process's insight state: the beacon limiter, what it remembers of today, and what waits to be written. */
export function insightState(services: Services): State {
  let s = states.get(services);
  if (!s) {
    s = {
      limiter: createRateLimiter({ max: EVENTS_PER_MINUTE, windowSeconds: 60 }),
      rows: [],
      discarded: new Map(),
      viewIds: new Set(),
      addresses: { day: "", visitors: new Map() },
      timer: null,
      writing: Promise.resolve(),
    };
    states.set(services, s);
  }
  return s;
}

/** Adds to a set, forgetting its oldest entry past REMEMBERED. */
function remember<T>(set: Set<T> | Map<T, unknown>, key: T, value?: unknown) {
  if (set instanceof Set) set.add(key);
  else set.set(key, value);
  if (set.size > REMEMBERED) set.delete(set.keys().next().value as T);
}

function discard(s: State, day: string, counts: Discards) {
  for (const [reason, n] of Object.entries(counts)) if (n) s.discarded.set(`${day} ${reason}`, (s.discarded.get(`${day} ${reason}`) ?? 0) + n);
}

/**
 * The visitor a beacon counts under: its own hash while its address has brought at most
 * `most` browsers today (INSIGHT_VISITORS_PER_ADDRESS); past them, one hash for all the rest of that address.
 */
function visitorFor(s: State, most: number, day: string, address: string, own: string, folded: () => string): { visitor: string; folded: boolean } {
  if (s.addresses.day !== day) s.addresses = { day, visitors: new Map() };
  let seen = s.addresses.visitors.get(address);
  if (!seen) {
    seen = new Set();
    remember(s.addresses.visitors, address, seen);
  }
  if (seen.has(own)) return { visitor: own, folded: false };
  if (seen.size < most) {
    seen.add(own);
    return { visitor: own, folded: false };
  }
  return { visitor: folded(), folded: true };
}

/** Rows written together; a beacon's rows wait at most this long. */
const FLUSH_ROWS = 500;
const FLUSH_MS = 500;
const INSERT_CHUNK = 200;

/** Writes every waiting row and discarded count through the write queue, as one job of multi-row inserts. */
export function flushEvents(services: Services): Promise<void> {
  const s = insightState(services);
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  const rows = s.rows.splice(0);
  const discarded = [...s.discarded].map(([k, n]) => {
    const [day = "", reason = ""] = k.split(" ");
    return { grain: "day" as const, bucket: day, dim: "discarded", key: reason, views: n, visitors: 0 };
  });
  s.discarded.clear();
  if (rows.length || discarded.length) {
    s.writing = s.writing
      .then(() =>
        writeQueueFor(services.db).run(async (trx) => {
          for (let i = 0; i < rows.length; i += INSERT_CHUNK)
            await trx
              .insertInto("insight_events")
              .values(rows.slice(i, i + INSERT_CHUNK))
              .execute();
          if (discarded.length)
            await trx
              .insertInto("insight_rollup")
              .values(discarded)
              .onConflict((oc) =>
                oc.columns(["grain", "dim", "bucket", "key"]).doUpdateSet((eb) => ({ views: sql`insight_rollup.views + ${eb.ref("excluded.views")}` })),
              )
              .execute();
        }),
      )
      .catch((err) => services.log.warn({ err, rows: rows.length }, "insight events not written"));
  }
  return s.writing;
}

function schedule(services: Services, s: State) {
  if (s.rows.length >= FLUSH_ROWS) void flushEvents(services);
  else if (!s.timer) {
    s.timer = setTimeout(() => void flushEvents(services), FLUSH_MS);
    s.timer.unref?.();
  }
}

const header = (req: ApiRequest, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? "";
};

/** Whether the request comes from a member of staff signed in to the desk. */
async function isStaff(services: Services, req: ApiRequest): Promise<boolean> {
  const cookies = header(req, "cookie");
  if (!cookies) return false;
  const token = parse(cookies)[cookieName(services.env, "desk")];
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  return (await findSession(services.db, token)) !== null;
}

/** POST /api/events: one beacon of the insight script, answered 204 before it is written. */
export async function acceptEvents(services: Services, req: ApiRequest, now = new Date()): Promise<ApiResponse> {
  const s = insightState(services);
  const day = now.toISOString().slice(0, 10);
  const refuse = (reason: DiscardReason, answer: ApiResponse) => {
    discard(s, day, { [reason]: 1 });
    schedule(services, s);
    return answer;
  };
  const address = throttleIpHash(services.env, req.ip, now);
  const limited = await s.limiter.hit(`ev:${address}`, now.getTime());
  if (!limited.ok) return refuse("rate-limited", json(429, { message: "Too many events." }, { "Retry-After": String(limited.retryAfterSeconds) }));
  if (req.body.length > MAX_BEACON_BYTES) return refuse("refused", json(413, { message: `An event beacon is at most ${MAX_BEACON_BYTES} bytes.` }));
  const type = req.headers["content-type"];
  if (!isUtf8Type(type, "text/plain") && !isUtf8Type(type, "application/json")) {
    return refuse("refused", json(415, { message: "Send the events as JSON (text/plain or application/json, UTF-8)." }));
  }
  const decoded = decodeUtf8(req.body);
  let body: unknown;
  try {
    if (decoded === null) throw new SyntaxError("not UTF-8");
    body = JSON.parse(decoded);
  } catch {
    return refuse("refused", json(400, { message: "The request body is not valid JSON." }));
  }
  const ua = header(req, "user-agent").slice(0, 512);
  const own = visitorOf(services.env, req.ip, ua, now);
  const read = readBeacon(body, { visitor: own, ua, now });
  if (!read.ok) return refuse("refused", json(422, { message: read.error }));
  // Robots and signed-in staff are not counted; they are answered alike.
  if (!ua || isbot(ua)) return refuse("robot", { status: 204 });
  if (await isStaff(services, req)) return { status: 204 };
  const discarded = read.discarded;
  // A page view already counted (the same view id in an earlier beacon) is not counted again.
  let rows = read.rows.filter((r) => {
    if (r.kind !== "view") return true;
    if (s.viewIds.has(r.view_id)) {
      discarded["repeat-view"] = (discarded["repeat-view"] ?? 0) + 1;
      return false;
    }
    remember(s.viewIds, r.view_id);
    return true;
  });
  const who = visitorFor(s, services.env.INSIGHT_VISITORS_PER_ADDRESS, day, address, own, () => visitorOf(services.env, req.ip, "\u0000many browsers", now));
  if (who.folded) {
    rows = rows.map((r) => ({ ...r, visitor: who.visitor }));
    const views = rows.filter((r) => r.kind === "view").length;
    if (views) discarded["many-browsers"] = (discarded["many-browsers"] ?? 0) + views;
  }
  discard(s, day, discarded);
  s.rows.push(...rows);
  schedule(services, s);
  startRollups(services);
  return { status: 204 };
}
