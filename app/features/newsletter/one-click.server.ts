import type { IncomingMessage } from "node:http";
import { parseContentType, readCapped } from "~/platform/http/body.server";
import type { Services } from "~/platform/services.server";
import { unsubscribePage } from "./pages.server";

/** Where the List-Unsubscribe header of a newsletter e-mail points (mail.server.ts). */
export const ONE_CLICK_PATH = "/newsletter/unsubscribe";

/** The one body RFC 8058 defines, as a form field. */
const ONE_CLICK_FIELD = "List-Unsubscribe";
const ONE_CLICK_VALUE = "One-Click";

/** Far more than the one field needs, even as multipart. */
const ONE_CLICK_MAX_BYTES = 2048;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export interface OneClickAnswer {
  status: number;
  text: string;
}

/**
 * A mail client's one-click unsubscribe (RFC 8058) that arrives from another site: a web
 * mail client may send it from its own page, so it carries that page's Origin. The signed
 * token in the URL is the whole authorisation (per address and purpose; no cookie is
 * read), so such a POST is answered here, with a short text, instead of being refused as
 * cross-site like every other form post. Null when the request is anything else: another
 * path, another body (the page's own button sends none), or more than the one field, which
 * the caller then refuses as before.
 */
export async function crossSiteOneClick(services: Services, req: IncomingMessage, url: URL): Promise<OneClickAnswer | null> {
  if (req.method !== "POST" || url.pathname !== ONE_CLICK_PATH) return null;
  const contentType = req.headers["content-type"];
  if (!FORM_TYPES.has(parseContentType(contentType).type)) return null;
  const bytes = await readCapped(req, req.headers["content-length"], ONE_CLICK_MAX_BYTES);
  if (!bytes) return null;
  const request = new Request(url, { method: "POST", headers: { "Content-Type": String(contentType) }, body: new Uint8Array(bytes) });
  let fields: [string, FormDataEntryValue][];
  try {
    fields = [...(await request.clone().formData()).entries()];
  } catch {
    return null;
  }
  const [only] = fields;
  if (fields.length !== 1 || only?.[0] !== ONE_CLICK_FIELD || only[1] !== ONE_CLICK_VALUE) return null;
  const page = await unsubscribePage(services, request);
  return { status: page.status, text: `${page.view.title}. ${page.view.text}` };
}
