import { type ComponentType, lazy, memo, Suspense, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";

/**
 * Hydration on approach. A part wrapped by `deferred` is server-rendered like the rest of
 * the page, but in the browser its code loads, and the part comes alive, only when it gets
 * within `NEAR_PX` of the viewport. Until then React leaves its server HTML alone (an
 * element whose inner HTML React does not manage), so nothing moves, links and forms work
 * without JavaScript, and re-renders of the page (a hash link, a revalidation) cannot touch
 * it. Then the part is rendered in one synchronous commit over identical markup, taking
 * over what was typed and where focus was. After the first page, client navigations render
 * the part as soon as its code is there.
 */
const NEAR_PX = 800;

const inBrowser = typeof document !== "undefined";
const noSubscription = () => () => {};
/** True while React hydrates server HTML (it reads the server snapshot then), false after. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

const FIELDS = "input, select, textarea";
const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/** What the visitor did to the server HTML: field values and focus, by position. */
function captureState(box: HTMLElement) {
  const values = [...box.querySelectorAll<HTMLInputElement>(FIELDS)].map((f) => (f.type === "hidden" ? null : f.value));
  const focused = [...box.querySelectorAll(FOCUSABLE)].indexOf(document.activeElement as Element);
  return { values, focused };
}

function restoreState(box: HTMLElement, { values, focused }: ReturnType<typeof captureState>) {
  box.querySelectorAll<HTMLInputElement>(FIELDS).forEach((f, i) => {
    const v = values[i];
    if (v && f.type !== "hidden" && f.value !== v) f.value = v;
  });
  if (focused >= 0) box.querySelectorAll<HTMLElement>(FOCUSABLE)[focused]?.focus();
}

export interface DeferredOptions {
  /**
   * "near" (the default): the code loads as the part nears the viewport. "used": only when
   * the visitor points at it or moves focus into it, for a part on the first screen whose
   * server HTML works without its code (a GET form), so the page's first load carries none.
   */
  when?: "near" | "used";
}

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, { when = "near" }: DeferredOptions = {}): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchPart = () => load().then((C) => (loaded = C));
  // The server renders the part itself (completed boundaries are written in place); the
  // browser's bundle carries none of this.
  const ServerPart = import.meta.env.SSR ? lazy(() => fetchPart().then((C) => ({ default: C }))) : null;

  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, never during a render
  function Deferred(props: P) {
    const hydrating = useHydrating();
    const [keepServerHtml] = useState(() => inBrowser && hydrating);
    const [Part, setPart] = useState<ComponentType<P> | undefined>(() => (keepServerHtml ? undefined : loaded));
    const box = useRef<HTMLDivElement>(null);
    const carried = useRef<ReturnType<typeof captureState> | null>(null);

    useEffect(() => {
      if (Part) return;
      let done = false;
      const start = () =>
        fetchPart().then((C) => {
          if (done) return;
          const el = box.current;
          if (el && keepServerHtml) carried.current = captureState(el);
          flushSync(() => setPart(() => C));
        });
      const el = box.current;
      if (!keepServerHtml || !el || typeof IntersectionObserver === "undefined") {
        start();
        return () => {
          done = true;
        };
      }
      if (when === "used") {
        const used = () => {
          el.removeEventListener("focusin", used);
          el.removeEventListener("pointerenter", used);
          start();
        };
        el.addEventListener("focusin", used);
        el.addEventListener("pointerenter", used);
        return () => {
          done = true;
          el.removeEventListener("focusin", used);
          el.removeEventListener("pointerenter", used);
        };
      }
      const io = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            io.disconnect();
            start();
          }
        },
        { rootMargin: `${NEAR_PX}px 0px` },
      );
      io.observe(el);
      return () => {
        done = true;
        io.disconnect();
      };
    }, [Part, keepServerHtml]);

    useLayoutEffect(() => {
      if (Part && carried.current && box.current) restoreState(box.current, carried.current);
      carried.current = null;
    }, [Part]);

    // data-deferred marks server HTML whose code has not run yet: the inline scripts of
    // app/shared/paint-first.ts leave presses and fields there for the part to take over.
    if (import.meta.env.SSR) {
      return (
        <div data-deferred="">
          <Suspense fallback={null}>{ServerPart && <ServerPart {...props} />}</Suspense>
        </div>
      );
    }
    if (!Part) {
      // Empty inner HTML that never changes: React neither hydrates nor replaces what the
      // server put here.
      return keepServerHtml ? (
        <div key="server" ref={box} data-deferred="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      ) : (
        <div ref={box} />
      );
    }
    return (
      <div key="live" ref={box}>
        <Part {...props} />
      </div>
    );
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}
