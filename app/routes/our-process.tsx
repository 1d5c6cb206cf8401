import { Comparison } from "~/components/pages/comparison";
import { LinkCards } from "~/components/pages/link-cards";
import { Steps } from "~/components/pages/steps";
import { ContactForm } from "~/components/deferred-parts";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { FeatureGrid } from "~/components/ui/feature-grid";
import { PricingTable } from "~/components/ui/pricing-table";
import { ourProcess as c } from "~/content/pages/our-process";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/our-process");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero
        path="/our-process"
        eyebrow={c.hero.eyebrow}
        intro={c.hero.intro}
        image={c.hero.image}
        actions={
          <>
            <a href="#plans" className="btn-primary">
              See the plans
            </a>
            <a href="#onboarding" className="btn-secondary">
              How to start
            </a>
          </>
        }
      />
      <Section id="supply-chain" {...c.supplyChain.heading}>
        <Comparison before={c.supplyChain.traditional} after={c.supplyChain.fillway} />
      </Section>
      <Section id="onboarding" tone="muted" {...c.onboarding.heading}>
        <Steps steps={c.onboarding.steps} />
      </Section>
      <Section id="benefits" {...c.benefits.heading}>
        <FeatureGrid items={c.benefits.items} />
      </Section>
      <Section id="fuels" tone="muted" {...c.fuels.heading}>
        <LinkCards items={c.fuels.cards} />
      </Section>
      <Section id="plans" {...c.pricing}>
        <PricingTable />
      </Section>
      <ContactForm type={2} title={c.form.title} intro={c.form.intro} />
    </>
  );
}
