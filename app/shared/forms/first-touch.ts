/**
 * Where the visitor came from, recorded once per browser tab (sessionStorage, no cookie):
 * the landing page, the referrer's host and the utm_* parameters of the first page of the
 * visit. Sent with every form as `attribution`; the server keeps what is plausible.
 */
const KEY = "first-touch";

/** The hidden field a form posted without JavaScript carries the first touch in (form-action.server.ts). */
export const ATTRIBUTION_INPUT = "_attribution";

/**
 * Inline in <head> (server HTML only, allowed by hash or nonce like the theme script): it
 * records the first page of the visit before any script or client-side navigation runs,
 * and costs the page no JavaScript request. A site form that the browser itself submits
 * (before its code has loaded, or with the bundles blocked) gets the record as a hidden
 * field: the listener runs after React's, so a form React sends (with `attribution` in
 * its JSON) is left alone, and the browser reads the form's fields only after the event.
 */
export const firstTouchScript = `(function(){try{var s=sessionStorage;if(!s.getItem("${KEY}")){var u=new URL(location.href),t={landingPage:u.pathname},r=document.referrer&&new URL(document.referrer).hostname;if(r&&r!==u.hostname)t.referrerHost=r;["utm_source","utm_medium","utm_campaign","utm_term","utm_content"].forEach(function(k){var v=u.searchParams.get(k);if(v)t[k]=v.slice(0,300)});s.setItem("${KEY}",JSON.stringify(t))}addEventListener("submit",function(e){try{var f=e.target,v=s.getItem("${KEY}");if(e.defaultPrevented||!v||!f.querySelector("input[name=_form]")||f.querySelector("input[name=${ATTRIBUTION_INPUT}]"))return;var i=document.createElement("input");i.type="hidden";i.name="${ATTRIBUTION_INPUT}";i.value=v;f.appendChild(i)}catch(_){}})}catch(_){}})();`;

/** What the head script recorded for this tab, if anything (storage may be off). */
export function firstTouch(): Record<string, string> | undefined {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
}
