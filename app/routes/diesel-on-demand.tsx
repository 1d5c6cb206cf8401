import { BlockSplit } from "~/ui/blocks/block-split";
import { CheckColumns } from "~/ui/blocks/check-list";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { dieselOnDemand as c } from "~/copy/pages/diesel-on-demand";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/diesel-on-demand";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="products" {...c.products}>
        <FeatureGrid items={c.productList} />
      </Section>
      <Section id="who" tone="muted" {...c.who}>
        <FeatureGrid items={c.whoList} columns={4} />
      </Section>
      <BlockSplit id="renewable" block={c.renewable} />
      <Section id="benefits" tone="muted" {...c.benefitsHeading}>
        <CheckColumns columns={c.benefits} />
      </Section>
      <ContactForm page="/diesel-on-demand" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
