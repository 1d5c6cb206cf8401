import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A dark band with a seal-like icon, for certifications and claims we stand behind. */
export function BadgeBanner({ icon: Icon, eyebrow, title, children }: { icon: LucideIcon; eyebrow: string; title: string; children: ReactNode }) {
  const headingId = `${eyebrow.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-title`;
  return (
    <section aria-labelledby={headingId} className="bg-brand-900 py-14 text-brand-50 sm:py-20 dark:bg-brand-950">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-8 px-4 text-center sm:px-6 md:flex-row md:text-left">
        <span className="inline-flex size-28 shrink-0 items-center justify-center rounded-full border-4 border-accent-400 bg-brand-800 text-accent-300">
          <Icon aria-hidden="true" className="size-14" />
        </span>
        <div>
          <p className="text-xs font-bold uppercase tracking-[0.16em] text-brand-200">{eyebrow}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            {title}
          </h2>
          <div className="mt-4 text-lg text-brand-100">{children}</div>
        </div>
      </div>
    </section>
  );
}
