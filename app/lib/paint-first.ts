/**
 * Paint first, then hydrate.
 *
 * React Router puts a `<link rel="modulepreload">` for every module of the page in the head
 * and starts hydration from an inline module script. On a slow phone those 110–130 KB of
 * JavaScript share the connection with the HTML and the stylesheet, so the first paint
 * waits for code it does not need: every page is complete HTML, links navigate and forms
 * post to their route actions without JavaScript.
 *
 * So in production the server sends both inert (`rel="x-modulepreload"`,
 * `type="x-module"`) and `paintFirstScript`, at the end of the body, switches them on when
 * the browser reports the first contentful paint (two animation frames on where it cannot):
 * all preloads at once (no import waterfall), then the same module script. A background
 * tab does not paint, so there it switches them on at once.
 * The module script's text is unchanged, so its CSP hash or nonce still allows it.
 */

const INERT: Record<string, string> = { 'rel="modulepreload"': 'rel="x-modulepreload"', 'type="module"': 'type="x-module"' };
const TAG = /<(?:link|script)\b[^>]*>/g;
const ATTRIBUTE = /\s(rel="modulepreload"|type="module")/;

/** Makes React Router's preloads and hydration script inert in a piece of HTML (whole tags). */
export function makeHydrationInert(html: string): string {
  return html.replace(TAG, (tag) => tag.replace(ATTRIBUTE, (_, attribute: string) => ` ${INERT[attribute]}`));
}

/**
 * Streams HTML through `makeHydrationInert`. A chunk may end inside a tag, so the text
 * after its last `<` waits for the next chunk when that tag is not closed yet.
 */
export function inertHydrationTransform(): TransformStream<string, string> {
  let carry = "";
  return new TransformStream({
    transform(chunk, controller) {
      const text = carry + chunk;
      const open = text.lastIndexOf("<");
      const cut = open !== -1 && text.indexOf(">", open) === -1 ? open : text.length;
      carry = text.slice(cut);
      if (cut > 0) controller.enqueue(makeHydrationInert(text.slice(0, cut)));
    },
    flush(controller) {
      if (carry) controller.enqueue(makeHydrationInert(carry));
    },
  });
}

/** Inline script placed after React Router's scripts (hashed or nonced like the others). */
export const paintFirstScript = `(function(){var d=document,on=0;function go(){if(on)return;on=1;d.querySelectorAll('link[rel="x-modulepreload"]').forEach(function(l){l.rel="modulepreload"});d.querySelectorAll('script[type="x-module"]').forEach(function(o){var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;d.head.appendChild(s)})}if(d.visibilityState!=="visible")return go();var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})})();`;
