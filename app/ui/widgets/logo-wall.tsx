import { Carousel } from "~/ui/carousel/carousel";
import { Section } from "~/ui/layout/section";
import { type LogoEntry, logoSize, partners, trustedBy } from "~/copy/partners";

/** Grey wordmarks; inverted in dark mode so they stay readable on the dark background. */
function LogoImage({ entry, className = "" }: { entry: LogoEntry; className?: string }) {
  return (
    <img
      src={entry.src}
      alt={entry.name}
      width={logoSize.width}
      height={logoSize.height}
      loading="lazy"
      decoding="async"
      className={`h-auto w-full max-w-[200px] dark:brightness-110 dark:hue-rotate-180 dark:invert ${className}`}
    />
  );
}

/** The partner logos list: who we work with and for what. */
export function PartnerLogos() {
  return (
    <Section id="partners" eyebrow="Partners" title="Built with partners who keep fleets moving" tone="muted">
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {partners.map((p) => (
          <li
            key={p.src}
            className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-center dark:border-slate-800 dark:bg-slate-900"
          >
            <LogoImage entry={p} className="max-w-[160px]" />
            {p.role && <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{p.role}</span>}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Customers' wordmarks on a band that scrolls continuously (9 across on wide screens). */
export function TrustedByCarousel() {
  return (
    <Section id="trusted-by" eyebrow="Trusted by" title="Fleets, campuses and venues that never wait at the pump">
      <Carousel
        label="Companies that trust Fillway"
        perView="logos"
        continuous
        slides={trustedBy.map((t) => (
          <div key={t.src} className="flex h-20 items-center justify-center px-2">
            <LogoImage entry={t} />
          </div>
        ))}
      />
    </Section>
  );
}
