/**
 * A time the desk asks for (a post's publish time, a follow-up, a newsletter's send time)
 * is typed as a wall-clock time in the member's own zone (staff.time_zone, else the
 * browser's) and stored in UTC. Plain code: the server converts
 * what was typed, the browser shows a stored time in its fields.
 */

const parts = new Map<string, Intl.DateTimeFormat>();

function wallClock(d: Date, zone: string): string {
  let f = parts.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    parts.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** A stored UTC time as the wall-clock time in `zone`, for a datetime-local field ("2026-11-23T13:00:00"). */
export function utcToLocalInput(iso: string, zone: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : wallClock(d, zone);
}

/**
 * A wall-clock time typed in `zone` ("2026-11-23T13:00" or with seconds) to ISO UTC; null
 * when it is not a time. A time skipped by a clock change is read with the offset before it.
 */
export function localInputToUtc(local: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const wanted = local.length === 16 ? `${local}:00` : local;
  const asUtc = new Date(`${wanted}.000Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  let guess = asUtc.getTime();
  // Two passes settle the zone's offset at that moment (one more across a clock change).
  for (let i = 0; i < 3; i++) {
    const shown = new Date(`${wallClock(new Date(guess), zone)}.000Z`).getTime();
    const diff = asUtc.getTime() - shown;
    if (diff === 0) break;
    guess += diff;
  }
  return new Date(guess).toISOString();
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The `count` calendar days in `zone` that end with today there ("2026-11-23"), and where
 * each starts as an instant (ms), then where the last ends: `starts` has one entry more.
 * A day starts at its midnight in the zone, put on the whole hour before it, so that days
 * are made of the UTC hours leads and visits are counted by (India's and Nepal's start at
 * the hour before their midnight). A day of a clock change has 23 or 25 hours.
 */
export function zoneDays(count: number, now: Date, zone: string): { days: string[]; starts: number[] } {
  const today = utcToLocalInput(now.toISOString(), zone).slice(0, 10) || now.toISOString().slice(0, 10);
  const days = Array.from({ length: count }, (_, i) => addDays(today, i - (count - 1)));
  const start = (day: string) => Math.floor(Date.parse(localInputToUtc(`${day}T00:00:00`, zone) ?? `${day}T00:00:00Z`) / HOUR_MS) * HOUR_MS;
  return { days, starts: [...days.map(start), start(addDays(today, 1))] };
}

/** The index in `starts` (zoneDays) of the day an instant falls in; -1 outside them. */
export function dayIndexOf(starts: number[], at: number): number {
  for (let i = 0; i < starts.length - 1; i++) if (at >= (starts[i] ?? 0) && at < (starts[i + 1] ?? 0)) return i;
  return -1;
}
