import { ExternalLink } from "lucide-react";
import { BlockSplit } from "~/ui/blocks/block-split";
import { ContactForm, NewsletterForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { brand } from "~/copy/brand";
import { careers as c } from "~/copy/pages/careers";
import { values } from "~/copy/pages/values";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/careers";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

function OpenRoles({ className }: { className: string }) {
  return (
    <a href={brand.careersUrl} target="_blank" rel="noopener" className={className}>
      See open roles<span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className="size-4" />
    </a>
  );
}

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} actions={<OpenRoles className="btn-primary" />} />
      <Section id="open-roles" {...c.openings}>
        <FeatureGrid items={c.teams} />
        <p className="mt-10 text-center">
          <OpenRoles className="btn-primary" />
        </p>
      </Section>
      <BlockSplit id="fuel-technicians" block={c.technician} tone="muted" />
      <Section id="values" {...c.values}>
        <FeatureGrid items={values} columns={4} />
      </Section>
      <Section id="benefits" tone="muted" {...c.benefits}>
        <FeatureGrid items={c.benefitList} columns={4} />
      </Section>
      <NewsletterForm type={3} />
      <ContactForm page="/careers" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
