import { ExternalLink } from "lucide-react";
import { LegalDocument } from "~/ui/blocks/legal-document";
import { PageHero } from "~/ui/layout/page-hero";
import { termsIntro, termsLastUpdated, termsSections } from "~/copy/legal/terms";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/terms";

export const meta = () => pageMeta(page);

export default function Page() {
  return (
    <>
      <PageHero page={page} eyebrow="Legal" intro={<p>Last Updated {termsLastUpdated}</p>} />
      <LegalDocument intro={termsIntro} sections={termsSections}>
        <p>
          How we handle your personal information is explained in our{" "}
          <a href="/privacy-policy" target="_blank" rel="noopener" className="link inline-flex items-center gap-1">
            Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
          , which forms part of these Terms.
        </p>
      </LegalDocument>
    </>
  );
}
