/**
 * A thread of the Markdown pool (markdown-pool.server.ts): renders one body at a time with
 * the site's one renderer (markdown.server.ts), so that a body that takes long, or nests
 * too deeply, never holds up the server's event loop. Says "ready" once loaded.
 */
import { parentPort } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const { renderMarkdown } = await tsImport("./markdown.server.ts", import.meta.url);

parentPort.on("message", ({ id, source }) => {
  try {
    parentPort.postMessage({ id, html: renderMarkdown(source) });
  } catch (error) {
    // Deep nesting recurses past the stack: a refusal of that body, not a fault of the thread.
    const nesting = error instanceof RangeError && /call stack/i.test(error.message);
    parentPort.postMessage({ id, error: nesting ? "nesting" : "failed" });
  }
});
parentPort.postMessage({ ready: true });
