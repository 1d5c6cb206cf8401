import { Comparison } from "~/ui/blocks/comparison";
import { LinkCards } from "~/ui/blocks/link-cards";
import { Steps } from "~/ui/blocks/steps";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { PricingTable } from "~/ui/widgets/pricing-table";
import { ourProcess as c } from "~/copy/pages/our-process";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/our-process";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero
        page={page}
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
      <ContactForm page="/our-process" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
