import { BlockSplit } from "~/components/pages/block-split";
import { CheckColumns } from "~/components/pages/check-list";
import { ScenarioIcons } from "~/components/pages/scenario-icons";
import { ContactForm, NewsletterForm } from "~/components/deferred-parts";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { StoreBadges } from "~/components/ui/store-badges";
import { retail as c } from "~/content/pages/retail";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/retail-and-rurface-parking-lots");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero path="/retail-and-rurface-parking-lots" eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="scenarios" {...c.scenarios}>
        <ScenarioIcons items={c.scenarioList} label="Places we fuel" />
      </Section>
      <Section id="benefits" tone="muted" {...c.benefitsHeading}>
        <CheckColumns columns={c.benefits} />
      </Section>
      <BlockSplit id="app" block={c.app} reverse actions={<StoreBadges />} />
      <NewsletterForm type={1} privacyLink />
      <ContactForm type={15} title={c.form.title} intro={c.form.intro} />
    </>
  );
}
