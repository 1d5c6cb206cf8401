import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { BlockSplit } from "~/ui/blocks/block-split";
import { Steps } from "~/ui/blocks/steps";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { fuelTechsSafety as c } from "~/copy/pages/fuel-techs-safety";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/fuel-techs-safety";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="training" {...c.training}>
        <Steps steps={c.trainingSteps} />
      </Section>
      <BlockSplit id="technician-app" block={c.app} tone="muted" />
      <Section id="safety" {...c.safety}>
        <FeatureGrid items={c.safetyList} columns={4} />
      </Section>
      <BlockSplit
        id="careers"
        block={c.careers}
        reverse
        tone="muted"
        actions={
          <Link to="/careers" className="btn-primary">
            See careers at Fillway <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        }
      />
      <ContactForm page="/our-fuel-techs-and-sefaty" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
