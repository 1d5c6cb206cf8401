import { deskTable, deskTd, deskTh } from "~/ui/desk/ui";

/** Fill classes per form kind: distinct hues, darker in light theme, lighter in dark. */
const kindColours = [
  "fill-teal-700 dark:fill-teal-300 bg-teal-700 dark:bg-teal-300",
  "fill-blue-700 dark:fill-blue-300 bg-blue-700 dark:bg-blue-300",
  "fill-orange-700 dark:fill-orange-300 bg-orange-700 dark:bg-orange-300",
  "fill-violet-700 dark:fill-violet-300 bg-violet-700 dark:bg-violet-300",
  "fill-pink-700 dark:fill-pink-300 bg-pink-700 dark:bg-pink-300",
  "fill-yellow-700 dark:fill-yellow-300 bg-yellow-700 dark:bg-yellow-300",
  "fill-slate-500 dark:fill-slate-400 bg-slate-500 dark:bg-slate-400",
];

type Day = { day: string; total: number; byKind: Record<string, number> };

/** Leads per day, stacked by form kind. */
export function PerDayChart({ perDay, kinds }: { perDay: Day[]; kinds: { key: string; label: string }[] }) {
  const W = 900;
  const H = 220;
  const pad = { left: 36, bottom: 22, top: 8 };
  const max = Math.max(1, ...perDay.map((d) => d.total));
  const step = (W - pad.left) / perDay.length;
  const scale = (H - pad.bottom - pad.top) / max;
  const total = perDay.reduce((s, d) => s + d.total, 0);
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full text-slate-600 dark:text-slate-300" aria-hidden="true" focusable="false">
        <line x1={pad.left} x2={W} y1={H - pad.bottom} y2={H - pad.bottom} stroke="currentColor" strokeWidth="1" />
        <text x={pad.left - 4} y={pad.top + 8} textAnchor="end" fontSize="11" fill="currentColor">
          {max}
        </text>
        <text x={pad.left - 4} y={H - pad.bottom} textAnchor="end" fontSize="11" fill="currentColor">
          0
        </text>
        {perDay.map((d, i) => {
          let y = H - pad.bottom;
          return (
            <g key={d.day}>
              {kinds.map((k, ki) => {
                const n = d.byKind[k.key] ?? 0;
                if (!n) return null;
                const h = n * scale;
                y -= h;
                return (
                  <rect
                    key={k.key}
                    x={pad.left + i * step + 0.5}
                    y={y}
                    width={Math.max(1, step - 1)}
                    height={h}
                    className={kindColours[ki % kindColours.length]}
                  />
                );
              })}
              {i % 15 === 0 ? (
                <text x={pad.left + i * step} y={H - 6} fontSize="11" fill="currentColor">
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm">
        {total} leads in the last 90 days (UTC days).{" "}
        <span className="inline-flex flex-wrap gap-x-3 gap-y-1 align-middle">
          {kinds.map((k, ki) => (
            <span key={k.key} className="inline-flex items-center gap-1">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${kindColours[ki % kindColours.length]}`} />
              {k.label}
            </span>
          ))}
        </span>
      </figcaption>
    </figure>
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
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2} className={deskTd}>
              No leads in this period.
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
