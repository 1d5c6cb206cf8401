import { Award } from "lucide-react";
import { BadgeBanner } from "~/ui/blocks/badge-banner";
import { BlockSplit } from "~/ui/blocks/block-split";
import { CheckColumns } from "~/ui/blocks/check-list";
import { ScenarioIcons } from "~/ui/blocks/scenario-icons";
import { ContactForm, Testimonials } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { businessFleets as c } from "~/copy/pages/business-fleets";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/business-fleets";

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
          <a href="#contact" className="btn-primary">
            Get a fleet plan
          </a>
        }
      />
      <Section id="scenarios" {...c.scenarios}>
        <ScenarioIcons items={c.scenarioList} label="Places we fuel" />
      </Section>
      <Section id="industries" tone="muted" {...c.industries}>
        <FeatureGrid items={c.industryList} columns={4} />
      </Section>
      <Section id="benefits" {...c.benefitsHeading}>
        <CheckColumns columns={c.benefits} />
      </Section>
      <BlockSplit id="sports" block={c.sports} tone="muted" reverse />
      <BadgeBanner icon={Award} eyebrow={c.supplier.eyebrow} title={c.supplier.title}>
        <p>{c.supplier.intro}</p>
      </BadgeBanner>
      <Testimonials />
      <ContactForm page="/business-fleets-trucking-and-construction-companies" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
