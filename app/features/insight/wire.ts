/**
 * What the insight script sends to POST /api/events (one beacon, text/plain or JSON):
 * the page view it belongs to, and its events.
 *
 * { v: view id (random, 8-32 of [A-Za-z0-9_-]), p: path, r?: referrer host, s?: utm_source,
 *   m?: utm_medium, c?: utm_campaign, w: screen width in CSS pixels,
 *   e: [ ["view"] | ["form", form, step, fields?, submissionId?] | ["vital", metric, value] ] }
 *
 * A form step "focus" names the one field the visitor moved into (its name, never its value).
 */
export const EVENTS_PATH = "/api/events";

/** Largest beacon taken, in bytes, and most events in one. */
export const MAX_BEACON_BYTES = 4096;
export const MAX_BEACON_EVENTS = 20;

export const FORM_STEPS = ["seen", "started", "failed", "submitted", "refused", "stored"] as const;
/** The steps a beacon may send: the funnel's, and the field focused (for where visitors give up). */
export const FORM_EVENT_STEPS = [...FORM_STEPS, "focus"] as const;
export const VITALS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type Vital = (typeof VITALS)[number];

/** Google's thresholds: good up to the first, poor above the second (CLS unitless, the rest ms). */
export const VITAL_THRESHOLDS: Record<Vital, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

/** The device class of a screen width. */
export function deviceOf(width: number): "mobile" | "tablet" | "desktop" {
  return width < 640 ? "mobile" : width < 1024 ? "tablet" : "desktop";
}

/** Each bin of a vital's histogram is this much wider than the one before. */
const BIN_GROWTH = 1.08;

/**
 * Vitals are kept as histograms: a value's bin is about 8 % wide (CLS in thousandths),
 * so the 75th percentile read back from the middle of its bin is within 4 % of the true one.
 */
export function vitalBin(metric: Vital, value: number): number {
  const v = metric === "CLS" ? value * 1000 : value;
  return Math.max(0, Math.floor(Math.log1p(Math.max(0, v)) / Math.log(BIN_GROWTH)));
}

/** The route a path is measured under: a post's page or a newsletter link counts as its route. */
export function routeOf(path: string): string {
  if (path.startsWith("/blogdetail/")) return "/blogdetail/:id";
  if (path.startsWith("/newsletter/")) return "/newsletter/:step";
  return path;
}

/** The value at the middle of a bin, in the metric's unit. */
export function binValue(metric: Vital, bin: number): number {
  const v = Math.expm1(Math.log(BIN_GROWTH) * (bin + 0.5));
  return metric === "CLS" ? Math.round(v) / 1000 : Math.round(v);
}

export function rating(metric: Vital, value: number): "good" | "needs improvement" | "poor" {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs improvement" : "poor";
}

/** The periods the insight screen shows, each against the one before. */
export const INSIGHT_PERIODS = [
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
];

/** A histogram as stored: "bin:count bin:count". */
export function readHist(text: string, into: Map<number, number> = new Map()): Map<number, number> {
  for (const part of text.split(" ")) {
    const [bin, n] = part.split(":");
    if (bin && n) into.set(Number(bin), (into.get(Number(bin)) ?? 0) + Number(n));
  }
  return into;
}

export const writeHist = (hist: Map<number, number>) =>
  [...hist]
    .sort((a, b) => a[0] - b[0])
    .map(([bin, n]) => `${bin}:${n}`)
    .join(" ");

/** The browser's description of the page view being counted (the beacon's header), from `location`. */
export function viewOf(path: string, first: boolean): Record<string, unknown> {
  const u = new URLSearchParams(location.search);
  const r = first && document.referrer ? new URL(document.referrer).hostname : "";
  return {
    v: crypto.getRandomValues(new Uint32Array(3)).join("-"),
    p: path,
    r: r && r !== location.hostname ? r : undefined,
    s: u.get("utm_source") ?? undefined,
    m: u.get("utm_medium") ?? undefined,
    c: u.get("utm_campaign") ?? undefined,
    w: innerWidth,
  };
}
