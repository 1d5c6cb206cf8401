import type { ReactNode } from "react";

type Tone = "plain" | "muted" | "brand";

const tones: Record<Tone, string> = {
  plain: "",
  muted: "bg-slate-50 dark:bg-slate-900/60",
  brand: "focus-on-dark bg-brand-900 text-brand-50 dark:bg-brand-950 [&_h2]:text-white [&_.eyebrow]:text-brand-200",
};

export interface SectionProps {
  id?: string;
  eyebrow?: string;
  title?: ReactNode;
  intro?: ReactNode;
  tone?: Tone;
  /** Centre the heading block (default) or align it left. */
  align?: "center" | "left";
  children?: ReactNode;
  className?: string;
  /** Lay out and paint only near the viewport (app.css); off for sections whose content overflows them. */
  renderWhenNear?: boolean;
}

/** The one section layout every page is built from: a heading block and its content. */
export function Section({ id, eyebrow, title, intro, tone = "plain", align = "center", children, className = "", renderWhenNear = true }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={`py-14 sm:py-20 ${renderWhenNear ? "render-when-near" : ""} ${tones[tone]} ${className}`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {(eyebrow || title || intro) && (
          <div className={`mb-10 max-w-3xl ${align === "center" ? "mx-auto text-center" : ""}`}>
            {eyebrow && <p className="eyebrow">{eyebrow}</p>}
            {title && (
              <h2 id={headingId} className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
                {title}
              </h2>
            )}
            {intro && <div className="mt-4 text-lg text-slate-600 dark:text-slate-300 [.bg-brand-900_&]:text-brand-100">{intro}</div>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
