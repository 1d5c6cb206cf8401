import type { EmployeeSize } from "./options";

/**
 * Employee-size range to the number sent (spec 9, corrected by decisions.md: every range
 * maps to its upper bound, so 200-500 is 500 and 500-1000 is 1000).
 */
export const employeeSizeValue: Record<EmployeeSize, number> = {
  "10-50": 50,
  "50-100": 100,
  "100-200": 200,
  "200-500": 500,
  "500-1000": 1000,
};

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The six 4-hour delivery windows of spec 9, as milliseconds from midnight. */
export const deliveryWindows = [0, 4, 8, 12, 16, 20].map((h) => {
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    value: `${pad(h)}-${pad(h + 4)}`,
    label: `${pad(h)}:00 – ${pad(h + 4)}:00`,
    start: h * HOUR_MS,
    end: (h + 4) * HOUR_MS,
  };
});

export const deliveryWindowValues = deliveryWindows.map((w) => w.value);

/** "08-12" → { start: 28 800 000, end: 43 200 000 }; undefined for anything else. */
export function deliveryWindowMs(value: string): { start: number; end: number } | undefined {
  const w = deliveryWindows.find((x) => x.value === value);
  return w && { start: w.start, end: w.end };
}

/** The window a start/end pair came from (for showing a stored quote back). */
export function deliveryWindowOf(start: number, end: number): string | undefined {
  return deliveryWindows.find((w) => w.start === start && w.end === end)?.value;
}

/**
 * The campaign runs for the current calendar year: from the first millisecond of
 * 1 January to the last millisecond of 31 December, in the visitor's time zone.
 */
export function campaignDates(now: Date = new Date()): { campaignStartDate: number; campaignEndDate: number } {
  const year = now.getFullYear();
  return {
    campaignStartDate: new Date(year, 0, 1, 0, 0, 0, 0).getTime(),
    campaignEndDate: new Date(year, 11, 31, 23, 59, 59, 999).getTime(),
  };
}
