import { BlockSplit } from "~/ui/blocks/block-split";
import { CheckColumns } from "~/ui/blocks/check-list";
import { ScenarioIcons } from "~/ui/blocks/scenario-icons";
import { ContactForm, NewsletterForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { StoreBadges } from "~/ui/widgets/store-badges";
import { retail as c } from "~/copy/pages/retail";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/retail";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="scenarios" {...c.scenarios}>
        <ScenarioIcons items={c.scenarioList} label="Places we fuel" />
      </Section>
      <Section id="benefits" tone="muted" {...c.benefitsHeading}>
        <CheckColumns columns={c.benefits} />
      </Section>
      <BlockSplit id="app" block={c.app} reverse actions={<StoreBadges />} />
      <NewsletterForm type={1} />
      <ContactForm page="/retail-and-rurface-parking-lots" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
