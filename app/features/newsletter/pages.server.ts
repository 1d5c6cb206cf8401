import { brand } from "~/copy/brand";
import type { LinkPageView } from "~/features/newsletter/link-page-view";
import type { Services } from "~/platform/services.server";
import { confirmSubscription, newsletterLinks, subscriptionForToken, type TokenPurpose, unsubscribeAddress } from "./subscriptions.server";

/** Newsletter link pages are one visitor's own: never cached, never indexed. */
export const NEWSLETTER_PAGE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

export interface LinkPageAnswer {
  status: number;
  view: LinkPageView;
}

const SUBSCRIBE_AGAIN = { href: "/#newsletter", label: "Subscribe again on our home page" };

/** The answer to a link whose token is missing, cut short, or not one we made. */
function badLink(purpose: TokenPurpose, reason: "malformed" | "invalid"): LinkPageAnswer {
  const what = purpose === "confirm" ? "confirmation" : "unsubscribe";
  return reason === "malformed"
    ? {
        status: 400,
        view: {
          title: `This ${what} link is incomplete`,
          text: `Part of the link is missing; mail apps sometimes break long links in two. Copy the whole link from our e-mail into your browser's address bar, or write to ${brand.email} and we will do it for you.`,
        },
      }
    : {
        status: 404,
        view: {
          title: `We don't know this ${what} link`,
          text: `This link was not made by ${brand.name} for any subscription, or it was changed on the way. Nothing was changed. Use the link from our e-mail as it is, or write to ${brand.email}.`,
        },
      };
}

/**
 * GET /newsletter/confirm?token=…: a button, nothing more (a link scanner that opens the
 * page confirms nothing). POST: the button, which confirms the sign-up.
 */
export async function confirmPage(services: Services, request: Request): Promise<LinkPageAnswer> {
  const { db } = services;
  const check = await subscriptionForToken(db, new URL(request.url).searchParams.get("token"), "confirm");
  if (!check.ok) return badLink("confirm", check.reason);
  const sub = check.subscription;
  const post = request.method === "POST";
  const outcome = post ? await confirmSubscription(db, sub.id) : sub.status === "pending" ? null : sub.status === "subscribed" ? "already" : "unsubscribed";
  if (outcome === null) {
    return {
      status: 200,
      view: {
        title: "Confirm your subscription",
        text: `Press the button to get the ${brand.name} newsletter at ${sub.email}: news about fuel delivery in your area, new services and the odd offer, about once a month.`,
        button: "Confirm my subscription",
      },
    };
  }
  if (outcome === "unsubscribed") {
    return {
      status: 410,
      view: {
        title: "This confirmation link has expired",
        text: `${sub.email} was unsubscribed after this link was sent, so the link no longer confirms anything. To get the newsletter again, subscribe again and confirm the new e-mail.`,
        next: SUBSCRIBE_AGAIN,
      },
    };
  }
  // Relative: the page links to wherever it was opened.
  const { unsubscribe } = await newsletterLinks(db, "", sub);
  return {
    status: 200,
    view: {
      title: outcome === "confirmed" ? "Subscription confirmed" : "Already confirmed",
      text: `${sub.email} gets the ${brand.name} newsletter. Every issue has a link to unsubscribe with one click.`,
      next: { href: unsubscribe, label: "Changed your mind? Unsubscribe" },
    },
  };
}

/**
 * GET /newsletter/unsubscribe?token=…: one button. POST: unsubscribes the address, from
 * the button or from a mail client's one-click POST (RFC 8058: body
 * `List-Unsubscribe=One-Click`, no cookie), which needs nothing but the token; when a web
 * mail client sends it from its own page, with that Origin, one-click.server.ts answers it.
 */
export async function unsubscribePage(services: Services, request: Request): Promise<LinkPageAnswer> {
  const { db } = services;
  const params = new URL(request.url).searchParams;
  // The link in a preview or a test e-mail (mail.server.ts): a subscriber's own link goes here.
  if (params.get("sample") === "1" && !params.has("token")) {
    return {
      status: 200,
      view: {
        title: "This is a sample unsubscribe link",
        text: `It came in a test e-mail or a preview, made for no subscriber, so it changes nothing. In an issue as sent, each subscriber's own link here unsubscribes them with one click.`,
      },
    };
  }
  const check = await subscriptionForToken(db, params.get("token"), "unsubscribe");
  if (!check.ok) return badLink("unsubscribe", check.reason);
  const sub = check.subscription;
  if (request.method === "POST") {
    await unsubscribeAddress(db, sub.email);
    return {
      status: 200,
      view: {
        title: "You're unsubscribed",
        text: `${sub.email} will get no more newsletters from ${brand.name}. Messages about a request you send us still reach you.`,
        next: SUBSCRIBE_AGAIN,
      },
    };
  }
  if (sub.status === "unsubscribed") {
    return {
      status: 200,
      view: { title: "Already unsubscribed", text: `${sub.email} gets no newsletters from ${brand.name}.`, next: SUBSCRIBE_AGAIN },
    };
  }
  return {
    status: 200,
    view: {
      title: "Unsubscribe from the newsletter",
      text: `Press the button and ${sub.email} gets no more newsletters from ${brand.name}.`,
      button: "Unsubscribe",
    },
  };
}

/** The page of /newsletter/:step, or null for a step there is none of (a 404). */
export function newsletterLinkPage(services: Services, request: Request, step: string | undefined): Promise<LinkPageAnswer> | null {
  if (step === "confirm") return confirmPage(services, request);
  if (step === "unsubscribe") return unsubscribePage(services, request);
  return null;
}
