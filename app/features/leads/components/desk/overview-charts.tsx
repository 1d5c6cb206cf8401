import { ChartKey, ChartSvg, ChartTable, chartColours, DayLabel, dayColumns } from "~/ui/desk/chart";
import { deskTable, deskTd, deskTh, EmptyRow } from "~/ui/desk/ui";

type Day = { day: string; total: number; byKind: Record<string, number> };

/** Leads per day, stacked by form kind, with the same figures in a table for screen readers. */
export function PerDayChart({ perDay, kinds, zone }: { perDay: Day[]; kinds: { key: string; label: string }[]; zone: string }) {
  const H = 220;
  const pad = { left: 36, bottom: 22, top: 8 };
  const max = Math.max(1, ...perDay.map((d) => d.total));
  const cols = dayColumns(pad.left, perDay.length);
  const scale = (H - pad.bottom - pad.top) / max;
  const total = perDay.reduce((s, d) => s + d.total, 0);
  return (
    <>
      <figure>
        <ChartSvg height={H} {...pad} max={max} zero>
          {perDay.map((d, i) => {
            let y = H - pad.bottom;
            return (
              <g key={d.day}>
                {kinds.map((k, ki) => {
                  const n = d.byKind[k.key] ?? 0;
                  if (!n) return null;
                  const h = n * scale;
                  y -= h;
                  return <rect key={k.key} x={cols.barX(i)} y={y} width={cols.barWidth} height={h} className={chartColours[ki % chartColours.length]} />;
                })}
                <DayLabel i={i} every={15} x={cols.x(i)} height={H} day={d.day} />
              </g>
            );
          })}
        </ChartSvg>
        <figcaption className="mt-2 text-sm">
          {total} leads in the last 90 days (days in {zone}).{" "}
          <span className="inline-flex flex-wrap gap-x-3 gap-y-1 align-middle">
            <ChartKey series={kinds} />
          </span>
        </figcaption>
      </figure>
      <ChartTable
        caption="Leads per day by form, last 90 days"
        columns={["Day", ...kinds.map((k) => k.label), "Total"]}
        rows={perDay.map((d) => ({ head: d.day, cells: [...kinds.map((k) => d.byKind[k.key] ?? 0), d.total] }))}
      />
    </>
  );
}

/** Counts of leads with a caption, as a table. */
export function CountTable({ caption, rows }: { caption: string; rows: { label: string; n: number }[] }) {
  return (
    <table className={deskTable}>
      <caption className="mb-1 text-left font-semibold">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={deskTh}>
            {caption.startsWith("By status") ? "Status" : "Page"}
          </th>
          <th scope="col" className={`${deskTh} text-right`}>
            Leads
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row" className={`${deskTd} break-all font-normal`}>
              {r.label}
            </th>
            <td className={`${deskTd} text-right tabular-nums`}>{r.n}</td>
          </tr>
        ))}
        {rows.length === 0 ? <EmptyRow columns={2}>No leads in this period.</EmptyRow> : null}
      </tbody>
    </table>
  );
}
