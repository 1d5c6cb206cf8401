import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { BlockSplit } from "~/ui/blocks/block-split";
import { Steps } from "~/ui/blocks/steps";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { fuelManagementSoftware as c } from "~/copy/pages/fuel-management-software";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/fuel-management-software";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

function QuoteLink({ className }: { className: string }) {
  return (
    <Link to="/getafleet" className={className}>
      Get a Fleet Quote <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} actions={<QuoteLink className="btn-primary" />} />
      <Section id="features" {...c.features}>
        <FeatureGrid items={c.featureList} />
      </Section>
      <BlockSplit id="telematics" block={c.telematics} tone="muted" />
      <Section id="setup" {...c.setup}>
        <Steps steps={c.setupSteps} />
        <p className="mt-10 text-center">
          <QuoteLink className="btn-primary" />
        </p>
      </Section>
      <ContactForm page="/fuel-management-software" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
