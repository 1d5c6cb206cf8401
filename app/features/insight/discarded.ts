/**
 * The desk's words for what the insight endpoint did not count (decision record 038): a
 * module of its own, so the public pages' insight code does not carry them.
 */

/**
 * What the endpoint did not count as traffic, per day (kept in the rollups under the
 * dimension "discarded"), and how the insight screen names it. Each counts events but
 * "refused", "robot" and "rate-limited", which count beacons.
 */
export const DISCARDED = {
  "repeat-view": "Views sent again with the same page view (counted once)",
  "many-browsers": "Views from more than {n} browsers on one address in a day (counted as one visitor)",
  "rate-limited": "Beacons over the limit of one address (not counted)",
  robot: "Beacons from robots (not counted)",
  refused: "Beacons refused: not a page of this site, hidden characters, a vital out of range, malformed",
  personal: "Campaign, source or referrer values that looked like an e-mail address or phone number (dropped, the view kept)",
} as const;
export type DiscardReason = keyof typeof DISCARDED;
/** How the insight screen names a reason; `perAddress` is INSIGHT_VISITORS_PER_ADDRESS. */
export const discardedLabel = (reason: DiscardReason, perAddress: number) => DISCARDED[reason].replace("{n}", perAddress.toLocaleString("en-US"));
/** The reasons that say a burst was made by a program rather than by people. */
export const AUTOMATED: DiscardReason[] = ["many-browsers", "rate-limited", "robot"];
