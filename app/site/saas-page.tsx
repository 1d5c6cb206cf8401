import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { type SaasProduct, saasHome, saasProducts } from "~/copy/pages/saas";
import type { PageInfo } from "~/copy/pages";
import { CheckList } from "~/ui/blocks/check-list";
import { LinkCards } from "~/ui/blocks/link-cards";
import { Steps } from "~/ui/blocks/steps";

/** A product's panel on /saas/home: what it does, and Know More to its page. */
export function SaasTab({ product }: { product: SaasProduct }) {
  return (
    <div className="grid items-center gap-8 rounded-3xl border border-slate-200 bg-white p-6 text-left shadow-sm sm:p-8 lg:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
      <div>
        <h3 className="text-2xl font-extrabold">{product.label}</h3>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{product.summary}</p>
        <CheckList items={product.highlights} className="mt-5 text-slate-700 dark:text-slate-300" />
        <Link to={product.path} className="btn-primary mt-8">
          Know More<span className="sr-only"> about {product.label.toLowerCase()}</span> <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <img
        src={product.image.src}
        alt={product.image.alt}
        width={product.image.width}
        height={product.image.height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-2xl"
      />
    </div>
  );
}

/** The shared template of /saas/geofence, /saas/fuelmanagement and /saas/fleetmanagement. */
export function SaasProductPage({ product, page }: { product: SaasProduct; page: PageInfo }) {
  const others = saasProducts.filter((p) => p.id !== product.id);
  return (
    <>
      <PageHero
        page={page}
        eyebrow={saasHome.hero.eyebrow}
        intro={product.intro}
        image={product.image}
        actions={
          <a href="#contact" className="btn-primary">
            Request a demo
          </a>
        }
      />
      <Section id="features" eyebrow="Features" title={`What ${product.label.toLowerCase()} does`}>
        <FeatureGrid items={product.features} />
      </Section>
      <Section id="audience" tone="muted" {...product.audience}>
        <FeatureGrid items={product.audienceList} />
      </Section>
      <Section id="licensing" {...saasHome.licensing}>
        <Steps steps={saasHome.licensingSteps} />
      </Section>
      <Section id="more" tone="muted" eyebrow={saasHome.hero.eyebrow} title="Works even better together">
        <LinkCards items={others.map((p) => ({ title: p.label, body: p.summary, to: p.path, linkLabel: `Explore ${p.label.toLowerCase()}` }))} />
      </Section>
      <ContactForm page={product.path} title={saasHome.form.title} intro={saasHome.form.intro} />
    </>
  );
}
