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
 * `type="text/x-module"`) and `paintFirstScript`, at the end of the body, switches them on when
 * the browser reports the first contentful paint (two animation frames on where it cannot):
 * all preloads at once (no import waterfall), then the same module script. A background
 * tab does not paint, so there it switches them on at once.
 * The module script's text is unchanged, so its CSP hash or nonce still allows it.
 */

/**
 * The inert forms: an unknown link type, and a script type that is a MIME type but not
 * JavaScript (a data block, which valid HTML allows only without `async`).
 */
const INERT: Record<string, string> = { 'rel="modulepreload"': 'rel="x-modulepreload"', 'type="module"': 'type="text/x-module"' };
const TAG = /<(?:link|script)\b[^>]*>/g;
const ATTRIBUTE = /\s(rel="modulepreload"|type="module")/;
const ASYNC = /\sasync(?:="[^"]*")?(?=[\s/>])/;

/** Makes React Router's preloads and hydration script inert in a piece of HTML (whole tags). */
export function makeHydrationInert(html: string): string {
  return html.replace(TAG, (tag) => {
    const inert = tag.replace(ATTRIBUTE, (_, attribute: string) => ` ${INERT[attribute]}`);
    return inert === tag || !inert.startsWith("<script") ? inert : inert.replace(ASYNC, "");
  });
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

/**
 * Inline script placed after React Router's scripts (hashed or nonced like the others).
 * Each step runs in a task of its own (a message to itself: a macrotask no fake timer
 * holds back) so no single task blocks the main thread for long:
 * the preloads are switched on four at a time, the preloaded modules are then evaluated
 * one by one (last first, so each brings little with it), and the hydration script goes
 * last. The module the hydration script imports itself (`entry.client`, which hydrates
 * as it loads) is left to it.
 *
 * Presses made before React has the page are kept by `earlyPressScript`, in the head.
 *
 * A form below the first screen comes alive only as the visitor nears it (decision record
 * 003), so a field can be filled in and left before its code runs. The script notes the
 * fields left while no React code manages them (`document.fwBlurred`, id → value), and
 * the form kit treats them as touched when it takes the form over, showing their messages
 * at once.
 *
 * A page that must act at a precise moment (the home pop-up, 1 s after the load event)
 * sets `document.fwQuietAt` to it (a `performance.now()` time): no step starts in the
 * 600 ms before it, so no long task (hydration takes over half a second on a slow phone)
 * holds that moment back; the steps go on 50 ms after it.
 */
export const paintFirstScript = `(function(){
var d=document,on=0;
var ch=new MessageChannel(),next=[];ch.port1.onmessage=function(){next.shift()()};
function later(f){var q=d.fwQuietAt-performance.now();if(q>-50&&q<600)return setTimeout(function(){later(f)},q+50);next.push(f);ch.port2.postMessage(0)}
function go(){
if(on)return;on=1;
var mods=d.querySelectorAll('script[type="text/x-module"]'),links=d.querySelectorAll('link[rel="x-modulepreload"]'),entry=[],urls=[],k=0;
mods.forEach(function(o){var m=/import\\("([^"]+)"\\)/.exec(o.textContent);if(m)entry.push(new URL(m[1],location.href).href)});
function flip(){for(var n=0;n<4&&k<links.length;n++){var l=links[k++];l.rel="modulepreload";if(entry.indexOf(l.href)<0)urls.push(l.href)}later(k<links.length?flip:load)}
function load(){var u=urls.pop();if(u)import(u).then(function(){later(load)},function(){later(load)});else mods.forEach(function(o){var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;d.head.appendChild(s)})}
flip()}
var blurred=d.fwBlurred={};
d.addEventListener("focusout",function(e){var t=e.target;if(t&&t.id&&/^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)&&!Object.keys(t).some(function(k){return k.indexOf("__reactFiber")===0}))blurred[t.id]=t.value},true);
if(d.visibilityState!=="visible")return go();
var P=window.PerformanceObserver;
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});
else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})
})();`;

/**
 * Inline script in the head, so it listens from the first byte of the body on (a slow
 * phone shows the header long before the end of the page, and its scripts, arrive).
 * Until React has hydrated a script-driven button (`type="button"`: the menu, the theme
 * toggle, an FAQ answer, a tab), a press on it does nothing: nothing listens yet, and a
 * press during hydration is not handled either (React does not replay it). Links and
 * form posts work without script. So such presses are noted (five at most, one per
 * button) and pressed again, in order, as soon as React has hydrated that button (its
 * props are on the element). Until then the pressed button shows that it was heard
 * (`data-pressed`: dimmed, a progress cursor). Noted presses are dropped after 20 s if
 * the scripts never come.
 */
export const earlyPressScript = `(function(){
var d=document,early=[],polls=0;
function ours(b){return Object.keys(b).some(function(k){return k.indexOf("__reactProps")===0})}
function replay(){while(early.length&&(!early[0].isConnected||ours(early[0]))){var b=early.shift();b.removeAttribute("data-pressed");if(b.isConnected)b.click()}if(!early.length)return;if(++polls<400)setTimeout(replay,50);else{early.forEach(function(b){b.removeAttribute("data-pressed")});early=[]}}
function note(e){if(!e.isTrusted)return;var b=e.target&&e.target.closest&&e.target.closest('button[type="button"]');if(!b||ours(b))return;if(early.length<5&&early.indexOf(b)<0){b.setAttribute("data-pressed","");e.preventDefault();if(early.push(b)===1){polls=0;replay()}}}
d.addEventListener("click",note,true);
})();`;
