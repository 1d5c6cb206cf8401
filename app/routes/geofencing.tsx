import { BlockSplit } from "~/ui/blocks/block-split";
import { Steps } from "~/ui/blocks/steps";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { geofencing as c } from "~/copy/pages/geofencing";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/geofencing";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="how-it-works" {...c.how}>
        <Steps steps={c.steps} />
      </Section>
      <Section id="features" tone="muted" {...c.features}>
        <FeatureGrid items={c.featureList} />
      </Section>
      <BlockSplit id="fleets" block={c.business} reverse />
      <ContactForm page="/geofencing" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
