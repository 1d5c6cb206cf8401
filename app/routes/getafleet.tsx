import { Testimonials, ZipCheckWhenUsed } from "~/site/deferred-parts";
import { QuoteForms } from "~/features/leads/components/quote-forms";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { getafleet as c } from "~/copy/pages/getafleet";
import { QUOTE_FORM_TYPE } from "~/features/leads/forms/kinds/quote-short";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/getafleet";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} />
      <Section id="service-area" align="left" title="Do we deliver to you?" intro="Check your ZIP code before you ask for a quote.">
        <ZipCheckWhenUsed type={QUOTE_FORM_TYPE} titleId="service-area-title" quoteHref="#quote" />
      </Section>
      <QuoteForms />
      <Section id="community-partners" tone="muted" {...c.partners}>
        <FeatureGrid items={c.partnerList} />
      </Section>
      <Testimonials />
    </>
  );
}
