import type { Db } from "~/platform/db/db.server";
import { NOT_RECORDED } from "../consent.server";
import { formatInZone } from "~/shared/zoned-time";
import { formatValue, payloadFields } from "./labels.server";
import { callOutcomeLabel } from "../routing/work.server";
import { storedFieldsOf } from "../forms/registry";

/**
 * One CSV column per fact, whatever form asked it: the fields that several forms store
 * under names of their own ("phone" and the quote's "phoneNumber", three spellings of a
 * business name) are one column, under a label a person reads. A field of a form added
 * later that is named in none of these gets a column of its own, under its label.
 */
const FACTS: [label: string, keys: string[]][] = [
  ["First name", ["firstName"]],
  ["Last name", ["lastName"]],
  ["Business", ["businessName", "bussinessName", "companyName"]],
  ["E-mail", ["email"]],
  ["Phone", ["phone", "phoneNumber"]],
  ["Business address", ["businessAddress", "bussinessAddress"]],
  ["Street address", ["address2"]],
  ["Place name", ["address1"]],
  ["City", ["city"]],
  ["County", ["county"]],
  ["State", ["state", "stateId"]],
  ["ZIP code", ["zipCode"]],
  ["Country", ["country"]],
  ["Latitude", ["lat"]],
  ["Longitude", ["long"]],
  ["Market (nearest)", ["market"]],
  ["Service at this ZIP", ["status"]],
  ["Employees", ["employeeSize", "companySize"]],
  ["Fleet size", ["fleetSize"]],
  ["Fleet type", ["fleetType"]],
  ["Fuel type", ["fuelType"]],
  ["Tank type", ["tankType"]],
  ["Gallons", ["gallons"]],
  ["Number of locations", ["numberOfLocation"]],
  ["Delivery frequency", ["frequency"]],
  ["Delivery window", ["deliveryWindowStartTime", "deliveryWindowEndTime"]],
  ["Campaign starts", ["campaignStartDate"]],
  ["Campaign ends", ["campaignEndDate"]],
  ["Message", ["message", "descriptionQuote"]],
];

export interface FactColumn {
  label: string;
  value: (payload: Record<string, unknown>) => string;
}

const first = (keys: string[]) => (payload: Record<string, unknown>) => {
  for (const key of keys) {
    const v = payload[key];
    if (v !== undefined && v !== null && v !== "") return key === "companySize" && typeof v === "string" ? v.replace("-", "–") : formatValue(key, v);
  }
  return "";
};

/** "06:00–10:00" from the quote's two times of day. */
const deliveryWindow = (payload: Record<string, unknown>) => {
  const start = payload.deliveryWindowStartTime;
  const end = payload.deliveryWindowEndTime;
  if (start === undefined || start === null) return "";
  return `${formatValue("deliveryWindowStartTime", start)}–${formatValue("deliveryWindowEndTime", end)}`;
};

/**
 * The export's field columns, in the desk's order; made again when a form is added. Given
 * the forms an export's leads come from, only the columns one of them can fill: an export
 * of contact-form leads has no fleet or campaign columns, always empty.
 */
export function factColumns(kinds?: readonly string[]): FactColumn[] {
  const all = payloadFields().filter(([key]) => key !== "type");
  const key = kinds ? [...kinds].sort().join(",") : "*";
  const hit = cache?.all === all ? cache.byKinds.get(key) : undefined;
  if (hit) return hit;
  if (cache?.all !== all) cache = { all, byKinds: new Map() };
  const fillable = kinds ? new Set(kinds.flatMap(storedFieldsOf)) : null;
  const stored = fillable ? all.filter(([k]) => fillable.has(k)) : all;
  const named = new Set(FACTS.flatMap(([, keys]) => keys));
  const known = new Set(stored.map(([k]) => k));
  const columns: FactColumn[] = [
    ...FACTS.filter(([, keys]) => keys.some((k) => known.has(k))).map(([label, keys]) => ({
      label,
      value: label === "Delivery window" ? deliveryWindow : first(keys),
    })),
    ...stored.filter(([k]) => !named.has(k)).map(([k, label]) => ({ label, value: first([k]) })),
  ];
  cache.byKinds.set(key, columns);
  return columns;
}
let cache: { all: [string, string][]; byKinds: Map<string, FactColumn[]> } | undefined;

const MINUTE = 60_000;
const STEP = 15 * MINUTE;

/**
 * Stored times as "2026-11-23 08:11" in a time zone (a spreadsheet reads that as a date
 * and time). The zone's offset is worked out once per quarter hour of the times met (every
 * offset change falls on one), so a million rows cost a few Intl calls, not a million.
 */
export function localTimes(timeZone = "UTC"): { zone: string; format: (iso: unknown) => string } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  });
  const zone = parts.resolvedOptions().timeZone;
  let lastStep = Number.NaN;
  let lastOffset = 0;
  const offsetAt = (ms: number) => {
    const step = Math.floor(ms / STEP);
    if (step === lastStep) return lastOffset;
    const at = step * STEP;
    const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
    lastStep = step;
    lastOffset = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - at;
    return lastOffset;
  };
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return {
    zone,
    format(iso) {
      if (typeof iso !== "string" || iso === "") return "";
      const ms = Date.parse(iso);
      if (Number.isNaN(ms)) return iso;
      const d = new Date(ms + offsetAt(ms));
      return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
    },
  };
}

/** The lead page's consent line: "consent-2026-11, shown Nov 23, 2026, 1:11 PM UTC" (in `zone`), or "Not recorded". */
export function consentLine(version: string | null, shownAt: string | null, zone = "UTC"): string {
  if (!version) return `${NOT_RECORDED[0]?.toUpperCase()}${NOT_RECORDED.slice(1)}`;
  return shownAt ? `${version}, shown ${formatInZone(shownAt, zone)}` : version;
}

/** What staff did on one lead, for the export: its notes, calls and follow-ups, oldest first. */
export interface LeadWork {
  notes: { at: string; text: string }[];
  calls: { at: string; outcome: string; note: string | null }[];
  followUps: { at: string; due: string; note: string | null }[];
}

const readJson = (value: string | null): { outcome?: string; due?: string; note?: string | null } => {
  try {
    return JSON.parse(value ?? "{}");
  } catch {
    return {};
  }
};

/** The notes, calls and follow-ups of these leads (one batch of the export), in one query. */
export async function workOf(db: Db, ids: number[]): Promise<Map<number, LeadWork>> {
  const out = new Map<number, LeadWork>();
  if (ids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom("lead_events")
    .select(["lead_id", "action", "value", "created_at"])
    .where("lead_id", "in", ids)
    .where("action", "in", ["note", "call", "followup"])
    .orderBy("lead_id")
    .orderBy("id")
    .execute();
  for (const r of rows) {
    const id = Number(r.lead_id);
    let work = out.get(id);
    if (!work) {
      work = { notes: [], calls: [], followUps: [] };
      out.set(id, work);
    }
    if (r.action === "note") work.notes.push({ at: r.created_at, text: r.value ?? "" });
    else if (r.action === "call") {
      const v = readJson(r.value);
      work.calls.push({ at: r.created_at, outcome: callOutcomeLabel(v.outcome ?? ""), note: v.note ?? null });
    } else {
      const v = readJson(r.value);
      work.followUps.push({ at: r.created_at, due: v.due ?? "", note: v.note ?? null });
    }
  }
  return out;
}
