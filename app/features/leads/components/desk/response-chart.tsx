import { deskTable, deskTd, deskTh } from "~/ui/desk/ui";

const colours = [
  "fill-teal-700 dark:fill-teal-300 bg-teal-700 dark:bg-teal-300",
  "fill-blue-700 dark:fill-blue-300 bg-blue-700 dark:bg-blue-300",
  "fill-orange-700 dark:fill-orange-300 bg-orange-700 dark:bg-orange-300",
  "fill-violet-700 dark:fill-violet-300 bg-violet-700 dark:bg-violet-300",
  "fill-pink-700 dark:fill-pink-300 bg-pink-700 dark:bg-pink-300",
  "fill-slate-500 dark:fill-slate-400 bg-slate-500 dark:bg-slate-400",
];

type Data = { weeks: string[]; people: { label: string; medians: (number | null)[] }[] };

const shown = (m: number | null) => (m === null ? "–" : m < 120 ? `${m} min` : `${(m / 60).toFixed(1)} h`);

/** Median first-response time per person and week: bars (hidden from screen readers) and the same figures as a table. */
export function ResponseChart({ data }: { data: Data }) {
  const W = 900;
  const H = 200;
  const pad = { left: 44, bottom: 22, top: 8 };
  const max = Math.max(1, ...data.people.flatMap((p) => p.medians.map((m) => m ?? 0)));
  const group = (W - pad.left) / data.weeks.length;
  const bar = Math.max(2, (group - 8) / Math.max(1, data.people.length));
  const scale = (H - pad.bottom - pad.top) / max;
  return (
    <section aria-labelledby="response" className="mb-8">
      <h2 id="response" className="mb-2 text-lg font-semibold">
        First response, median per person and week
      </h2>
      {data.people.length ? (
        <figure>
          <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full text-slate-600 dark:text-slate-300" aria-hidden="true" focusable="false">
            <line x1={pad.left} x2={W} y1={H - pad.bottom} y2={H - pad.bottom} stroke="currentColor" strokeWidth="1" />
            <text x={pad.left - 4} y={pad.top + 8} textAnchor="end" fontSize="11" fill="currentColor">
              {shown(max)}
            </text>
            {data.weeks.map((w, wi) => (
              <g key={w}>
                {data.people.map((p, pi) => {
                  const m = p.medians[wi] ?? 0;
                  const h = m * scale;
                  return m ? (
                    <rect
                      key={p.label}
                      x={pad.left + wi * group + 4 + pi * bar}
                      y={H - pad.bottom - h}
                      width={bar - 1}
                      height={h}
                      className={colours[pi % colours.length]}
                    />
                  ) : null;
                })}
                <text x={pad.left + wi * group + 4} y={H - 6} fontSize="11" fill="currentColor">
                  {w.slice(5)}
                </text>
              </g>
            ))}
          </svg>
          <figcaption className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {data.people.map((p, pi) => (
              <span key={p.label} className="inline-flex items-center gap-1">
                <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${colours[pi % colours.length]}`} />
                {p.label}
              </span>
            ))}
          </figcaption>
        </figure>
      ) : (
        <p className="text-sm">No lead answered in the last {data.weeks.length} weeks.</p>
      )}
      {/* In a box: a table keeps its rows' height whatever it is given, so a bare sr-only table would leave blank page below. */}
      <div className="sr-only">
        <table className={deskTable}>
          <caption>Median minutes to the first response, by owner and week (weeks from Monday, UTC)</caption>
          <thead>
            <tr>
              <th scope="col" className={deskTh}>
                Owner
              </th>
              {data.weeks.map((w) => (
                <th key={w} scope="col" className={deskTh}>
                  Week of {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.people.map((p) => (
              <tr key={p.label}>
                <th scope="row" className={deskTd}>
                  {p.label}
                </th>
                {p.medians.map((m, i) => (
                  <td key={data.weeks[i]} className={deskTd}>
                    {shown(m)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
