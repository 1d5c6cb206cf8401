import type { ReactNode } from "react";
import type { PageInfo } from "~/copy/pages";

export interface PageHeroProps {
  /** The page's entry (copy/page-info): its heading and intro unless given. */
  page?: PageInfo;
  title?: ReactNode;
  intro?: ReactNode;
  eyebrow?: string;
  actions?: ReactNode;
  /** An illustration beside the text (eager: it is above the fold). */
  image?: { src: string; alt: string; width: number; height: number };
  children?: ReactNode;
}

/** The banner at the top of a page, holding its one H1. */
export function PageHero({ page, title, intro, eyebrow, actions, image, children }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-white to-amber-50 dark:from-brand-950 dark:via-slate-950 dark:to-slate-900">
      <div className={`mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 ${image ? "lg:grid-cols-2" : ""}`}>
        <div className={image ? "" : "max-w-3xl"}>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">{title ?? page?.h1}</h1>
          <div className="mt-5 text-lg text-slate-700 dark:text-slate-300">{intro ?? page?.description}</div>
          {actions && <div className="mt-8 flex flex-wrap items-center gap-3">{actions}</div>}
          {children}
        </div>
        {image && <img src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" className="h-auto w-full rounded-3xl" />}
      </div>
    </section>
  );
}
