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
 * `type="x-module"`) and `paintFirstScript`, at the end of the body, switches them on once
 * the first frame is on screen (two animation frames on): all preloads at once (no import
 * waterfall), then the
 * same module script. A background tab never paints, so there it switches them on at once.
 * The module script's text is unchanged, so its CSP hash or nonce still allows it.
 */

const PRELOAD = '<link rel="modulepreload"';
const INERT_PRELOAD = '<link rel="x-modulepreload"';
const MODULE = '<script type="module"';
const INERT_MODULE = '<script type="x-module"';

/** Makes React Router's preloads and hydration script inert in a piece of HTML. */
export function makeHydrationInert(html: string): string {
  return html.replaceAll(PRELOAD, INERT_PRELOAD).replaceAll(MODULE, INERT_MODULE);
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
export const paintFirstScript = `(function(){function go(){var d=document;d.querySelectorAll('link[rel="x-modulepreload"]').forEach(function(l){l.rel="modulepreload"});d.querySelectorAll('script[type="x-module"]').forEach(function(o){var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;o.type="x-module-started";d.head.appendChild(s)})}if(document.visibilityState==="visible")requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});else go()})();`;
