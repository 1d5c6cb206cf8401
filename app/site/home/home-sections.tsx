import { ArrowRight, Briefcase, Car, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { ZipCheck } from "~/features/service-area/components/zip-check";
import { formTypeFor } from "~/features/leads/forms/form-types";
import { StoreBadges } from "~/ui/widgets/store-badges";
import { VideoLoop } from "~/ui/widgets/video-loop";
import { home } from "~/copy/home";
import { page } from "~/copy/page-info/home";

/** Hero: the page's H1, the fleet quote button, store badges and the illustration. */
export function HomeHero() {
  const { hero } = home;
  return (
    <PageHero
      page={page}
      eyebrow={hero.eyebrow}
      intro={hero.intro}
      image={hero.image}
      actions={
        <Link to="/getafleet" className="btn-primary px-6 text-base">
          {hero.quoteCta}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      <ZipCheck type={formTypeFor("/")} className="mt-8" />
      <div className="mt-8">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{hero.appNote}</p>
        <StoreBadges className="mt-3" />
      </div>
      <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-slate-200 pt-6 dark:border-slate-800">
        {hero.stats.map((s) => (
          <div key={s.label} className="flex flex-col-reverse justify-end">
            <dt className="text-xs text-slate-600 sm:text-sm dark:text-slate-400">{s.label}</dt>
            <dd className="text-2xl font-extrabold text-brand-800 sm:text-3xl dark:text-brand-300">{s.value}</dd>
          </div>
        ))}
      </dl>
    </PageHero>
  );
}

export function HomeVideo() {
  const { video } = home;
  return (
    <Section id="in-action" eyebrow={video.eyebrow} title={video.title} intro={video.intro}>
      <div className="mx-auto max-w-5xl">
        <VideoLoop label={video.label} />
      </div>
    </Section>
  );
}

/** Business versus consumer benefit lists, side by side. */
export function HomeBenefits() {
  const { benefits } = home;
  const columns = [
    {
      id: "for-business",
      icon: Briefcase,
      tone: "focus-on-dark bg-brand-900 text-brand-50 dark:bg-brand-950 dark:ring-1 dark:ring-brand-800",
      ...benefits.business,
    },
    { id: "for-drivers", icon: Car, tone: "bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800", ...benefits.consumer },
  ];
  return (
    <Section id="benefits" eyebrow={benefits.eyebrow} title={benefits.title} tone="muted">
      <div className="grid gap-6 lg:grid-cols-2">
        {columns.map(({ id, icon: Icon, tone, title, intro, items }, i) => {
          const dark = i === 0;
          return (
            <div key={id} id={id} className={`rounded-3xl p-8 shadow-sm sm:p-10 ${tone}`}>
              <span
                className={`inline-flex size-12 items-center justify-center rounded-xl ${dark ? "bg-white/10 text-accent-300" : "bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"}`}
              >
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className={`mt-5 text-2xl font-extrabold ${dark ? "text-white" : ""}`}>{title}</h3>
              <p className={`mt-2 ${dark ? "text-brand-100" : "text-slate-600 dark:text-slate-300"}`}>{intro}</p>
              <ul className="mt-6 space-y-3">
                {items.map((item) => (
                  <li key={item} className="flex gap-3">
                    <CircleCheck aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${dark ? "text-brand-300" : "text-brand-700 dark:text-brand-300"}`} />
                    <span className={dark ? "text-brand-50" : ""}>{item}</span>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

/** Learn More (our process) and Read More (business fleets). */
export function HomeMore() {
  return (
    <Section id="learn-more">
      <div className="grid gap-6 md:grid-cols-2">
        {home.more.map((m) => (
          <article
            key={m.to}
            className="flex flex-col rounded-3xl border border-slate-200 bg-gradient-to-br from-white to-brand-50 p-8 shadow-sm sm:p-10 dark:border-slate-800 dark:from-slate-900 dark:to-brand-950"
          >
            <p className="eyebrow">{m.eyebrow}</p>
            <h2 className="mt-2 text-2xl font-extrabold sm:text-3xl">{m.title}</h2>
            <p className="mt-3 flex-1 text-slate-600 dark:text-slate-300">{m.body}</p>
            <Link to={m.to} className="btn-secondary mt-6 self-start">
              {m.label}
              <span className="sr-only">: {m.title}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </article>
        ))}
      </div>
    </Section>
  );
}
