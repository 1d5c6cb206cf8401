import { CheckList } from "~/ui/blocks/check-list";
import { LinkCards } from "~/ui/blocks/link-cards";
import { TruckPanel } from "~/ui/blocks/truck-panel";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { Tabs } from "~/ui/widgets/tabs";
import { guiFleet as c, trucks } from "~/copy/pages/gui-fleet";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/gui-fleet";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
      <Section id="trucks" {...c.trucks}>
        <div className="text-center">
          <Tabs label="Truck sizes" tabs={trucks.map((t) => ({ id: t.id, label: t.label, content: <TruckPanel truck={t} /> }))} />
        </div>
      </Section>
      <Section id="built-to-serve" tone="brand" {...c.builtToServe}>
        <CheckList items={c.safetyItems} className="mx-auto grid max-w-5xl gap-4 text-brand-50 md:grid-cols-2 md:space-y-0 [&_svg]:text-brand-300" />
      </Section>
      <Section id="fuel-types" {...c.fuels}>
        <LinkCards items={c.fuelCards} />
      </Section>
      <ContactForm page="/gui-fleet" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
