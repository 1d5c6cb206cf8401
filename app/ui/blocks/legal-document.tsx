import type { ReactNode } from "react";
import { brand } from "~/copy/brand";
import type { LegalSection } from "~/copy/legal/types";

const addresses = [brand.email, brand.privacyEmail];
const addressPattern = new RegExp(`(${addresses.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`);

/** Turns our e-mail addresses inside legal prose into mailto links. */
function withEmailLinks(text: string): ReactNode {
  const parts = text.split(addressPattern);
  if (parts.length === 1) return text;
  // split with a capturing group: the addresses are at the odd places.
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <a key={`mail-${i}`} href={`mailto:${part}`} className="link">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * A legal document: a table of contents, then numbered sections with anchors so support
 * can point a customer to one clause.
 */
export function LegalDocument({ intro, sections, children }: { intro: string[]; sections: LegalSection[]; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="space-y-4 text-lg text-slate-700 dark:text-slate-300">
        {intro.map((p) => (
          <p key={p}>{withEmailLinks(p)}</p>
        ))}
        {children}
      </div>
      <nav aria-label="Contents" className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-sm font-bold uppercase tracking-wider">Contents</h2>
        <ol className="mt-4 grid list-decimal gap-x-8 gap-y-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="inline-block py-1 hover:text-brand-700 hover:underline dark:hover:text-brand-300">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <ol className="mt-12 space-y-10">
        {sections.map((s, i) => (
          <li key={s.id} id={s.id}>
            <h2 className="text-2xl font-extrabold tracking-tight">
              <span className="text-brand-700 dark:text-brand-300">{i + 1}.</span> {s.title}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-slate-700 dark:text-slate-300">
              {s.paragraphs.map((p) => (
                <p key={p}>{withEmailLinks(p)}</p>
              ))}
              {s.list && (
                <ul className="list-disc space-y-2 pl-6 marker:text-brand-600">
                  {s.list.map((item) => (
                    <li key={item}>{withEmailLinks(item)}</li>
                  ))}
                </ul>
              )}
              {s.after?.map((p) => (
                <p key={p}>{withEmailLinks(p)}</p>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
