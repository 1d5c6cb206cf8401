import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { BlockSplit } from "~/ui/blocks/block-split";
import { CheckColumns } from "~/ui/blocks/check-list";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { gasoline as c } from "~/copy/pages/gasoline";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/gasoline";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="grades" {...c.grades}>
        <FeatureGrid items={c.gradeList} />
      </Section>
      <Section id="benefits" tone="muted" {...c.benefitsHeading}>
        <CheckColumns columns={c.benefits} />
      </Section>
      <BlockSplit
        id="retail"
        block={c.retail}
        reverse
        actions={
          <Link to="/retail-and-rurface-parking-lots" className="btn-secondary">
            Read More<span className="sr-only"> about retail and parking lots</span> <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        }
      />
      <ContactForm page="/gasoline" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
