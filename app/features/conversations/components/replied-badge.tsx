/** "Replied": the person wrote back and the lead's last message is theirs (the inbox's `?view=replied`). */
export function RepliedBadge({ replied }: { replied: boolean }) {
  if (!replied) return null;
  return (
    <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-100">
      Replied
    </span>
  );
}
