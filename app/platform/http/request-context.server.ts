import { createContext, type RouterContext, RouterContextProvider } from "react-router";
import type { Services } from "~/platform/services.server";

/** What the server hands every loader, action and middleware of one request. */
export interface RequestFields {
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

/**
 * The request's fields in React Router's context; empty while pages are pre-rendered. One
 * key per process, whichever copy of this module makes it: a context value is found by its
 * key's identity, and the tests serve the build's route modules from a server composed of
 * the sources, two copies of this module.
 */
const KEY = Symbol.for("fillway.request-context");
const registry = globalThis as { [KEY]?: RouterContext<RequestFields> };
registry[KEY] ??= createContext<RequestFields>({});
export const requestContext: RouterContext<RequestFields> = registry[KEY];

/** The context the server builds for one request (middleware is on: react-router.config.ts). */
export function requestContextWith(fields: RequestFields): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, fields);
  return context;
}

/** The request's fields from the context a loader, action, middleware or entry receives. */
export function requestOf(context: unknown): RequestFields {
  const provider = context as Partial<Pick<RouterContextProvider, "get">> | null | undefined;
  return typeof provider?.get === "function" ? provider.get(requestContext) : {};
}

/** The context loaders and actions receive. */
export type LoadContext = Readonly<RouterContextProvider>;

/** The request's services; a 503 with `refusal` while pages are pre-rendered at build time. */
export function servicesOf(context: LoadContext, refusal = "Not available while pages are pre-rendered."): Services {
  const { services } = requestOf(context);
  if (!services) throw new Response(refusal, { status: 503 });
  return services;
}
