/**
 * What every endpoint accepts as a request body, in one place, so the same bytes get the
 * same answer everywhere (the JSON API, the no-JavaScript form posts, the comment form):
 * the declared media type with no charset or UTF-8, valid UTF-8 (a leading byte-order
 * mark is allowed and dropped), at most the size limit.
 */

import type { IncomingMessage, ServerResponse } from "node:http";

/** The media type and charset of a Content-Type header, lower-cased; "" when absent. */
export function parseContentType(header: string | string[] | undefined): { type: string; charset?: string } {
  const value = Array.isArray(header) ? header[0] : header;
  const [type = "", ...params] = (value ?? "").split(";").map((s) => s.trim().toLowerCase());
  let charset: string | undefined;
  for (const p of params) {
    const eq = p.indexOf("=");
    if (eq > 0 && p.slice(0, eq).trim() === "charset")
      charset = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1");
  }
  return { type, charset };
}

/** True when the header names `mediaType` and, if it names a charset, UTF-8. */
export function isUtf8Type(header: string | string[] | undefined, mediaType: string): boolean {
  const { type, charset } = parseContentType(header);
  return type === mediaType && (charset === undefined || charset === "utf-8" || charset === "utf8");
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The text of a UTF-8 body (a leading byte-order mark dropped); null when it is not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The one body reader: at most `limit` bytes of a request body (a Node request or a Fetch
 * request's stream, both async iterables of bytes); null when it is larger, by its
 * declared Content-Length or by what arrives. Reading stops at the limit.
 */
export async function readCapped(source: AsyncIterable<Uint8Array> | null, declaredLength: string | null | undefined, limit: number): Promise<Buffer | null> {
  if (Number(declaredLength ?? 0) > limit) return null;
  if (!source) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    // Leaving the loop early cancels the stream.
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Reads at most `limit` bytes of a Fetch request body; null when it is larger. */
export function readCappedBytes(request: Request, limit: number): Promise<Buffer | null> {
  return readCapped(request.body as AsyncIterable<Uint8Array> | null, request.headers.get("content-length"), limit);
}

export type FormBody = { ok: true; form: URLSearchParams } | { ok: false; status: 400 | 413 | 415 };

/**
 * A no-JavaScript form post: 415 unless it is `application/x-www-form-urlencoded` in
 * UTF-8, 413 over `limit` bytes, 400 when the bytes are not UTF-8.
 */
export async function readFormBody(request: Request, limit: number): Promise<FormBody> {
  if (!isUtf8Type(request.headers.get("content-type") ?? undefined, "application/x-www-form-urlencoded")) return { ok: false, status: 415 };
  const bytes = await readCappedBytes(request, limit);
  if (bytes === null) return { ok: false, status: 413 };
  const text = decodeUtf8(bytes);
  if (text === null) return { ok: false, status: 400 };
  return { ok: true, form: new URLSearchParams(text) };
}

/** What is read and thrown away of a refused body, at most, so that the client gets the answer. */
export const DISCARD_LIMIT = 16 * 1024 * 1024;
/** How long a refused body may take to be thrown away before the connection is cut. */
export const DISCARD_MS = 10_000;

/**
 * At most `limit` bytes of a Node request body, counted as they arrive (a declared
 * Content-Length is only a shortcut); null when it is larger. Unlike `readCapped` over a
 * Node request, a body found too large is paused, not destroyed: the connection stays
 * up, so the refusal can still reach the client (`answerAfterDiscard`).
 */
export function readRequestCapped(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > limit) return Promise.resolve(null);
  // `complete` says the body has arrived, not that it was read: it may wait in the stream's
  // buffer (a request that went through other middleware first). Only a stream already
  // read to its end has nothing left.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(Object.assign(new Error("The client closed the connection before the body ended."), { name: "AbortError" }));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/**
 * Sends a refusal of a body that was not read whole (413): the rest of the body is read
 * and thrown away first, up to DISCARD_LIMIT bytes or DISCARD_MS, then the answer goes
 * out and the connection closes. Answering while the client still sends, then closing,
 * resets the connection, and most clients lose the answer with it.
 */
export function answerAfterDiscard(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, text: string): void {
  const send = () => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { ...headers, "Content-Length": String(Buffer.byteLength(text)), Connection: "close" });
    res.end(text);
  };
  const declared = Number(req.headers["content-length"] ?? 0);
  if (req.complete || req.destroyed) {
    send();
    return;
  }
  if (declared > DISCARD_LIMIT) {
    // Too much to swallow: answer at once and cut the connection once the answer is out.
    send();
    res.once("finish", () => req.destroy());
    return;
  }
  let discarded = 0;
  const timer = setTimeout(() => {
    send();
    res.once("finish", () => req.destroy());
  }, DISCARD_MS);
  timer.unref();
  const finish = () => {
    clearTimeout(timer);
    send();
  };
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) {
      clearTimeout(timer);
      req.pause();
      send();
      res.once("finish", () => req.destroy());
    }
  });
  req.once("end", finish);
  req.once("error", () => clearTimeout(timer));
  req.resume();
}

