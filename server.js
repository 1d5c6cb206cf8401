// The one Node process, started with plain Node. Production (`npm run serve`, `npm start`):
// the built bundle build/server/main.js holds the pages and the application server
// (app/server/main.server.ts) as one module graph. `--dev` (`npm run dev`): Vite loads the
// entry from the sources and loads it again after an edit, without a restart.
import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = import.meta.dirname;
const entry = "/app/server/main.server.ts";
const server = createServer();

async function main() {
  if (process.argv.includes("--dev")) {
    const vite = await import("vite");
    const sigterm = process.listeners("SIGTERM");
    const stdinEnd = process.stdin.listeners("end");
    const dev = await vite.createServer({ root, server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
    // React Router's child compiler is a Vite server of its own, not in middleware mode, so it
    // would exit the process on SIGTERM (or when stdin ends) before requests in flight finish
    // and the database closes. The entry shuts down in order and closes Vite itself.
    for (const l of process.listeners("SIGTERM")) if (!sigterm.includes(l)) process.off("SIGTERM", l);
    for (const l of process.stdin.listeners("end")) if (!stdinEnd.includes(l)) process.stdin.off("end", l);
    const load = () => dev.ssrLoadModule(entry);
    const { startServer } = await load();
    await startServer({ server, root, dev: { handle: (req, res, next) => dev.middlewares(req, res, next), load, close: () => dev.close() } });
  } else {
    const buildDir = resolve(process.env.BUILD_DIR ?? "build");
    const { startServer } = await import(pathToFileURL(resolve(buildDir, "server/main.js")).href);
    await startServer({ server, root, buildDir });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
