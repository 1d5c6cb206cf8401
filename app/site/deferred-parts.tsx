import { deferred } from "~/ui/widgets/deferred";
import type { ComponentProps } from "react";
import type { Comments as CommentsPart } from "~/features/content/components/comments";
import type { ZipCheckProps } from "~/features/service-area/components/zip-check";

/**
 * Parts of pages that sit below the first screen, as pages use them: their code (the form
 * kit is ~11 KB gzipped, the carousel ~4 KB) loads when the visitor scrolls near them (or
 * opens the FAQ answer holding them), not with the page.
 */
export const ContactForm = deferred(() => import("~/features/leads/components/contact-form").then((m) => m.ContactForm));
export const NewsletterForm = deferred(() => import("~/features/newsletter/components/newsletter-form").then((m) => m.NewsletterForm));
export const CardLeadForm = deferred(() => import("~/features/leads/components/contact-form").then((m) => m.CardLeadForm));
export const FleetSignupForm = deferred<{ id?: string }>(() => import("~/features/leads/components/fleet-signup-form").then((m) => m.FleetSignupForm));
/** The detailed quote of /getafleet, far below its first screen (the quick quote comes with the page). */
export const QuoteBusinessForm = deferred<{ id?: string; labelledBy?: string }>(() =>
  import("~/features/leads/components/quote-business-form").then((m) => m.QuoteBusinessForm),
);
/** A post's comments and comment form, below the post. */
export const Comments = deferred<ComponentProps<typeof CommentsPart>>(() => import("~/features/content/components/comments").then((m) => m.Comments));
export const Testimonials = deferred(() => import("~/ui/carousel/testimonials").then((m) => m.Testimonials));
const loadZipCheck = () => import("~/features/service-area/components/zip-check").then((m) => m.ZipCheck);
/** The ZIP check where it is not on the first screen (the FAQ). */
export const DeferredZipCheck = deferred<ZipCheckProps>(loadZipCheck);
/**
 * The ZIP check of /getafleet, just below its hero: its code loads when the visitor points
 * at it or focuses it (until then it is the GET form answered by /service-area), so the
 * page's first load stays within its JavaScript budget.
 */
export const ZipCheckWhenUsed = deferred<ZipCheckProps>(loadZipCheck, { when: "used" });
