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
