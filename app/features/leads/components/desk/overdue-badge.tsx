/** "Overdue": a lead nobody has answered within LEAD_RESPONSE_MINUTES. */
export function OverdueBadge({ overdue }: { overdue: boolean }) {
  if (!overdue) return null;
  return (
    <span className="ml-1 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-900 dark:text-red-100">Overdue</span>
  );
}
