import { DeferredZipCheck, Testimonials } from "~/components/deferred-parts";
import { QuoteForms } from "~/components/forms/quote-forms";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { FeatureGrid } from "~/components/ui/feature-grid";
import { getafleet as c } from "~/content/pages/getafleet";
import { QUOTE_FORM_TYPE } from "~/lib/forms/kinds/quote-short";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/getafleet");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero path="/getafleet" eyebrow={c.hero.eyebrow} intro={c.hero.intro} />
      <QuoteForms />
      <Section id="service-area" align="left" title="Do we deliver to you?" intro="Check your ZIP code before you ask for a quote.">
        <DeferredZipCheck type={QUOTE_FORM_TYPE} />
      </Section>
      <Section id="community-partners" tone="muted" {...c.partners}>
        <FeatureGrid items={c.partnerList} />
      </Section>
      <Testimonials />
    </>
  );
}
