import { BlockSplit } from "~/components/pages/block-split";
import { CheckColumns } from "~/components/pages/check-list";
import { ContactForm } from "~/components/deferred-parts";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { FeatureGrid } from "~/components/ui/feature-grid";
import { dieselOnDemand as c } from "~/content/pages/diesel-on-demand";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/diesel-on-demand");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero path="/diesel-on-demand" eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
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
      <ContactForm type={8} title={c.form.title} intro={c.form.intro} />
    </>
  );
}
