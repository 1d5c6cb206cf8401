import { ExternalLink } from "lucide-react";
import { SocialIcon } from "~/ui/widgets/social-icon";
import { brand } from "~/copy/brand";
import { socialPanels, socialUrl } from "~/copy/news";

/**
 * Facebook, Twitter and Instagram (spec 2.4). The panels link out (docs/deviations.md): an
 * embedded feed would need the network's token and script, which this site does not load.
 */
export function SocialPanels() {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {socialPanels.map((p) => (
        <li key={p.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
              <SocialIcon name={p.name} className="size-6" />
            </span>
            <div>
              <h3 className="text-lg font-bold">{p.name}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-400">{p.handle}</p>
            </div>
          </div>
          <p className="mt-4 flex-1 text-slate-700 dark:text-slate-300">{p.blurb}</p>
          <a href={socialUrl(p.name)} target="_blank" rel="noopener noreferrer" className="btn-secondary mt-5 self-start">
            Follow {brand.name} on {p.name}
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
