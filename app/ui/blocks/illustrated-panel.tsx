import type { ReactNode } from "react";
import type { Illustration } from "~/copy/pages/types";

/** A card of a tab or carousel slide: the illustration beside a title, a paragraph and what follows. */
export function IllustratedPanel({ image, title, body, children }: { image: Illustration; title: string; body: string; children: ReactNode }) {
  return (
    <div className="grid items-center gap-8 rounded-3xl border border-slate-200 bg-white p-6 text-left shadow-sm sm:p-8 lg:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
      <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" decoding="async" className="h-auto w-full rounded-2xl" />
      <div>
        <h3 className="text-2xl font-extrabold">{title}</h3>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{body}</p>
        {children}
      </div>
    </div>
  );
}
