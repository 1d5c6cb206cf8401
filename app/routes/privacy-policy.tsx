import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { LegalDocument } from "~/ui/blocks/legal-document";
import { PageHero } from "~/ui/layout/page-hero";
import { privacyEffective, privacyIntro, privacySections } from "~/copy/legal/privacy";
import { pageMeta } from "~/shared/seo";
import { page } from "~/copy/page-info/privacy-policy";

export const meta = () => pageMeta(page);

export default function Page() {
  return (
    <>
      <nav aria-label="Breadcrumb" className="bg-gradient-to-r from-brand-50 via-white to-white dark:from-brand-950 dark:via-slate-950 dark:to-slate-950">
        <ol className="mx-auto flex max-w-7xl items-center gap-1 px-4 pt-6 text-sm text-slate-600 sm:px-6 dark:text-slate-400">
          <li>
            <Link to="/" className="link inline-flex min-h-6 items-center">
              Home
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-semibold text-slate-800 dark:text-slate-200">
            Privacy policy
          </li>
        </ol>
      </nav>
      <PageHero page={page} eyebrow="Legal" intro={<p>Effective {privacyEffective}</p>} />
      <LegalDocument intro={privacyIntro} sections={privacySections} />
    </>
  );
}
