/**
 * How long the website keeps what a visitor without an account sent it, in days: the
 * defaults of LEAD_RETENTION_DAYS and WAITLIST_RETENTION_DAYS, which the privacy policy
 * states in words (`daysInWords`), so the policy and the retention job cannot disagree.
 */
export const LEAD_RETENTION_DAYS_DEFAULT = 730;
export const WAITLIST_RETENTION_DAYS_DEFAULT = 1095;

/** 730 → "two years", 1095 → "three years", 90 → "90 days": as the policy says a period. */
export function daysInWords(days: number): string {
  const words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
  const years = days / 365;
  if (Number.isInteger(years) && years >= 1 && years <= 10) return years === 1 ? "one year" : `${words[years - 1]} years`;
  return days === 1 ? "1 day" : `${days.toLocaleString("en-US")} days`;
}
