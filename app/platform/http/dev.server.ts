import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";

export interface DevAssets {
  /** The server build of the current sources, compiled by Vite on demand. */
  build: () => Promise<ServerBuild>;
  /** Vite's own answers (modules, styles, public files, hot reload); `next` for everything else. */
  handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  close: () => Promise<void>;
}

/**
 * Development (`npm run dev`): Vite in middleware mode inside the one server, so the API,
 * form actions, the database and the pages run exactly as in production while the
 * browser gets modules with hot reload. Hot reload shares the server's port.
 */
export async function startDevAssets(server: Server): Promise<DevAssets> {
  const { createServer } = await import("vite");
  const sigterm = process.listeners("SIGTERM");
  const stdinEnd = process.stdin.listeners("end");
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
  // React Router's child compiler is a Vite server of its own, not in middleware mode, so it
  // would exit the process on SIGTERM (or when stdin ends) before requests in flight finish
  // and the database closes. server.ts shuts down in order and closes Vite itself.
  for (const l of process.listeners("SIGTERM")) if (!sigterm.includes(l)) process.off("SIGTERM", l);
  for (const l of process.stdin.listeners("end")) if (!stdinEnd.includes(l)) process.stdin.off("end", l as () => void);
  return {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    handle: (req, res, next) => vite.middlewares(req, res, next),
    close: () => vite.close(),
  };
}
