import { Link, useActionData } from "react-router";
import { CardLeadForm, ContactForm, DeferredZipCheck, FleetSignupForm } from "~/site/deferred-parts";
import { PageHero } from "~/ui/layout/page-hero";
import { Section } from "~/ui/layout/section";
import { LocationsMap } from "~/ui/map/locations-map";
import { Accordion } from "~/ui/widgets/accordion";
import { StoreBadges } from "~/ui/widgets/store-badges";
import { type FaqEmbed, type FaqItem, faqGroups, faqItems } from "~/copy/faq";
import { useNonce } from "~/ui/nonce";
import { pageMeta } from "~/shared/seo";
import { formTypeFor } from "~/features/leads/forms/form-types";
import { page } from "~/copy/page-info/faq";

export const meta = () => pageMeta(page);
export { formAction as action } from "~/features/leads/form-action.server";

/** schema.org FAQPage data for search engines, from the same answers the page shows. */
function faqJsonLd(items: FaqItem[]): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.title,
      acceptedAnswer: { "@type": "Answer", text: item.description.join(" ") },
    })),
  };
  // "<" escaped so an answer can never close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** The ids of the forms two answers embed: an answer whose form the page action answered comes back open. */
const embeddedForms = { "fleet-signup": "faq-fleet-signup", contact: "faq-question-form" } as const;
const formOf = (embed?: FaqEmbed): string | undefined => (embed === "fleet-signup" || embed === "contact" ? embeddedForms[embed] : undefined);

/** The shared pieces some answers embed (spec 2.4). */
function Embed({ kind }: { kind: FaqEmbed }) {
  switch (kind) {
    case "store-badges":
      return <StoreBadges className="mt-4" />;
    case "map":
      return (
        <div className="mt-4">
          <LocationsMap />
        </div>
      );
    case "fleet-signup":
      return <FleetSignupForm id={embeddedForms["fleet-signup"]} />;
    case "contact":
      return <CardLeadForm className="mt-4" page="/faq" id={embeddedForms.contact} label="Ask us a question" />;
    case "zip-check":
      return <DeferredZipCheck type={formTypeFor("/faq")} className="mt-4" />;
  }
}

function Answer({ item }: { item: FaqItem }) {
  return (
    <>
      {item.description.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {item.links && (
        <p className="flex flex-wrap gap-x-5 gap-y-1">
          {item.links.map((l) => (
            <Link key={l.to} to={l.to} className="link inline-flex min-h-6 items-center">
              {l.label}
            </Link>
          ))}
        </p>
      )}
      {item.embed && <Embed kind={item.embed} />}
    </>
  );
}

export default function Page() {
  const nonce = useNonce();
  const answered = (useActionData() as { formId?: unknown } | undefined)?.formId;
  const answeredIn = (items: FaqItem[]) => items.findIndex((item) => answered && formOf(item.embed) === answered);
  return (
    <>
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: faqJsonLd(faqItems) }} />
      <PageHero
        page={page}
        eyebrow="Help centre"
        intro={`${faqItems.length} answers about deliveries, payments, safety, fleets and our software. Can't find yours? Ask us at the bottom of the page.`}
      />
      <Section>
        <nav aria-label="FAQ topics" className="mx-auto mb-12 max-w-3xl">
          <ul className="flex flex-wrap justify-center gap-2">
            {faqGroups.map((g) => (
              <li key={g.id}>
                <a href={`#${g.id}`} className="btn-secondary">
                  {g.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mx-auto max-w-3xl space-y-12">
          {faqGroups.map((group, i) => (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`}>
              <h2 id={`${group.id}-title`} className="mb-5 text-2xl font-extrabold tracking-tight">
                {group.title}
              </h2>
              <Accordion
                items={group.items.map((item) => ({ id: item.id, title: item.title, content: <Answer item={item} /> }))}
                defaultOpen={answeredIn(group.items) >= 0 ? answeredIn(group.items) : i === 0 ? 0 : -1}
              />
            </section>
          ))}
        </div>
      </Section>
      <ContactForm page="/faq" />
    </>
  );
}
