import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { BROWSER_ZONE_COOKIE, formatInZone } from "~/shared/zoned-time";

/**
 * Every time the desk shows, in the signed-in member's zone (their setting in "Your
 * account"), or, when they chose none, in the browser's: the page keeps the browser's zone
 * in a cookie the server reads, so only the very first page renders UTC (named) and
 * switches once it runs. The text keeps
 * its length and shape, so nothing moves.
 */

const ZoneContext = createContext<string | null>(null);

/** The browser's own zone, known only once the page runs (null on the server and on the first render). */
export function useBrowserTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null), []);
  return zone;
}

/** Wraps the desk's pages: `zone` is the member's setting (null for the browser's). */
export function DeskTimeZone({ zone, children }: { zone: string | null; children: ReactNode }) {
  const browser = useBrowserTimeZone();
  // The server reads it on the next request, so a member who chose no zone sees their own from the first render.
  useEffect(() => {
    if (!browser) return;
    const secure = location.protocol === "https:" ? "; secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: one small cookie once per page; the Cookie Store API is missing from some browsers the desk supports
    document.cookie = `${BROWSER_ZONE_COOKIE}=${encodeURIComponent(browser)}; path=/desk; max-age=31536000; samesite=lax${secure}`;
  }, [browser]);
  return <ZoneContext.Provider value={zone ?? browser ?? "UTC"}>{children}</ZoneContext.Provider>;
}

/** The zone the desk's times are shown in now. */
export const useDeskTimeZone = () => useContext(ZoneContext) ?? "UTC";

/** A stored ISO time as the desk shows it: "Nov 23, 2026, 8:11 AM EST", in a `<time>` element. */
export function When({ iso, className }: { iso: string | null | undefined; className?: string }) {
  const zone = useDeskTimeZone();
  if (!iso) return null;
  return (
    <time dateTime={iso} className={className ?? "whitespace-nowrap"}>
      {formatInZone(iso, zone)}
    </time>
  );
}
