/** What a newsletter link's page shows: a heading, a sentence or two, and at most one button. */
export interface LinkPageView {
  title: string;
  text: string;
  /** The one action (a plain form POST to this same URL, so it works without JavaScript). */
  button?: string;
  /** A way on: subscribe again, or unsubscribe. */
  next?: { href: string; label: string };
}
