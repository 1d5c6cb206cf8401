import { ArrowRight, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { BlockSplit } from "~/ui/blocks/block-split";
import { Notice } from "~/ui/blocks/notice";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { brand } from "~/copy/brand";
import { fuelingTheFuture as c } from "~/copy/pages/fueling-the-future";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/fueling-the-future";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

function FoundationLink({ className }: { className: string }) {
  return (
    <a href={brand.foundation.url} target="_blank" rel="noopener" className={className}>
      Visit the {brand.foundation.name}
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className="size-4" />
    </a>
  );
}

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} actions={<FoundationLink className="btn-primary" />} />
      <BlockSplit id="foundation" block={c.foundation} />
      <Section id="stem" tone="muted" {...c.stem}>
        <FeatureGrid items={c.programmes} />
      </Section>
      <Section id="launch">
        <Notice title={c.launch.title}>
          <p>{c.launch.body}</p>
          <p className="mt-3">
            <FoundationLink className="link inline-flex min-h-6 items-center gap-1" />
          </p>
        </Notice>
      </Section>
      <BlockSplit
        id="charge"
        block={c.charge}
        reverse
        tone="muted"
        actions={
          <Link to="/chargeitup" className="btn-secondary">
            Discover {brand.charge.name} <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        }
      />
      <ContactForm page="/fueling-the-future" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
