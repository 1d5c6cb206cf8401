import { describe, expect, it } from "vitest";
import { inertHydrationTransform, makeHydrationInert } from "./paint-first";

const page =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/r.css"/></head>' +
  '<body><script>window.x=1</script><script type="module" async="">import "/assets/a.js";</script></body>';
const inert =
  '<head><link rel="x-modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/r.css"/></head>' +
  '<body><script>window.x=1</script><script type="x-module" async="">import "/assets/a.js";</script></body>';

async function throughTransform(chunks: string[]) {
  const out: string[] = [];
  const stream = new ReadableStream<string>({
    start(c) {
      for (const ch of chunks) c.enqueue(ch);
      c.close();
    },
  }).pipeThrough(inertHydrationTransform());
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(r.value);
  return out.join("");
}

describe("paint first", () => {
  it("makes preloads and the module script inert and leaves everything else", () => {
    expect(makeHydrationInert(page)).toBe(inert);
  });

  it("gives the same result whatever the chunking, tags cut anywhere", async () => {
    for (let size = 1; size <= 40; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < page.length; i += size) chunks.push(page.slice(i, i + size));
      expect(await throughTransform(chunks)).toBe(inert);
    }
  });
});
