import { BlockSplit } from "~/ui/blocks/block-split";
import { CheckColumns } from "~/ui/blocks/check-list";
import { Steps } from "~/ui/blocks/steps";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { campuses as c } from "~/copy/pages/campuses";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/campuses";

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
            Bring Fillway to your campus
          </a>
        }
      />
      <Section id="audiences" {...c.audiences}>
        <FeatureGrid items={c.audienceList} />
      </Section>
      <Section id="how-it-works" tone="muted" {...c.perk}>
        <Steps steps={c.perkSteps} />
      </Section>
      <Section id="benefits" {...c.benefitsHeading}>
        <CheckColumns columns={c.benefits} />
      </Section>
      <BlockSplit id="venues" block={c.venues} tone="muted" reverse />
      <Section id="future" {...c.future}>
        <FeatureGrid items={c.futureList} columns={4} />
      </Section>
      {/* The spec gives this page no form type; pageFormType gives it the business-fleet type 13 (business fields). */}
      <ContactForm page="/corporate-and-college-campuses-stadiums-and-arenas" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
