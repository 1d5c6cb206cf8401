/** A list's total above it: "1,234 leads", or "10,000+ leads" when it was counted only that far. */
export function ListTotal({ total, one, many }: { total: { n: number; capped: boolean } | null; one: string; many: string }) {
  if (!total) return null;
  const n = total.n.toLocaleString("en-US");
  return (
    <p className="mb-2 text-sm font-semibold" data-testid="list-total">
      {n}
      {total.capped ? "+" : ""} {total.n === 1 && !total.capped ? one : many}
      {total.capped ? <span className="font-normal"> (counted up to {n})</span> : null}
    </p>
  );
}
