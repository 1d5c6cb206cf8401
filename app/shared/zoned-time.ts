/**
 * Times in a chosen IANA time zone, for the desk: "Nov 23, 2026, 8:11 AM EST". The zone's
 * abbreviation is always shown, so a time is never read in the wrong zone. Formatters are
 * made once per zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone });
    formatters.set(zone, f);
  }
  return f;
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that moment ("EST", "EDT", "GMT+1", "UTC"). */
function zoneName(d: Date, zone: string): string {
  let f = zoneNames.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" });
    zoneNames.set(zone, f);
  }
  return f.formatToParts(d).find((p) => p.type === "timeZoneName")?.value ?? zone;
}

/** True when `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A stored ISO time in `zone`, with the zone's abbreviation; the text as given when it is not a time. */
/** The cookie the desk's page keeps the browser's own zone in, for the server's first render. */
export const BROWSER_ZONE_COOKIE = "fillway-desk-zone";

export function formatInZone(iso: string, zone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const z = isTimeZone(zone) ? zone : "UTC";
  return `${formatter(z).format(d)} ${zoneName(d, z)}`;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** A stored ISO time's time of day in `zone`, with the zone's abbreviation ("8:11 AM CST"); the text as given when it is not a time. */
export function timeInZone(iso: string, zone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const z = isTimeZone(zone) ? zone : "UTC";
  let f = timeFormatters.get(z);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: z });
    timeFormatters.set(z, f);
  }
  return `${f.format(d)} ${zoneName(d, z)}`;
}

/** How long ago, in words a list can show: "just now", "5 min", "3 h", "2 d", "4 wk", "5 mo", "2 y". */
export function ageOf(iso: string, now: Date): string {
  const ms = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(ms)) return "";
  const min = Math.floor(ms / 60_000);
  if (min < 1) return "just now";
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h`;
  const d = Math.floor(h / 24);
  if (d < 14) return `${d} d`;
  if (d < 60) return `${Math.floor(d / 7)} wk`;
  if (d < 730) return `${Math.floor(d / 30)} mo`;
  return `${Math.floor(d / 365)} y`;
}
