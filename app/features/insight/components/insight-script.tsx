import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { canonicalPath } from "~/copy/nav";
import { EVENTS_PATH, viewOf } from "../wire";

type Beacon = typeof import("../beacon");

/**
 * After the page has loaded, the insight script waits this long before it is fetched: the
 * page's own work is done by then, so counting costs its load nothing (bench:pages counts
 * the JavaScript fetched before the page is idle).
 */
const LOAD_AFTER_MS = 3000;

/**
 * Counts the public pages (decision record 031): nothing is fetched until a few seconds
 * after the page has loaded and the browser is idle, then the insight script (its own
 * chunk) counts this view and every later one; the form kit's events wait for it. A
 * visitor who leaves before then is counted by one beacon sent from here. Renders nothing.
 */
export function InsightScript() {
  const { pathname } = useLocation();
  const beacon = useRef<Beacon | null>(null);
  const seen = useRef<string | null>(null);

  useEffect(() => {
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      if (gone || beacon.current) return;
      import("../beacon")
        .then((b) => {
          if (gone || beacon.current) return;
          beacon.current = b;
          seen.current = canonicalPath(location.pathname);
          b.start(seen.current);
        })
        .catch(() => {});
    };
    const go = () => {
      const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
      timer = setTimeout(() => idle(load), LOAD_AFTER_MS);
    };
    // Leaving before the script came: this view alone.
    const early = () => {
      if (beacon.current || seen.current) return;
      seen.current = canonicalPath(location.pathname);
      navigator.sendBeacon(EVENTS_PATH, JSON.stringify({ ...viewOf(seen.current, true), e: [["view"]] }));
    };
    if (document.readyState === "complete") go();
    else addEventListener("load", go, { once: true });
    addEventListener("pagehide", early);
    return () => {
      gone = true;
      if (timer) clearTimeout(timer);
      removeEventListener("load", go);
      removeEventListener("pagehide", early);
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
