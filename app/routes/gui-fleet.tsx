import { CheckList } from "~/components/pages/check-list";
import { LinkCards } from "~/components/pages/link-cards";
import { TruckPanel } from "~/components/pages/truck-panel";
import { ContactForm } from "~/components/deferred-parts";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Tabs } from "~/components/ui/tabs";
import { guiFleet as c, trucks } from "~/content/pages/gui-fleet";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/gui-fleet");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero path="/gui-fleet" eyebrow={c.hero.eyebrow} intro={c.hero.intro} image={c.hero.image} />
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
      <ContactForm type={6} title={c.form.title} intro={c.form.intro} />
    </>
  );
}
