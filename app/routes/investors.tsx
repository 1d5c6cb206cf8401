import { BlockSplit } from "~/components/pages/block-split";
import { Timeline } from "~/components/pages/timeline";
import { ContactForm } from "~/components/deferred-parts";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { FeatureGrid } from "~/components/ui/feature-grid";
import { investors as c } from "~/content/pages/investors";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/investors");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero path="/investors" eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <BlockSplit id="opportunity" block={c.thesis} />
      <Section id="business-model" tone="muted" {...c.model}>
        <FeatureGrid items={c.modelList} columns={4} />
      </Section>
      <Section id="milestones" {...c.milestones}>
        <Timeline items={c.milestoneList} />
      </Section>
      <ContactForm type={16} title={c.form.title} intro={c.form.intro} />
    </>
  );
}
