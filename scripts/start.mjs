// `npm start`: builds the site when there is no build yet (or it is older than the sources), then serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = `${process.env.BUILD_DIR ?? "build"}/server/main.js`;
const stale = !existsSync(built) || Math.max(newest("app"), newest("public")) > statSync(built).mtimeMs;
if (stale) {
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, ["server.js"], { stdio: "inherit" });
process.exit(r.status ?? 1);
