import type { Config } from "@react-router/dev/config";
import { pagePaths } from "./app/copy/pages";

/** Pages whose content is fixed at build time are pre-rendered; the rest render per request. */
const dynamic = new Set(["/news", "/blog"]);

export default {
  // BUILD_DIR lets several builds (tests, benchmarks) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  prerender: pagePaths.filter((p) => !dynamic.has(p)),
  // Middleware: the desk's layout checks the signed-in member's role once for every desk screen.
  future: { v8_middleware: true },
} satisfies Config;
