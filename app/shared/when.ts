const dateTimeWords = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Nov 23, 2026, 1:11 PM UTC" for a stored ISO time. */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${dateTimeWords.format(d)} UTC`;
}
