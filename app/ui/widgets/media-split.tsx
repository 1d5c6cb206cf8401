import { type ReactNode, useId } from "react";

export interface MediaSplitProps {
  title: string;
  eyebrow?: string;
  body: ReactNode;
  image: { src: string; alt: string; width: number; height: number };
  /** Image on the left on wide screens (text first on narrow ones either way). */
  reverse?: boolean;
  actions?: ReactNode;
  id?: string;
  tone?: "plain" | "muted";
}

/**
 * Text beside an illustration: a section of its own with an H2. The image is lazy
 * because these blocks sit below the hero.
 */
export function MediaSplit({ title, eyebrow, body, image, reverse = false, actions, id, tone = "plain" }: MediaSplitProps) {
  const headingId = `${useId()}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={`py-14 sm:py-20 ${tone === "muted" ? "bg-slate-50 dark:bg-slate-900/60" : ""}`}>
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div className={reverse ? "lg:order-2" : ""}>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={headingId} className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {title}
          </h2>
          <div className="mt-5 space-y-4 text-lg text-slate-600 dark:text-slate-300">{body}</div>
          {actions && <div className="mt-8 flex flex-wrap items-center gap-3">{actions}</div>}
        </div>
        <img
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          className={`h-auto w-full rounded-3xl ${reverse ? "lg:order-1" : ""}`}
        />
      </div>
    </section>
  );
}
