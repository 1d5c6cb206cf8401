import { isTimeZone } from "~/shared/zoned-time";

/**
 * A member of staff's time zone (migration 019), for every time the desk shows and for
 * what it exports: their chosen IANA zone, or null to use the browser's own zone (a
 * server-side export then uses UTC).
 */
export function staffTimeZone(staff: { timeZone?: string | null } | null | undefined): string | null {
  const zone = staff?.timeZone ?? null;
  return zone && isTimeZone(zone) ? zone : null;
}

/** The zones offered in "Your account": every IANA zone this runtime knows, and UTC. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return names.includes("UTC") ? names : ["UTC", ...names];
}
