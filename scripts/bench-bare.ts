/**
 * The ceiling the page benchmarks compare against: the least a Node server can do to send
 * one pre-rendered page (its HTML and the build's brotli and gzip forms, from memory).
 * Started by bench-lib's startBare; prints {"url": …} once listening.
 *
 *   node --import tsx scripts/bench-bare.ts build/client/faq/index.html
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const htmlFile = process.argv[2];
if (!htmlFile) throw new Error("usage: bench-bare.ts <html file>");
const raw = readFileSync(htmlFile);
let br: Buffer | undefined;
let gz: Buffer | undefined;
try {
  br = readFileSync(`${htmlFile}.br`);
  gz = readFileSync(`${htmlFile}.gz`);
} catch {
  // An uncompressed build: the raw HTML for everybody.
}
const server = createServer((req, res) => {
  const accept = String(req.headers["accept-encoding"] ?? "");
  const [body, enc] = br && accept.includes("br") ? [br, "br"] : gz && accept.includes("gzip") ? [gz, "gzip"] : [raw, undefined];
  const headers: Record<string, string | number> = { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length };
  if (enc) headers["Content-Encoding"] = enc;
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const addr = server.address();
  console.log(JSON.stringify({ url: `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}` }));
});
process.on("SIGTERM", () => process.exit(0));
