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
 * save, newsletter issues, and post files loaded at start. The output is that of
 * `renderMarkdown`.
 *
 * The threads are shared fairly between the members of staff who render (each render names
 * its `owner`): one owner has at most `perOwner` renders on the threads at a time and at
 * most `queuedPerOwner` more waiting; past that a render is refused at once with 429 ("busy").
 * A free thread goes to the waiting owner served longest ago (round-robin), so one
 * member's pathological bodies hold at most one thread each and delay another member's
 * render by at most one time limit. Renders without an owner (post files at start) are
 * the process's own: one at a time, never refused.
 */

export type RefusalKind = "timeout" | "nesting" | "failed" | "busy";

/** How long one body may take to render. */
export const MARKDOWN_TIME_LIMIT_MS = 3000;

export const refusalMessages: Record<RefusalKind, string> = {
  timeout: `The body could not be turned into a page within ${MARKDOWN_TIME_LIMIT_MS / 1000} seconds. Long runs of unclosed * or _ and other repeated markup are the usual cause: close them or put them in \`code\`, or split the body, then try again.`,
  nesting: "The body nests quotes or lists too deeply to show. Use at most a few levels of > or of list indentation, then try again.",
  failed: "The body could not be turned into a page. Shorten it or simplify its markup, then try again.",
  busy: "Your previous previews are still rendering; try again in a moment.",
};

/** How soon a refused ("busy") render may be asked again, for `Retry-After`. */
export const BUSY_RETRY_SECONDS = Math.ceil(MARKDOWN_TIME_LIMIT_MS / 1000);

const REFUSED = Symbol.for("fillway.markdownRefused");

/**
 * A body the pool would not render: its message says what to change. Recognised by a
 * brand rather than by its class, since the pool is shared by the two copies of this
 * module a server process loads (see `markdownPool`).
 */
export class MarkdownRefused extends Error {
  /** 429 when the member's own earlier renders still fill their share of the threads, else 422. */
  readonly status: 422 | 429;
  readonly [REFUSED] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [REFUSED]?: boolean })[REFUSED] === true;
  }
  constructor(readonly kind: RefusalKind) {
    super(refusalMessages[kind]);
    this.name = "MarkdownRefused";
    this.status = kind === "busy" ? 429 : 422;
  }
}

const hashOf = (source: string) => createHash("sha256").update(source).digest("base64url");

