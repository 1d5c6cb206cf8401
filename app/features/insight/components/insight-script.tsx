import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { canonicalPath } from "~/copy/nav";

type Beacon = typeof import("../beacon");

/**
 * Counts the public pages (decision record 031): nothing is fetched until the page has
 * loaded and the browser is idle, then the insight script (its own chunk) counts this view
 * and every later one. Renders nothing.
 */
export function InsightScript() {
  const { pathname } = useLocation();
  const beacon = useRef<Beacon | null>(null);
  const seen = useRef<string | null>(null);

  useEffect(() => {
    let gone = false;
    const go = () => {
      const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
      idle(() => {
        import("../beacon")
          .then((b) => {
            if (gone) return;
            beacon.current = b;
            seen.current = canonicalPath(location.pathname);
            b.start(seen.current);
          })
          .catch(() => {});
      });
    };
    if (document.readyState === "complete") go();
    else addEventListener("load", go, { once: true });
    return () => {
      gone = true;
      removeEventListener("load", go);
    };
  }, []);

  useEffect(() => {
    const path = canonicalPath(pathname);
    if (beacon.current && seen.current !== path) {
      seen.current = path;
      beacon.current.pageView(path, false);
    }
  }, [pathname]);
  return null;
}
