import type { Db } from "~/platform/db/db.server";
/**
 * Where a visitor came from, sent with a submission as `attribution` (first touch in the
 * browser tab): the landing page, the referrer's host and the utm_* parameters of the
 * visit. Read apart from the form's own fields; a value that is not plausible is dropped,
 * never a reason to refuse the lead.
 */
export const ATTRIBUTION_FIELDS = [
  ["landingPage", "landing_page", "Landing page"],
  ["referrerHost", "referrer_host", "Referrer"],
  // In words, with the tag a marketer searches for.
  ["utm_source", "utm_source", "Campaign source (utm_source)"],
  ["utm_medium", "utm_medium", "Campaign medium (utm_medium)"],
  ["utm_campaign", "utm_campaign", "Campaign name (utm_campaign)"],
  ["utm_term", "utm_term", "Campaign term (utm_term)"],
  ["utm_content", "utm_content", "Campaign content (utm_content)"],
] as const;

export type AttributionKey = (typeof ATTRIBUTION_FIELDS)[number][0];
export type Attribution = Partial<Record<AttributionKey, string>>;
export type AttributionColumns = Record<(typeof ATTRIBUTION_FIELDS)[number][1], string | null>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const HOST = /^[a-z0-9.-]{1,253}$/i;

function clean(key: AttributionKey, value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  if (!v || v.length > 300 || CONTROL.test(v)) return undefined;
  if (key === "landingPage") return v.startsWith("/") && !v.startsWith("//") ? v.split(/[?#]/)[0] : undefined;
  if (key === "referrerHost") return HOST.test(v) ? v.toLowerCase() : undefined;
  return v;
}

/** Splits `attribution` off a submitted body: the body without it, and what it held that is usable. */
export function takeAttribution(body: Record<string, unknown>): { body: Record<string, unknown>; attribution: Attribution | null } {
  if (!("attribution" in body)) return { body, attribution: null };
  const { attribution: raw, ...rest } = body;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { body: rest, attribution: null };
  const out: Attribution = {};
  for (const [key] of ATTRIBUTION_FIELDS) {
    const v = clean(key, (raw as Record<string, unknown>)[key]);
    if (v) out[key] = v;
  }
  return { body: rest, attribution: Object.keys(out).length ? out : null };
}

export function attributionColumns(a: Attribution | null | undefined): AttributionColumns {
  return Object.fromEntries(ATTRIBUTION_FIELDS.map(([key, column]) => [column, a?.[key] ?? null])) as AttributionColumns;
}

export function attributionFromRow(row: Partial<AttributionColumns>): Attribution | null {
  const out: Attribution = {};
  for (const [key, column] of ATTRIBUTION_FIELDS) {
    const v = row[column];
    if (v) out[key] = v;
  }
  return Object.keys(out).length ? out : null;
}

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

function parseUrl(value: string | null | undefined): URL | undefined {
  if (!value || value.length > 2000) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * The attribution of a form posted by the browser itself (no JavaScript ran the form):
 * what the head script put in the hidden field when it could run; otherwise what the
 * request itself tells: the page the form was on as the landing page, the utm_* of that
 * page's address (the post's own URL or its Referer), and the Referer's host when it is
 * another site. Unchecked here: takeAttribution keeps only what is plausible.
 */
export function postedAttribution(hidden: string | null, requestUrl: string, referer: string | null): Record<string, unknown> | undefined {
  if (hidden && hidden.length <= 4000) {
    try {
      const parsed: unknown = JSON.parse(hidden);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Not what the script writes: fall back to what the request says.
    }
  }
  const page = parseUrl(requestUrl);
  const from = parseUrl(referer);
  if (!page) return undefined;
  const out: Record<string, unknown> = { landingPage: page.pathname };
  if (from && from.hostname !== page.hostname) out.referrerHost = from.hostname;
  const sameSite = from && from.hostname === page.hostname ? from : undefined;
  for (const key of UTM_KEYS) {
    const value = page.searchParams.get(key) ?? sameSite?.searchParams.get(key);
    if (value) out[key] = value;
  }
  return out;
}

/** A lead's attribution as labelled fields for its desk page (empty when none was sent). */
export async function leadAttribution(db: Db, leadId: number): Promise<{ label: string; value: string }[]> {
  const row = await db.kysely
    .selectFrom("leads")
    .select(["landing_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  const a = row ? attributionFromRow(row) : null;
  return ATTRIBUTION_FIELDS.filter(([key]) => a?.[key]).map(([key, , label]) => ({ label, value: a?.[key] ?? "" }));
}
