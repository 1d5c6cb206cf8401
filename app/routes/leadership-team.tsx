import { TeamGrid } from "~/components/pages/team-grid";
import { ContactForm } from "~/components/deferred-parts";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { FeatureGrid } from "~/components/ui/feature-grid";
import { leadership as c } from "~/content/pages/leadership";
import { values } from "~/content/pages/values";
import { teamGroups } from "~/content/team";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/leaderShip-team");
export { formAction as action } from "~/server/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero path="/leaderShip-team" eyebrow={c.hero.eyebrow} intro={c.hero.intro} />
      <Section id="mission" tone="brand" {...c.mission} />
      <Section id="values" {...c.values}>
        <FeatureGrid items={values} columns={4} />
      </Section>
      {teamGroups.map((group, i) => (
        <Section key={group.id} id={group.id} title={group.title} intro={group.intro} tone={i % 2 === 0 ? "muted" : "plain"}>
          <TeamGrid members={group.members} />
        </Section>
      ))}
      <ContactForm type={3} title={c.form.title} intro={c.form.intro} />
    </>
  );
}
