import { Figures } from "~/ui/blocks/figures";
import { Notice } from "~/ui/blocks/notice";
import { Co2Calculator } from "~/ui/calculators/co2-calculator";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { environmentalImpact as c } from "~/copy/pages/environmental-impact";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/environmental-impact";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="facts" {...c.facts}>
        <Figures items={c.factList} />
      </Section>
      <Section id="calculator" tone="muted" {...c.calculator}>
        <Co2Calculator />
      </Section>
      <Section id="how" {...c.how}>
        <FeatureGrid items={c.howList} columns={4} />
      </Section>
      <Section id="rewards" tone="muted">
        <Notice title={c.rewards.title}>
          <p>{c.rewards.body}</p>
        </Notice>
      </Section>
      <ContactForm page="/environmental-impact" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
