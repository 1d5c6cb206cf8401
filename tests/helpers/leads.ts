import { parseLeadFilters } from "~/features/leads/desk/filters.server";

/** Test support for the leads desk: filters from a query string, and what a CSV export streams. */

/** The inbox's filters as a query string gives them; a query string they refuse throws. */
export function leadFilters(qs: string) {
  const p = parseLeadFilters(new URLSearchParams(qs));
  if (!p.ok) throw new Error(p.errors.join("; "));
  return p.filters;
}

/** Everything a stream gives, as UTF-8 text with its byte order mark kept. */
export async function streamText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = "";
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}
