import { createHash } from "node:crypto";
import { parse } from "cookie";
import { isbot } from "isbot";
import type { Insertable } from "kysely";
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
import { deviceOf, FORM_STEPS, MAX_BEACON_BYTES, MAX_BEACON_EVENTS, VITALS } from "./wire";

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

/** The rows of one beacon, or what is wrong with it. */
export function readBeacon(body: unknown, ctx: { visitor: string; ua: string; now: Date }): { ok: true; rows: EventRow[] } | { ok: false; error: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, error: "Expected a JSON object" };
  const b = body as Record<string, unknown>;
  const viewId = text(b.v, 40, /^[A-Za-z0-9_-]{8,40}$/);
  const path = text(b.p, 300, /^\/[^\s]*$/);
  const ref = text(b.r, 253, HOST);
  const [source, medium, campaign] = [b.s, b.m, b.c].map((v) => text(v, 100));
  if (!viewId || !path) return { ok: false, error: "v (view id) and p (path) are required" };
  if (ref === false || source === false || medium === false || campaign === false) return { ok: false, error: "r, s, m and c must be short strings" };
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
    referrer_host: ref?.toLowerCase() ?? null,
    utm_source: source?.toLowerCase() ?? null,
    utm_medium: medium?.toLowerCase() ?? null,
    utm_campaign: campaign?.toLowerCase() ?? null,
    device: deviceOf(width),
    browser,
    os,
  };
  const rows: EventRow[] = [];
  for (const e of b.e) {
    if (!Array.isArray(e)) return { ok: false, error: "Each event is an array" };
    if (e[0] === "view" && e.length === 1) rows.push(base);
    else if (e[0] === "form") {
      const form = text(e[1], 60, NAME);
      const step = e[2];
      const fields = e[3] ?? [];
      const submission = text(e[4] ?? undefined, 100, NAME);
      if (!form || !FORM_STEPS.includes(step) || submission === false) return { ok: false, error: "A form event is [form, step, fields?, submissionId?]" };
      if (!Array.isArray(fields) || fields.length > 40 || !fields.every((f) => text(f, 60, NAME)))
        return { ok: false, error: "A form event's fields are field names" };
      rows.push({ ...base, kind: "form", form, step, fields: fields.length ? fields.join(",") : null, submission_id: submission ?? null });
    } else if (e[0] === "vital") {
      const value = e[2];
      if (!VITALS.includes(e[1]) || typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 600_000) {
        return { ok: false, error: "A vital is [LCP|INP|CLS|FCP|TTFB, value]" };
      }
      rows.push({ ...base, kind: "vital", metric: e[1], value });
    } else return { ok: false, error: "Unknown event" };
  }
  return { ok: true, rows };
}

interface State {
  limiter: RateLimiter;
  rows: EventRow[];
  timer: ReturnType<typeof setTimeout> | null;
  writing: Promise<void>;
}

const states = new WeakMap<Services, State>();

/** The process's insight state: the beacon limiter and the rows waiting to be written. */
export function insightState(services: Services): State {
  let s = states.get(services);
  if (!s) {
    s = { limiter: createRateLimiter({ max: EVENTS_PER_MINUTE, windowSeconds: 60 }), rows: [], timer: null, writing: Promise.resolve() };
    states.set(services, s);
  }
  return s;
}

/** Rows written together; a beacon's rows wait at most this long. */
const FLUSH_ROWS = 500;
const FLUSH_MS = 500;
const INSERT_CHUNK = 200;

/** Writes every waiting row through the write queue, as one job of multi-row inserts. */
export function flushEvents(services: Services): Promise<void> {
  const s = insightState(services);
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  const rows = s.rows.splice(0);
  if (rows.length) {
    s.writing = s.writing
      .then(() =>
        writeQueueFor(services.db).run(async (trx) => {
          for (let i = 0; i < rows.length; i += INSERT_CHUNK)
            await trx
              .insertInto("insight_events")
              .values(rows.slice(i, i + INSERT_CHUNK))
              .execute();
        }),
      )
      .catch((err) => services.log.warn({ err, rows: rows.length }, "insight events not written"));
  }
  return s.writing;
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
  const limited = await s.limiter.hit(`ev:${throttleIpHash(services.env, req.ip, now)}`, now.getTime());
  if (!limited.ok) return json(429, { message: "Too many events." }, { "Retry-After": String(limited.retryAfterSeconds) });
  if (req.body.length > MAX_BEACON_BYTES) return json(413, { message: `An event beacon is at most ${MAX_BEACON_BYTES} bytes.` });
  const type = req.headers["content-type"];
  if (!isUtf8Type(type, "text/plain") && !isUtf8Type(type, "application/json")) {
    return json(415, { message: "Send the events as JSON (text/plain or application/json, UTF-8)." });
  }
  const decoded = decodeUtf8(req.body);
  let body: unknown;
  try {
    if (decoded === null) throw new SyntaxError("not UTF-8");
    body = JSON.parse(decoded);
  } catch {
    return json(400, { message: "The request body is not valid JSON." });
  }
  const ua = header(req, "user-agent").slice(0, 512);
  const read = readBeacon(body, { visitor: visitorOf(services.env, req.ip, ua, now), ua, now });
  if (!read.ok) return json(422, { message: read.error });
  // Robots and signed-in staff are not counted; they are answered alike.
  if (!ua || isbot(ua) || (await isStaff(services, req))) return { status: 204 };
  s.rows.push(...read.rows);
  if (s.rows.length >= FLUSH_ROWS) void flushEvents(services);
  else if (!s.timer) {
    s.timer = setTimeout(() => void flushEvents(services), FLUSH_MS);
    s.timer.unref?.();
  }
  startRollups(services);
  return { status: 204 };
}
