import { describe, expect, it } from "vitest";
import { inertHydrationTransform, makeHydrationInert } from "./paint-first";

const page =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/r.css"/></head>' +
  '<body><script>window.x=1</script><script type="module" async="">import "/assets/a.js";</script></body>';
const inert =
  '<head><link rel="x-modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/r.css"/></head>' +
  '<body><script>window.x=1</script><script type="text/x-module">import "/assets/a.js";</script></body>';

const nonced = '<script nonce="abc" type="module" async="">import "/a.js";</script><link rel="modulepreload" href="/a.js" nonce="abc"/>';

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

  it("finds the attributes wherever they stand in the tag (server-rendered pages put the nonce first)", () => {
    expect(makeHydrationInert(nonced)).toBe(
      nonced.replace('type="module" async=""', 'type="text/x-module"').replace('rel="modulepreload"', 'rel="x-modulepreload"'),
    );
  });

  it("gives the same result whatever the chunking, tags cut anywhere", async () => {
    for (let size = 1; size <= 40; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < page.length; i += size) chunks.push(page.slice(i, i + size));
      expect(await throughTransform(chunks)).toBe(inert);
    }
  });
});
