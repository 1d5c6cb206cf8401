/**
 * Where the visitor came from, recorded once per browser tab (sessionStorage, no cookie):
 * the landing page, the referrer's host and the utm_* parameters of the first page of the
 * visit. Sent with every form as `attribution`; the server keeps what is plausible.
 */
const KEY = "first-touch";
const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

export function firstTouch(): Record<string, string> | undefined {
  try {
    const kept = sessionStorage.getItem(KEY);
    if (kept) return JSON.parse(kept);
    const url = new URL(location.href);
    const touch: Record<string, string> = { landingPage: url.pathname };
    const ref = document.referrer && new URL(document.referrer).hostname;
    if (ref && ref !== url.hostname) touch.referrerHost = ref;
    for (const k of UTM) {
      const v = url.searchParams.get(k);
      if (v) touch[k] = v.slice(0, 300);
    }
    sessionStorage.setItem(KEY, JSON.stringify(touch));
    return touch;
  } catch {
    // Storage off (private mode, a sandbox): the lead goes without it.
    return undefined;
  }
}
