import { TeamGrid } from "~/ui/blocks/team-grid";
import { ContactForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { FeatureGrid } from "~/ui/widgets/feature-grid";
import { leadership as c } from "~/copy/pages/leadership";
import { values } from "~/copy/pages/values";
import { teamGroups } from "~/copy/team";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/leadership-team";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow={c.hero.eyebrow} intro={c.hero.intro} />
      <Section id="mission" tone="brand" {...c.mission} />
      <Section id="values" {...c.values}>
        <FeatureGrid items={values} columns={4} />
      </Section>
      {teamGroups.map((group, i) => (
        <Section key={group.id} id={group.id} title={group.title} intro={group.intro} tone={i % 2 === 0 ? "muted" : "plain"}>
          <TeamGrid members={group.members} />
        </Section>
      ))}
      <ContactForm page="/leaderShip-team" title={c.form.title} intro={c.form.intro} />
    </>
  );
}
