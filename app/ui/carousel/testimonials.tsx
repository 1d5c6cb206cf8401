import { Quote } from "lucide-react";
import { Section } from "~/ui/layout/section";
import { testimonials } from "~/copy/testimonials";
import { Carousel } from "./carousel";

/** The testimonials carousel: autoplay every 5 s, 500 ms moves (spec 9). */
export function Testimonials({ title = "What our customers say" }: { title?: string } = {}) {
  return (
    <Section id="testimonials" eyebrow="Testimonials" title={title} tone="muted">
      <Carousel
        label="Customer testimonials"
        autoplayMs={5000}
        speedMs={500}
        perView="single"
        slides={testimonials.map((t, i) => (
          <figure
            key={i}
            className="mx-auto flex h-full max-w-3xl flex-col rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900"
          >
            <Quote aria-hidden="true" className="size-9 text-brand-600 dark:text-brand-300" />
            <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-700 sm:text-xl dark:text-slate-200">
              <p>{t.body}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-4">
              <img src={t.image.src} alt={t.image.alt} width={56} height={56} loading="lazy" className="size-14 rounded-full" />
              <span>
                <span className="block font-bold text-slate-900 dark:text-white">{t.title}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{t.designation}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      />
    </Section>
  );
}
