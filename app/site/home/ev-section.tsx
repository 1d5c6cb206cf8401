import { ArrowRight, MapPin, PlugZap } from "lucide-react";
import { Link } from "react-router";
import { Section } from "~/ui/layout/section";
import { home } from "~/copy/home";

/** The six launch states of Fillway Charge with a link to its page. */
export function EvSection() {
  const { ev } = home;
  return (
    <Section id="ev" eyebrow={ev.eyebrow} title={ev.title} intro={ev.intro} tone="brand">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {ev.states.map((state) => (
          <li key={state} className="flex flex-col items-center gap-2 rounded-2xl bg-white/10 px-4 py-6 text-center ring-1 ring-white/15">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-accent-400 text-brand-950">
              <PlugZap aria-hidden="true" className="size-5" />
            </span>
            <span className="font-bold text-white">{state}</span>
            <span className="inline-flex items-center gap-1 text-xs text-brand-100">
              <MapPin aria-hidden="true" className="size-3" />
              Launching soon
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link to={ev.more.to} className="btn bg-accent-400 text-brand-950 hover:bg-accent-300">
          {ev.more.label}
          <span className="sr-only"> about {ev.eyebrow}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </Section>
  );
}
