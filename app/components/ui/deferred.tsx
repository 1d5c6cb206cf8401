import { type ComponentType, lazy, memo, type ReactNode, Suspense, use, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";

/**
 * Hydration on approach. A part wrapped by `deferred` is server-rendered like the rest of
 * the page, but in the browser its code loads, and the part hydrates, only when it comes
 * within `NEAR_PX` of the viewport. Until then its server HTML stays as it is (React keeps
 * a suspended boundary dehydrated), so nothing moves, and forms still post without
 * JavaScript. After the first page, client navigations render it at once.
 */
const NEAR_PX = 800;

const inBrowser = typeof document !== "undefined";
const noSubscription = () => () => {};
/** True while React hydrates server HTML (it reads the server snapshot then), false after. */
const useHydrating = () => useSyncExternalStore(noSubscription, () => false, () => true);

interface Gate {
  promise: Promise<void>;
  open: () => void;
  opened: boolean;
}
const gates = new Map<string, Gate>();
function gateFor(id: string): Gate {
  let gate = gates.get(id);
  if (!gate) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    const g: Gate = {
      promise,
      opened: false,
      open: () => {
        g.opened = true;
        resolve();
      },
    };
    gates.set(id, g);
    gate = g;
  }
  return gate;
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  const gate = gateFor(id);
  if (!gate.opened) use(gate.promise);
  return children;
}

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() => load().then((C) => ({ default: C })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, never during a render
  function Deferred(props: P) {
    const id = useId();
    const box = useRef<HTMLDivElement>(null);
    const hydrating = useHydrating();
    const [wait] = useState(() => inBrowser && hydrating);
    useEffect(() => {
      const el = box.current;
      const gate = gateFor(id);
      if (!wait || gate.opened) return;
      if (!el || typeof IntersectionObserver === "undefined") return gate.open();
      const io = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          gate.open();
        }
      }, { rootMargin: `${NEAR_PX}px 0px` });
      io.observe(el);
      return () => io.disconnect();
    }, [id, wait]);
    // The same element on every render: this part renders again when hydration ends (the
    // hook above), and a boundary still waiting must not receive an update, or React would
    // drop its server HTML and render it afresh.
    const part = useMemo(
      () => (
        <Suspense fallback={null}>
          {wait ? (
            <Gate id={id}>
              <Part {...props} />
            </Gate>
          ) : (
            <Part {...props} />
          )}
        </Suspense>
      ),
      [id, wait, props],
    );
    return <div ref={box}>{part}</div>;
  }
  // An unchanged part never re-renders, so a boundary still waiting is never forced to
  // render on the client (which would replace its server HTML).
  return memo(Deferred) as unknown as ComponentType<P>;
}
