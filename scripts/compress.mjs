// After the build: gzip and brotli every compressible client file once, so the server starts fast.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ok = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".xml", ".data", ".webmanifest"]);
let n = 0;
function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (ok.has(extname(p))) {
      const body = readFileSync(p);
      if (body.length <= 256) continue;
      writeFileSync(`${p}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${p}.gz`, gzipSync(body, { level: 9 }));
      n++;
    }
  }
}
walk(`${process.env.BUILD_DIR ?? "build"}/client`);
console.log(`compressed ${n} files`);
