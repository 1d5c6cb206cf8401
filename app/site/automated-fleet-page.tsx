import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { SavingsCalculator } from "~/ui/calculators/savings-calculator";
import { ContactForm, Testimonials } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { automatedFleet as c } from "~/copy/pages/automated-fleet";
import type { PageInfo } from "~/copy/pages";
import { Figures } from "~/ui/blocks/figures";
import { Steps } from "~/ui/blocks/steps";

/**
 * The automated-fleet page in its two variants (spec 2.4, docs/deviations.md). Variant 1
 * (/automated-fleet): Register Now goes to the home page. Variant 2 (/edm-pa, the e-mail
 * campaign landing page): Register Now scrolls to the form near the bottom.
 */
export function AutomatedFleetPage({ variant, page }: { variant: 1 | 2; page: PageInfo & { path: "/automated-fleet" | "/edm-pa" } }) {
  const register =
    variant === 1 ? (
      <Link to="/" className="btn-primary">
        Register Now <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    ) : (
      <a href="#contact" className="btn-primary">
        Register Now <ArrowRight aria-hidden="true" className="size-4" />
      </a>
    );
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} actions={register} />
      <Section id="figures" {...c.figures}>
        <Figures items={c.figureList} footnote={c.figuresFootnote} />
      </Section>
      <Section id="how-it-works" tone="muted" {...c.how}>
        <Steps steps={c.steps} />
      </Section>
      <Section id="included" {...c.features}>
        <FeatureGrid items={c.featureList} />
      </Section>
      <Section id="savings" tone="muted" {...c.calculator}>
        <SavingsCalculator />
      </Section>
      <Testimonials />
      <ContactForm page={page.path} title={c.form.title} intro={c.form.intro} />
    </>
  );
}
