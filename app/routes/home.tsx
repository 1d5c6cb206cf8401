import { ContactForm, NewsletterForm } from "~/site/deferred-parts";
import { Section } from "~/ui/layout/section";
import { EvSection, HomeMore, HomeVideo, LocationsMap, PartnerLogos, Stepper, TrustedByCarousel } from "~/site/home/home-parts";
import { HomeBenefits, HomeHero } from "~/site/home/home-sections";
import { HomePopup } from "~/site/home/home-popup";
import { home } from "~/copy/home";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/home";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

/** Home (spec 2.3), in the order the specification lists its parts. */
export default function Page() {
  return (
    <>
      <HomePopup />
      <HomeHero />
      <HomeVideo />
      <PartnerLogos />
      <Section id="how-it-works" eyebrow={home.stepper.eyebrow} title={home.stepper.title}>
        <Stepper />
      </Section>
      <HomeBenefits />
      <TrustedByCarousel />
      <Section id="locations" eyebrow={home.map.eyebrow} title={home.map.title} intro={home.map.intro} tone="muted">
        <LocationsMap />
      </Section>
      <EvSection />
      <HomeMore />
      <NewsletterForm type={4} />
      <ContactForm page="/" />
    </>
  );
}
