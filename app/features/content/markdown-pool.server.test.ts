import { afterAll, describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";
import { createMarkdownPool, MarkdownRefused, refusalMessages } from "./markdown-pool.server";

/**
 * The Markdown pool: the same HTML as the renderer itself, and the bodies that froze the
 * server (long runs of unclosed `_a` or `*a`, deep `>` nesting) refused with a 422 and a message saying
 * what to change, while the event loop keeps turning and the pool keeps serving.
 */

const pool = createMarkdownPool(2);
afterAll(() => pool.close());

/** Counts turns of the event loop while `work` runs: a blocked loop counts none. */
async function loopTurnsDuring<T>(work: Promise<T>): Promise<{ turns: number; result: PromiseSettledResult<T> }> {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns++;
    setTimeout(spin, 5);
  };
  setTimeout(spin, 5);
  const [result] = await Promise.allSettled([work]);
  running = false;
  return { turns, result };
}

describe("Markdown rendered off the event loop", () => {
  it("gives exactly what renderMarkdown gives", async () => {
    const bodies = [
      "## Night fueling\n\nWe **deliver** at night. [Plans](/plans) and [elsewhere](https://example.com).",
      "> quoted\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ `code`",
      "<script>alert(1)</script>\n\n![x](/media/blog/a.png) ![y](https://evil.example/a.png)",
      "",
    ];
    for (const body of bodies) expect(await pool.render(body)).toBe(renderMarkdown(body));
  });

  it("refuses a body that takes too long with 422 and says what to change, the loop turning meanwhile", { timeout: 60_000 }, async () => {
    const { turns, result } = await loopTurnsDuring(pool.render("_a".repeat(49_500), { limitMs: 500 }));
    expect(result.status).toBe("rejected");
    const error = (result as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(MarkdownRefused);
    expect(error.status).toBe(422);
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe(refusalMessages.timeout);
    expect(error.message).toMatch(/close them|split the body/);
    expect(turns).toBeGreaterThan(0);
    // The stopped thread was replaced: the next body renders.
    expect(await pool.render("still *here*")).toBe(renderMarkdown("still *here*"));
  });

  it("refuses nesting too deep to render with 422 instead of overflowing the stack", { timeout: 60_000 }, async () => {
    const error = await pool.render(`${"> ".repeat(20_000)}deep`, { limitMs: 30_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarkdownRefused);
    expect((error as MarkdownRefused).kind).toBe("nesting");
    expect((error as MarkdownRefused).message).toMatch(/nests quotes or lists too deeply/);
    expect(await pool.render("> shallow")).toBe(renderMarkdown("> shallow"));
  });

  it("reuses its threads: many bodies, never more threads than the pool's size", { timeout: 60_000 }, async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => `Post ${i} with *emphasis* and a [link](/p/${i}).`);
    const out = await Promise.all(bodies.map((b) => pool.render(b)));
    expect(out).toEqual(bodies.map((b) => renderMarkdown(b)));
    expect(pool.size()).toBeLessThanOrEqual(2);
  });
});

/** A body `marked` takes seconds on (a long run of unclosed `_a`), a different one each time, so no refusal is remembered. */
let slowBodies = 0;
const slowBody = () => `${"_a".repeat(49_500 + slowBodies++)}`;

/** Renders, recording the order in which they settle: "A1 refused busy", "B1 rendered", "A2 refused timeout". */
function recorder(pool: ReturnType<typeof createMarkdownPool>) {
  const order: string[] = [];
  const errors = new Map<string, unknown>();
  const render = (name: string, source: string, owner: string | undefined, limitMs: number) =>
    pool.render(source, { owner, limitMs }).then(
      () => {
        order.push(`${name} rendered`);
      },
      (error: unknown) => {
        errors.set(name, error);
        order.push(`${name} refused ${error instanceof MarkdownRefused ? error.kind : "other"}`);
      },
    );
  return { order, errors, render };
}

