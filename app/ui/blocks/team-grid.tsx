import { ExternalLink } from "lucide-react";
import type { TeamMember } from "~/copy/team";

// Avatar tints, all dark enough for white initials (contrast above 4.5:1).
const tints = ["bg-brand-700", "bg-brand-800", "bg-teal-800", "bg-emerald-800", "bg-cyan-800", "bg-slate-700"];

function initials(name: string): string {
  const parts = name.replace(/^Dr\.\s+/, "").split(/\s+/);
  return `${parts[0]?.[0] ?? ""}${parts.at(-1)?.[0] ?? ""}`.toUpperCase();
}

function tint(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return tints[h % tints.length] ?? "bg-brand-700";
}

/** People as cards with an initials avatar (no photos of real people). */
export function TeamGrid({ members }: { members: TeamMember[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {members.map((m) => (
        <li
          key={`${m.name}-${m.designation}`}
          className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <span
            aria-hidden="true"
            className={`inline-flex size-14 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white ${tint(m.name)}`}
          >
            {initials(m.name)}
          </span>
          <div className="min-w-0">
            <h3 className="text-base font-bold">{m.name}</h3>
            <p className="text-sm font-semibold text-brand-800 dark:text-brand-200">{m.designation}</p>
            {m.secondLine && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{m.secondLine}</p>}
            {m.profileUrl && (
              <a href={m.profileUrl} target="_blank" rel="noopener" className="link mt-2 inline-flex min-h-6 items-center gap-1 text-sm">
                Profile<span className="sr-only"> of {m.name} (opens in a new tab)</span>
                <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
