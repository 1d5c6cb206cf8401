import { describe, expect, it } from "vitest";
import { earlyPressScript, inertHydrationTransform, makeHydrationInert, paintFirstScript } from "./paint-first";

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

// The inline scripts are sent as their source text, so they must stand alone and rest on
// documented ground only (data-hydrated, data-deferred), never on React's internals. Their
// behaviour is the browser's to test (tests/e2e/early-input.spec.ts).
describe("paint-first inline scripts", () => {
  it.each([
    ["paintFirstScript", paintFirstScript],
    ["earlyPressScript", earlyPressScript],
  ])("%s is a self-contained script that reads no React internals", (_, script) => {
    expect(() => new Function(script)).not.toThrow();
    expect(script).toMatch(/^\(function \w+\(\) \{[\s\S]*\}\)\(\);$/);
    expect(script).not.toMatch(/__react|__name\(/);
    expect(script).toContain("data-deferred");
  });
});
