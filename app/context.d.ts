import type { Services } from "~/platform/services.server";

declare module "react-router" {
  interface AppLoadContext {
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
}
