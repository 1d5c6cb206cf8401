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

declare global {
  interface Document {
    /** Fields left while no React code managed them: id → value (see `paintFirst`). */
    fwBlurred?: Record<string, string>;
    /** A `performance.now()` time no long step may start just before (see `paintFirst`). */
    fwQuietAt?: number;
  }
}

/**
 * The inline scripts are real functions, type-checked and linted with the app, and sent
 * as their source text: `(function …)()`. So each must be self-contained: only browser
 * globals, no imports, no module-level names. (Vite's development server rewrites the
 * `import()` below; in development the scripts are not made inert, so it never runs.)
 * React's state reaches them through documented ground only: `<html data-hydrated>`,
 * which the root layout sets once React has hydrated the page, and `data-deferred` on the
 * server HTML of a part whose code has not run yet (app/ui/widgets/deferred.tsx).
 * Indentation is dropped from the text (no string in them spans lines).
 */
export const asInlineScript = (fn: () => void): string => `(${fn.toString().replace(/\n\s+/g, "\n")})();`;

/**
 * Runs at the end of the body (hashed or nonced like React Router's scripts).
 * Each step runs in a task of its own (a message to itself: a macrotask no fake timer
 * holds back) so no single task blocks the main thread for long:
 * the preloads are switched on four at a time, the preloaded modules are then evaluated
 * one by one (last first, so each brings little with it), and the hydration script goes
 * last. The module the hydration script imports itself
 * (`entry.client`, which hydrates as it loads) is left to it.
 *
 * Presses made before React has the page are kept by `earlyPress`, in the head.
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
export function paintFirst(): void {
  const d = document;
  let on = false;
  const channel = new MessageChannel();
  const next: (() => void)[] = [];
  channel.port1.onmessage = () => next.shift()?.();
  function later(step: () => void): void {
    const quiet = (d.fwQuietAt ?? Number.NaN) - performance.now();
    if (quiet > -50 && quiet < 600) {
      setTimeout(() => later(step), quiet + 50);
      return;
    }
    next.push(step);
    channel.port2.postMessage(0);
  }
  function go(): void {
    if (on) return;
    on = true;
    const mods = d.querySelectorAll<HTMLScriptElement>('script[type="text/x-module"]');
    const links = d.querySelectorAll<HTMLLinkElement>('link[rel="x-modulepreload"]');
    const entry: string[] = [];
    const urls: string[] = [];
    let k = 0;
    for (const script of mods) {
      const m = /import\("([^"]+)"\)/.exec(script.textContent ?? "");
      if (m?.[1]) entry.push(new URL(m[1], location.href).href);
    }
    function flip(): void {
      for (let n = 0; n < 4 && k < links.length; n++) {
        const link = links[k++] as HTMLLinkElement;
        link.rel = "modulepreload";
        if (!entry.includes(link.href)) urls.push(link.href);
      }
      later(k < links.length ? flip : load);
    }
    function load(): void {
      const url = urls.pop();
      if (url) {
        import(/* @vite-ignore */ url).then(
          () => later(load),
          () => later(load),
        );
        return;
      }
      for (const script of mods) {
        const s = d.createElement("script");
        s.type = "module";
        s.nonce = script.nonce;
        s.textContent = script.textContent;
        d.head.appendChild(s);
      }
    }
    flip();
  }
  const blurred: Record<string, string> = {};
  d.fwBlurred = blurred;
  d.addEventListener(
    "focusout",
    (e) => {
      const t = e.target;
      if (!(t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) || !t.id) return;
      const managed = d.documentElement.dataset.hydrated === "true" && !t.closest("[data-deferred]");
      if (!managed) blurred[t.id] = t.value;
    },
    true,
  );
  if (d.visibilityState !== "visible") {
    go();
    return;
  }
  const P = window.PerformanceObserver;
  if (P?.supportedEntryTypes?.includes("paint")) {
    new P((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        go();
      }
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
  }
}

/**
 * Runs in the head, so it listens from the first byte of the body on (a slow phone shows
 * the header long before the end of the page, and its scripts, arrive).
 * Until React has hydrated a script-driven button (`type="button"`: the menu, the theme
 * toggle, an FAQ answer, a tab), a press on it does nothing: nothing listens yet, and a
 * press during hydration is not handled either (React does not replay it). Links and
 * form posts work without script. So such presses are noted (five at most, one per
 * button) and pressed again, in order, as soon as React has that button: the page is
 * hydrated (`<html data-hydrated>`) and the button is not in a part still waiting for its
 * code (`data-deferred`). Until then the pressed button shows that it was heard
 * (`data-pressed`: dimmed, a progress cursor). Noted presses are dropped after 20 s if
 * the scripts never come.
 */
export function earlyPress(): void {
  const d = document;
  let early: HTMLButtonElement[] = [];
  let polls = 0;
  const live = (b: Element) => d.documentElement.dataset.hydrated === "true" && !b.closest("[data-deferred]");
  function replay(): void {
    for (let b = early[0]; b && (!b.isConnected || live(b)); b = early[0]) {
      early.shift();
      b.removeAttribute("data-pressed");
      if (b.isConnected) b.click();
    }
    if (!early.length) return;
    if (++polls < 400) {
      setTimeout(replay, 50);
      return;
    }
    for (const b of early) b.removeAttribute("data-pressed");
    early = [];
  }
  function note(e: MouseEvent): void {
    if (!e.isTrusted || !(e.target instanceof Element)) return;
    const b = e.target.closest<HTMLButtonElement>('button[type="button"]');
    if (!b || live(b)) return;
    if (early.length < 5 && !early.includes(b)) {
      b.setAttribute("data-pressed", "");
      e.preventDefault();
      if (early.push(b) === 1) {
        polls = 0;
        replay();
      }
    }
  }
  d.addEventListener("click", note, true);
}

/** The inline scripts' text (the server's HTML only; see app/root.tsx). */
export const paintFirstScript = /* @__PURE__ */ asInlineScript(paintFirst);
export const earlyPressScript = /* @__PURE__ */ asInlineScript(earlyPress);