interface Job {
  source: string;
  limitMs: number;
  owner: string;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

/** One owner's share: renders on the threads, renders waiting, and when it was last served. */
interface Lane {
  running: number;
  waiting: Job[];
  servedAt: number;
}

/** The owner of renders that name none: the process itself (post files at start). */
const PROCESS = "";

export interface Fairness {
  /** Renders of one owner on the threads at once. */
  perOwner: number;
  /** Renders of one owner waiting for a thread; one more is refused ("busy", 429). */
  queuedPerOwner: number;
}

export const DEFAULT_FAIRNESS: Fairness = { perOwner: 1, queuedPerOwner: 2 };

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

export interface RenderOptions {
  limitMs?: number;
  /** Who asks (`staff:12`): the unit the threads are shared by. None: the process's own. */
  owner?: string;
  /** A render still waiting when this aborts (the editor sent a newer preview) is dropped. */
  signal?: AbortSignal;
}

export interface MarkdownPool {
  render(source: string, opts?: RenderOptions): Promise<string>;
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

export function createMarkdownPool(threads = 2, fairness: Fairness = DEFAULT_FAIRNESS): MarkdownPool {
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
  const lanes = new Map<string, Lane>();
  let waitingTotal = 0;
  let served = 0;
  let nextId = 1;

  /** The next render to start: of the waiting owners under their share, the one served longest ago. */
  function takeNext(): Job | undefined {
    let best: Lane | undefined;
    for (const lane of lanes.values()) {
      if (!lane.waiting.length || lane.running >= fairness.perOwner) continue;
      if (!best || lane.servedAt < best.servedAt) best = lane;
    }
    if (!best) return undefined;
    best.servedAt = ++served;
    best.running++;
    waitingTotal--;
    return best.waiting.shift();
  }

  /** Owners with a render that could start now (under their share). */
  const startable = () => {
    let n = 0;
    for (const lane of lanes.values()) if (lane.waiting.length && lane.running < fairness.perOwner) n++;
    return n;
  };

  /** A render left the threads (done, refused, or its thread gone). */
  function finished(job: Job) {
    const lane = lanes.get(job.owner);
    if (!lane) return;
    lane.running--;
    if (lane.running === 0 && !lane.waiting.length) lanes.delete(job.owner);
  }

  function dropWaiting(job: Job): boolean {
    const lane = lanes.get(job.owner);
    const at = lane ? lane.waiting.indexOf(job) : -1;
    if (!lane || at < 0) return false;
    lane.waiting.splice(at, 1);
    waitingTotal--;
    if (lane.running === 0 && !lane.waiting.length) lanes.delete(job.owner);
    return true;
  }

  function firstWaiting(): Job | undefined {
    for (const lane of lanes.values()) if (lane.waiting.length) return lane.waiting[0];
    return undefined;
  }
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
      finished(job);
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
        finished(job);
        // Out of memory, or killed: the body is what did it.
        job.reject(new MarkdownRefused("failed"));
      } else if (!slot.ready && error) {
        // The thread could not start: the first one waiting hears why, rather than waiting for ever.
        const first = firstWaiting();
        if (first && dropWaiting(first)) first.reject(error);
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
      finished(job);
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
    if (waitingTotal === 0) {
      for (const slot of slots) if (slot.ready && !slot.job && !slot.idle) retireWhenIdle(slot);
    }
    while (waitingTotal > 0 && !closed) {
      const ready = startable();
      if (ready === 0) return;
      const free = slots.find((s) => s.ready && !s.job);
      if (!free) {
        const starting = slots.filter((s) => !s.ready).length;
        if (slots.length < threads && starting < ready) spawn();
        return;
      }
      start(free, takeNext() as Job);
    }
  }

  return {
    render(source, opts = {}) {
      if (closed) return Promise.reject(new Error("The Markdown pool is closed."));
      if (opts.signal?.aborted) return Promise.reject(opts.signal.reason);
      const known = recentRefusal(source);
      if (known) return Promise.reject(new MarkdownRefused(known));
      const owner = opts.owner ?? PROCESS;
      let lane = lanes.get(owner);
      // The process's own renders wait their turn however many there are; a member's are refused past their share.
      if (owner !== PROCESS && lane && lane.running + lane.waiting.length >= fairness.perOwner + fairness.queuedPerOwner) {
        return Promise.reject(new MarkdownRefused("busy"));
      }
      if (!lane) {
        // A newcomer is served before those already served.
        lane = { running: 0, waiting: [], servedAt: 0 };
        lanes.set(owner, lane);
      }
      const waitingIn = lane;
      return new Promise<string>((resolve, reject) => {
        const job: Job = { source, limitMs: opts.limitMs ?? MARKDOWN_TIME_LIMIT_MS, owner, resolve, reject };
        waitingIn.waiting.push(job);
        waitingTotal++;
        opts.signal?.addEventListener(
          "abort",
          () => {
            if (dropWaiting(job)) reject(opts.signal?.reason);
          },
          { once: true },
        );
        dispatch();
      });
    },
    size: () => slots.length,
    async close() {
      closed = true;
      for (const lane of lanes.values()) for (const job of lane.waiting.splice(0)) job.reject(new Error("The Markdown pool is closed."));
      lanes.clear();
      waitingTotal = 0;
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

/** The owner a member of staff's renders are shared by. */
export const staffOwner = (staffId: number) => `staff:${staffId}`;

/**
 * Markdown to the safe HTML a page shows, off the event loop; throws MarkdownRefused (422,
 * or 429 when `owner`'s earlier renders still fill their share of the threads).
 */
export function renderMarkdownGuarded(source: string, opts: Pick<RenderOptions, "owner" | "signal"> = {}): Promise<string> {
  return markdownPool().render(source, opts);
}
