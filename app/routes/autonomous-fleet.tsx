import { BlockSplit } from "~/ui/blocks/block-split";
import { Steps } from "~/ui/blocks/steps";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { autonomousFleet as c } from "~/copy/pages/autonomous-fleet";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/autonomous-fleet";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <BlockSplit id="partnership" block={c.partnership} />
      <Section id="how-it-works" tone="muted" {...c.how}>
        <Steps steps={c.steps} />
      </Section>
      <Section id="equipment" {...c.equipment}>
        <FeatureGrid items={c.equipmentList} />
      </Section>
      <Section id="approach" tone="muted" {...c.principlesHeading}>
        <FeatureGrid items={c.principles} columns={4} />
      </Section>
      <ContactForm page="/autonomous-fleet-equipment" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
