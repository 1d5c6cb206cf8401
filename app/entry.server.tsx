import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { requestOf } from "~/platform/http/request-context.server";
import { logRouteError, passingFaults } from "~/platform/http/route-errors.server";
import { inertHydrationTransform, makeHydrationInert } from "~/shared/paint-first";
import { NonceContext } from "~/ui/nonce";
import { keepStaticParts, StaticPartsContext, type StaticPartsRequest } from "~/ui/static-parts";

export const streamTimeout = 5_000;

/** Errors of loaders, actions and the router itself: one JSON log line each. */
export function handleError(error: unknown, args: { request: Request; context?: unknown }) {
  logRouteError(error, args);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader or action that met a locked database or a full disk: 503 and when to try again, not 500.
  if (responseStatusCode === 500 && passingFaults.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = requestOf(loadContext).nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, pre-rendering and the answer to a plain form post wait for everything; visitors
    // get the shell first. A plain post came from a page whose script did not run (JavaScript
    // off, or the form's code not fetched): its answer cannot rely on the script that moves
    // streamed parts into place, or everything after the first pending part stays hidden.
    const whole = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !nonce || request.method.toUpperCase() !== "GET";
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // A page rendered whole for the page cache writes the layout's unchanging parts from memory.
    const staticParts: StaticPartsRequest | null = nonce ? null : new Map();
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StaticPartsContext.Provider value={staticParts}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StaticPartsContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // Parts that load their code as they come into view (components/ui/deferred.tsx) sit
        // in Suspense boundaries; finished ones are written in place, never moved in later
        // by a script, so pages read complete without JavaScript and nothing shifts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (readyOption === "onAllReady") {
            // Everything is ready: the page is written in one go, so it is collected and made
            // inert as one string (the page cache keeps it whole anyway) instead of passing
            // each of React's many small chunks through three web streams.
            const chunks: Buffer[] = [];
            const whole = new PassThrough();
            whole.on("data", (c: Buffer) => chunks.push(c));
            whole.on("end", () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const html = Buffer.concat(chunks).toString("utf8");
              if (staticParts?.size && responseStatusCode < 500) keepStaticParts(staticParts, html);
              resolve(new Response(import.meta.env.PROD ? makeHydrationInert(html) : html, { headers: responseHeaders, status: responseStatusCode }));
            });
            pipe(whole);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          let stream: ReadableStream<Uint8Array> = createReadableStreamFromReadable(body);
          // Production pages paint before their JavaScript loads (app/shared/paint-first.ts).
          if (import.meta.env.PROD) {
            stream = stream
              .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
              .pipeThrough(inertHydrationTransform())
              .pipeThrough(new TextEncoderStream());
          }
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logRouteError(error, { request, context: loadContext });
        },
      },
    );
  });
}
