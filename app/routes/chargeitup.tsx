import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ChargeTabPanel } from "~/ui/blocks/charge-tab";
import { Notice } from "~/ui/blocks/notice";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { Tabs } from "~/ui/widgets/tabs";
import { chargeitup as c } from "~/copy/pages/chargeitup";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/chargeitup";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

function LearnMore({ className }: { className: string }) {
  return (
    <Link to="/getafleet" className={className}>
      Learn More<span className="sr-only"> about charging for fleets</span> <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} actions={<LearnMore className="btn-primary" />} />
      <Section id="launch" className="pb-0! sm:pb-0!">
        <Notice title={c.launch.title}>
          <p>{c.launch.body}</p>
        </Notice>
      </Section>
      <Section id="offer" {...c.offer}>
        <div className="text-center">
          <Tabs label="Charging options" tabs={c.tabs.map((t) => ({ id: t.id, label: t.label, content: <ChargeTabPanel tab={t} /> }))} />
        </div>
      </Section>
      <Section id="why" tone="muted" {...c.why}>
        <FeatureGrid items={c.whyList} />
      </Section>
      <Section id="fleets" title={c.fleets.title} intro={c.fleets.body}>
        <p className="text-center">
          <LearnMore className="btn-primary" />
        </p>
      </Section>
      <ContactForm page="/chargeitup" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
