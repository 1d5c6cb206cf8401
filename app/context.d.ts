import type { Services } from "~/server/services.server";

declare module "react-router" {
  interface AppLoadContext {
    /** Absent while pages are pre-rendered at build time. */
    services?: Services;
    /** CSP nonce of this response; absent while pre-rendering. */
    nonce?: string;
  }
}
