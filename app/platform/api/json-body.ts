import { decodeUtf8, isUtf8Type } from "~/platform/http/body.server";
import { type ApiRequest, type ApiResponse, json } from "./types";

export type JsonObjectRead = { ok: true; body: Record<string, unknown> } | { ok: false; response: ApiResponse };

/**
 * The one reader of a JSON request body, for every write endpoint: 415 unless the
 * content type is application/json with no charset or UTF-8, 400 for bytes that are not
 * UTF-8 or not JSON (a leading byte-order mark is allowed), 422 for JSON that is not an
 * object. The body is already capped at MAX_BODY_BYTES (413) by the server.
 */
export function readJsonObject(req: ApiRequest): JsonObjectRead {
  if (!isUtf8Type(req.headers["content-type"], "application/json")) {
    return { ok: false, response: json(415, { message: "Send the request body as JSON in UTF-8 (Content-Type: application/json)." }) };
  }
  const text = decodeUtf8(req.body);
  let value: unknown;
  try {
    if (text === null) throw new SyntaxError("not UTF-8");
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: json(400, { message: "The request body is not valid JSON." }) };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, response: json(422, { message: "The request body must be a JSON object.", errors: { _form: ["Expected a JSON object"] } }) };
  }
  // No database stores a NUL character in text (PostgreSQL refuses it): a field with one is refused here, by its name.
  const withNul = Object.keys(value).find((k) => k.includes("\0") || hasNul((value as Record<string, unknown>)[k]));
  if (withNul !== undefined) {
    return { ok: false, response: json(422, { message: "Text may not contain the NUL character.", errors: { [withNul]: ["Remove the NUL character"] } }) };
  }
  return { ok: true, body: value as Record<string, unknown> };
}

/** Whether a JSON value holds a string with a NUL character anywhere inside it. */
function hasNul(v: unknown): boolean {
  if (typeof v === "string") return v.includes("\0");
  if (Array.isArray(v)) return v.some(hasNul);
  if (v && typeof v === "object") return Object.values(v).some(hasNul);
  return false;
}
