import { BlockSplit } from "~/components/pages/block-split";
import { Steps } from "~/components/pages/steps";
import { ContactForm } from "~/components/deferred-parts";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { FeatureGrid } from "~/components/ui/feature-grid";
import { geofencing as c } from "~/content/pages/geofencing";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/geofencing");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero path="/geofencing" eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="how-it-works" {...c.how}>
        <Steps steps={c.steps} />
      </Section>
      <Section id="features" tone="muted" {...c.features}>
        <FeatureGrid items={c.featureList} />
      </Section>
      <BlockSplit id="fleets" block={c.business} reverse />
      <ContactForm type={7} title={c.form.title} intro={c.form.intro} />
    </>
  );
}
