/**
 * Where the visitor came from, recorded once per browser tab (sessionStorage, no cookie):
 * the landing page, the referrer's host and the utm_* parameters of the first page of the
 * visit. Sent with every form as `attribution`; the server keeps what is plausible.
 */
const KEY = "first-touch";

/**
 * Inline in <head> (server HTML only, allowed by hash or nonce like the theme script): it
 * records the first page of the visit before any script or client-side navigation runs,
 * and costs the page no JavaScript request.
 */
export const firstTouchScript = `(function(){try{var s=sessionStorage;if(s.getItem("${KEY}"))return;var u=new URL(location.href),t={landingPage:u.pathname},r=document.referrer&&new URL(document.referrer).hostname;if(r&&r!==u.hostname)t.referrerHost=r;["utm_source","utm_medium","utm_campaign","utm_term","utm_content"].forEach(function(k){var v=u.searchParams.get(k);if(v)t[k]=v.slice(0,300)});s.setItem("${KEY}",JSON.stringify(t))}catch(_){}})();`;

/** What the head script recorded for this tab, if anything (storage may be off). */
export function firstTouch(): Record<string, string> | undefined {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
}
