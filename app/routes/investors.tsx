import { BlockSplit } from "~/ui/blocks/block-split";
import { Timeline } from "~/ui/blocks/timeline";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { investors as c } from "~/copy/pages/investors";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/investors";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <BlockSplit id="opportunity" block={c.thesis} />
      <Section id="business-model" tone="muted" {...c.model}>
        <FeatureGrid items={c.modelList} columns={4} />
      </Section>
      <Section id="milestones" {...c.milestones}>
        <Timeline items={c.milestoneList} />
      </Section>
      <ContactForm page="/investors" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
