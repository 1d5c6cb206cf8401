import { SaasTab } from "~/site/saas-page";
import { Steps } from "~/ui/blocks/steps";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { Tabs } from "~/ui/widgets/tabs";
import { saasHome as c, saasProducts } from "~/copy/pages/saas";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/saas-home";

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
            Request a demo
          </a>
        }
      />
      <Section id="products" {...c.products}>
        <div className="text-center">
          <Tabs label="Fillway Cloud products" tabs={saasProducts.map((p) => ({ id: p.id, label: p.label, content: <SaasTab product={p} /> }))} />
        </div>
      </Section>
      <Section id="why" tone="muted" {...c.why}>
        <FeatureGrid items={c.whyList} columns={4} />
      </Section>
      <Section id="licensing" {...c.licensing}>
        <Steps steps={c.licensingSteps} />
      </Section>
      <ContactForm page="/saas/home" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
