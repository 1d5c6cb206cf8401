import type { Services } from "~/platform/services.server";

/** What the server hands every loader and action (app/platform/http/documents.server.ts). */
interface FillwayContext {
  /** Absent while pages are pre-rendered at build time. */
  services?: Services;
  /** CSP nonce of this response; absent while pre-rendering. */
  nonce?: string;
  /** The client address (after TRUST_PROXY), for rate limits and the stored salted hash. */
  clientIp?: string;
  /**
   * Headers an action adds to its page response (Retry-After on a 429 or 503); the
   * server copies them onto the response. Absent while pre-rendering.
   */
  responseHeaders?: Headers;
}

declare module "react-router" {
  interface AppLoadContext extends FillwayContext {}
  /**
   * With middleware on, loaders receive a RouterContextProvider; the server builds it
   * with the fields above set on it, so routes read them as before.
   */
  interface RouterContextProvider extends FillwayContext {}
}
