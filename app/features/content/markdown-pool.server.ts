import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";

/**
 * Markdown is rendered on worker threads, under a time limit: `marked` can take seconds
 * on hostile input (a long run of `*a` took 12.5 s) and overflows the stack on deep
 * nesting, and on the event loop either would hold up every request of the process. A
 * small pool of threads is started on first use and reused; a thread that runs past the
 * limit is terminated and replaced, and the body is refused with a message saying what to
 * change (422). Every rendering of a post body goes through here: the desk's preview and
 * save, and post files loaded at start. The output is that of `renderMarkdown`.
 */

export type RefusalKind = "timeout" | "nesting" | "failed";

/** How long one body may take to render. */
export const MARKDOWN_TIME_LIMIT_MS = 3000;

export const refusalMessages: Record<RefusalKind, string> = {
  timeout: `The body could not be turned into a page within ${MARKDOWN_TIME_LIMIT_MS / 1000} seconds. Long runs of unclosed * or _ and other repeated markup are the usual cause: close them or put them in \`code\`, or split the body, then try again.`,
  nesting: "The body nests quotes or lists too deeply to show. Use at most a few levels of > or of list indentation, then try again.",
  failed: "The body could not be turned into a page. Shorten it or simplify its markup, then try again.",
};

const REFUSED = Symbol.for("fillway.markdownRefused");

/**
 * A body the pool would not render: its message says what to change. Recognised by a
 * brand rather than by its class, since the pool is shared by the two copies of this
 * module a server process loads (see `markdownPool`).
 */
export class MarkdownRefused extends Error {
  readonly status = 422;
  readonly [REFUSED] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [REFUSED]?: boolean })[REFUSED] === true;
  }
  constructor(readonly kind: RefusalKind) {
    super(refusalMessages[kind]);
    this.name = "MarkdownRefused";
  }
}

const hashOf = (source: string) => createHash("sha256").update(source).digest("base64url");

interface Job {
  source: string;
  limitMs: number;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Stops a thread left idle, so an idle server holds no threads. */
  idle?: NodeJS.Timeout;
  job?: Job & { id: number; timer: NodeJS.Timeout };
}

/** The worker's file: beside this module in the sources (the server bundle has no copy of it). */
function workerFile(): string {
  const here = import.meta.dirname ? resolve(import.meta.dirname, "markdown-worker.mjs") : "";
  if (here && existsSync(here)) return here;
  // The server bundle (build/server) runs from the project's root, with the sources beside it.
  return resolve("app/features/content/markdown-worker.mjs");
}

export interface MarkdownPool {
  render(source: string, opts?: { limitMs?: number }): Promise<string>;
  /** Threads running now (started on first use). */
  size(): number;
  close(): Promise<void>;
}

/**
 * Bodies refused in the last half minute, by hash: the same body again at once (the
 * editor's save renders the preview after it) is refused without another wait, while a
 * body refused on a busy moment may be tried again soon after.
 */
const RECENT_REFUSALS = 32;
/** A thread with nothing to do for this long is stopped (started again on the next body). */
const IDLE_MS = 60_000;
const REMEMBER_MS = 30_000;

export function createMarkdownPool(threads = 2): MarkdownPool {
  const refused = new Map<string, { kind: RefusalKind; at: number }>();
  const remember = (source: string, kind: RefusalKind) => {
    if (kind === "failed") return;
    refused.set(hashOf(source), { kind, at: performance.now() });
    if (refused.size > RECENT_REFUSALS) refused.delete(refused.keys().next().value as string);
  };
  const recentRefusal = (source: string): RefusalKind | undefined => {
    const hit = refused.get(hashOf(source));
    return hit && performance.now() - hit.at < REMEMBER_MS ? hit.kind : undefined;
  };
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 4 } });
    const slot: Slot = { worker, ready: false };
    // An idle thread does not keep the process alive.
    worker.unref();
    worker.on("message", (msg: { ready?: true; id?: number; html?: string; error?: RefusalKind }) => {
      if (msg.ready) {
        slot.ready = true;
        dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      clearTimeout(job.timer);
      slot.job = undefined;
      if (msg.error) {
        remember(job.source, msg.error);
        job.reject(new MarkdownRefused(msg.error));
      } else job.resolve(msg.html ?? "");
      dispatch();
    });
    const gone = (error?: Error) => {
      const at = slots.indexOf(slot);
      if (at < 0) return;
      slots.splice(at, 1);
      const job = slot.job;
      slot.job = undefined;
      if (job) {
        clearTimeout(job.timer);
        // Out of memory, or killed: the body is what did it.
        job.reject(new MarkdownRefused("failed"));
      } else if (!slot.ready && error) {
        // The thread could not start: the first one waiting hears why, rather than waiting for ever.
        queue.shift()?.reject(error);
      }
      if (!closed) dispatch();
    };
    worker.on("error", gone);
    worker.on("exit", () => gone());
    slots.push(slot);
    return slot;
  }

  function retireWhenIdle(slot: Slot) {
    slot.idle = setTimeout(() => {
      slot.idle = undefined;
      if (slot.job) return;
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      void slot.worker.terminate();
    }, IDLE_MS);
    slot.idle.unref();
  }

  function start(slot: Slot, job: Job) {
    clearTimeout(slot.idle);
    slot.idle = undefined;
    const id = nextId++;
    const timer = setTimeout(() => {
      // Past the limit: the thread is stopped and a fresh one takes its place.
      if (slot.job?.id !== id) return;
      slot.job = undefined;
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      void slot.worker.terminate();
      remember(job.source, "timeout");
      job.reject(new MarkdownRefused("timeout"));
      dispatch();
    }, job.limitMs);
    slot.job = { ...job, id, timer };
    slot.worker.postMessage({ id, source: job.source });
  }

  function dispatch() {
    if (queue.length === 0) {
      for (const slot of slots) if (slot.ready && !slot.job && !slot.idle) retireWhenIdle(slot);
    }
    while (queue.length > 0 && !closed) {
      const free = slots.find((s) => s.ready && !s.job);
      if (!free) {
        const starting = slots.filter((s) => !s.ready).length;
        if (slots.length < threads && starting < queue.length) spawn();
        return;
      }
      start(free, queue.shift() as Job);
    }
  }

  return {
    render(source, opts = {}) {
      if (closed) return Promise.reject(new Error("The Markdown pool is closed."));
      const known = recentRefusal(source);
      if (known) return Promise.reject(new MarkdownRefused(known));
      return new Promise<string>((resolve, reject) => {
        queue.push({ source, limitMs: opts.limitMs ?? MARKDOWN_TIME_LIMIT_MS, resolve, reject });
        dispatch();
      });
    },
    size: () => slots.length,
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("The Markdown pool is closed."));
      for (const s of slots) clearTimeout(s.idle);
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

/**
 * The process's pool: one for the whole process, even when this module is loaded again
 * (in development Vite loads an edited module afresh).
 */
const SHARED = Symbol.for("fillway.markdownPool");

export function markdownPool(): MarkdownPool {
  const holder = globalThis as { [SHARED]?: MarkdownPool };
  holder[SHARED] ??= createMarkdownPool();
  return holder[SHARED];
}

/** Markdown to the safe HTML a page shows, off the event loop; throws MarkdownRefused (422). */
export function renderMarkdownGuarded(source: string): Promise<string> {
  return markdownPool().render(source);
}
