/**
 * What every endpoint accepts as a request body, in one place, so the same bytes get the
 * same answer everywhere (the JSON API, the no-JavaScript form posts, the comment form):
 * the declared media type with no charset or UTF-8, valid UTF-8 (a leading byte-order
 * mark is allowed and dropped), at most the size limit.
 */

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