describe("Markdown threads shared fairly between members", () => {
  const LIMIT = 1500;

  it("one member's six slow previews hold one thread: the fourth on is refused with 429, another member's preview is answered first", {
    timeout: 60_000,
  }, async () => {
    const shared = createMarkdownPool(2);
    try {
      // Both threads started, as on a server that has been serving.
      await Promise.all([shared.render("warm *one*", { owner: "staff:9" }), shared.render("warm *two*", { owner: "staff:8" })]);
      const { order, errors, render } = recorder(shared);
      const hers = Array.from({ length: 6 }, (_, i) => render(`A${i + 1}`, slowBody(), "staff:1", LIMIT));
      const his = render("B1", "A *normal* preview.", "staff:2", LIMIT);
      await Promise.all([...hers, his]);

      // One render on a thread and two waiting: the fourth, fifth and sixth are refused at once, before anything renders.
      expect(order.slice(0, 3)).toEqual(["A4 refused busy", "A5 refused busy", "A6 refused busy"]);
      const busy = errors.get("A4") as MarkdownRefused;
      expect(busy.status).toBe(429);
      expect(busy.message).toBe("Your previous previews are still rendering; try again in a moment.");
      // The other member's preview had the second thread: answered before any of hers ended.
      expect(order[3]).toBe("B1 rendered");
      // Hers ran one after the other, each stopped at the limit.
      expect(order.slice(4)).toEqual(["A1 refused timeout", "A2 refused timeout", "A3 refused timeout"]);
      expect(shared.size()).toBeLessThanOrEqual(2);
    } finally {
      await shared.close();
    }
  });

  it("a member who has not been served goes before members already served (round-robin)", { timeout: 60_000 }, async () => {
    const shared = createMarkdownPool(2);
    try {
      await Promise.all([shared.render("warm *one*", { owner: "staff:9" }), shared.render("warm *two*", { owner: "staff:8" })]);
      const { order, render } = recorder(shared);
      // Two members fill both threads with slow bodies, a second one each waiting.
      const slow = [render("A1", slowBody(), "staff:1", LIMIT), render("C1", slowBody(), "staff:3", LIMIT)];
      slow.push(render("A2", slowBody(), "staff:1", LIMIT), render("C2", slowBody(), "staff:3", LIMIT));
      const his = render("B1", "A *normal* preview.", "staff:2", LIMIT);
      await Promise.all([...slow, his]);
      // B waited for one slow render at most: his went on the first thread to free up, before A's and C's second ones.
      const at = (name: string) => order.findIndex((e) => e.startsWith(`${name} `));
      expect(order[at("B1")]).toBe("B1 rendered");
      expect(at("B1")).toBeLessThan(at("A2"));
      expect(at("B1")).toBeLessThan(at("C2"));
      expect(Math.min(at("A1"), at("C1"))).toBeLessThan(at("B1"));
      // Then A and C took turns: each second render after both first ones.
      expect(Math.max(at("A1"), at("C1"))).toBeLessThan(Math.min(at("A2"), at("C2")));
    } finally {
      await shared.close();
    }
  });

  it("never refuses the process's own renders (post files at start), whatever their number", { timeout: 60_000 }, async () => {
    const bodies = Array.from({ length: 12 }, (_, i) => `File ${i} with *emphasis*.`);
    expect(await Promise.all(bodies.map((b) => pool.render(b)))).toEqual(bodies.map((b) => renderMarkdown(b)));
  });

  it("drops a waiting render whose request was given up (the editor sent a newer preview)", { timeout: 60_000 }, async () => {
    const shared = createMarkdownPool(1);
    try {
      await shared.render("warm");
      const { order, render } = recorder(shared);
      const first = render("A1", slowBody(), "staff:1", LIMIT);
      const controller = new AbortController();
      const dropped = shared.render("An older *preview*.", { owner: "staff:1", signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      expect(await dropped).toBeInstanceOf(DOMException);
      // Her share is free again: two more may wait behind the slow one.
      const next = [render("A2", "Newer *preview*.", "staff:1", LIMIT), render("A3", "Newest.", "staff:1", LIMIT)];
      await Promise.all([first, ...next]);
      expect(order).toEqual(["A1 refused timeout", "A2 rendered", "A3 rendered"]);
    } finally {
      await shared.close();
    }
  });
});
