/**
 * Conversion on the insight screen: the leads of a page, source or campaign divided by its
 * visits in the same period (a visit: one browser's first view of a day, landing on that
 * page or coming from that source). A lead carries its own first touch, and a visit is
 * counted only when the browser ran the insight script, so a key can have more leads than
 * counted visits; its conversion is then not a number over 100 % but "more leads than visits".
 */
export type Conversion = { rate: number } | { none: "no-visit" | "more-leads" };

export function conversion(leads: number, visits: number): Conversion {
  if (visits <= 0) return { none: "no-visit" };
  if (leads > visits) return { none: "more-leads" };
  return { rate: leads / visits };
}

/** The words the screen and its CSV use for a conversion. */
export const CONVERSION_NONE = { "no-visit": "—", "more-leads": "n/a" } as const;

export const CONVERSION_DEFINITION =
  "Conversion is leads ÷ visits of the same page or source in the period (a visit is one browser on one day). " +
  "“—”: no visit was counted. “n/a”: more leads than counted visits (visits with blocked counting, or begun before the period), so no rate is given.";

/** "12.5 %", "—" or "n/a". */
export function conversionText(c: Conversion): string {
  return "rate" in c ? `${(c.rate * 100).toFixed(1)} %` : CONVERSION_NONE[c.none];
}