export type FormDataBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413 };

/**
 * A page's form post (URL-encoded or multipart) as FormData, read under `limit` bytes
 * counted as they arrive: 413 over it, 400 when the body is not a form.
 */
export async function readFormDataCapped(request: Request, limit: number): Promise<FormDataBody> {
  const bytes = await readCappedBytes(request, limit);
  if (bytes === null) return { ok: false, status: 413 };
  const type = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  try {
    const form = await new Request(request.url, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(bytes) }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, status: 400 };
  }
}

/** The media types a page's form post may have: what a browser sends. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
export const FORM_TYPE_REFUSED = "Send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const FORM_BODY_REFUSED = "Bad request: the form's body could not be read. Send the form again from its page.";

/**
 * Why a page's form post (a desk or public page's action, its body read whole) cannot be
 * read as a form, or null when it can: 415 for a body of another media type, 400 for a
 * URL-encoded or multipart body that does not parse (a multipart body cut short, without
 * its boundary, with a broken part). Checked once, at the HTTP edge, before any action
 * reads it, so no action meets a body that makes `request.formData()` throw. An empty body
 * without a type is an empty form.
 */
export async function formBodyRefusal(contentType: string | undefined, bytes: Uint8Array): Promise<{ status: 400 | 415; text: string } | null> {
  const { type } = parseContentType(contentType);
  if (type === "" && bytes.byteLength === 0) return null;
  if (!FORM_TYPES.includes(type)) return { status: 415, text: FORM_TYPE_REFUSED };
  try {
    await new Response(bytes as BodyInit, { headers: { "content-type": contentType ?? "" } }).formData();
    return null;
  } catch {
    return { status: 400, text: FORM_BODY_REFUSED };
  }
}

/** How fast a request body must come in: after `graceMs`, at least `minBytesPerSecond` on average since the start. */
export interface TransferRate {
  minBytesPerSecond: number;
  graceMs: number;
  /** How often the rate is checked. */
  checkEveryMs: number;
}

/**
 * Bodies take the time their size needs: a 10 MB image at 64 KiB/s is 160 s, which a
 * fixed 30 s limit cut off, while a client that trickles bytes to hold a connection
 * falls below the rate and is cut after the grace period.
 */
export const BODY_RATE: TransferRate = { minBytesPerSecond: 8 * 1024, graceMs: 30_000, checkEveryMs: 1_000 };

/** True when `received` bytes in `elapsedMs` is too slow a body. */
export function bodyTooSlow(received: number, elapsedMs: number, rate: TransferRate = BODY_RATE): boolean {
  return elapsedMs > rate.graceMs && received < (rate.minBytesPerSecond * elapsedMs) / 1000;
}

/**
 * Watches a request body come in (without reading it) and, when it falls below the
 * minimum rate, answers 408 and closes the connection. Stops when the body has ended.
 */
export function enforceTransferRate(
  req: IncomingMessage,
  res: ServerResponse,
  rate: TransferRate = BODY_RATE,
  now: () => number = () => performance.now(),
): void {
  if (req.complete) return;
  const started = now();
  // Counted on the socket, so the body is not touched: whoever reads it gets every byte.
  const socket = req.socket;
  const base = socket.bytesRead;
  let interval: NodeJS.Timeout | undefined;
  const check = () => {
    if (req.complete || req.destroyed) return stop();
    if (!bodyTooSlow(socket.bytesRead - base, now() - started, rate)) return;
    stop();
    if (!res.headersSent && !res.destroyed) {
      const text = "The request body came in too slowly. Please try again on a faster connection.";
      res.writeHead(408, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Length": String(Buffer.byteLength(text)),
        Connection: "close",
      });
      res.end(text, () => req.destroy());
    } else req.destroy();
  };
  // Nothing to check during the grace period: most bodies have ended long before it is over.
  const grace = setTimeout(() => {
    interval = setInterval(check, rate.checkEveryMs);
    interval.unref();
    check();
  }, rate.graceMs);
  grace.unref();
  function stop() {
    clearTimeout(grace);
    clearInterval(interval);
  }
  req.once("end", stop);
  req.once("close", stop);
}
