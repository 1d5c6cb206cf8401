import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { readRequestCapped } from "./body.server";

/** Answers with what `readRequestCapped` read, once `before` has let the request wait. */
async function echo(before: (req: IncomingMessage) => Promise<void>, body: string): Promise<string> {
  const server = createServer(async (req, res) => {
    await before(req);
    const bytes = await readRequestCapped(req, 1024);
    res.end(bytes === null ? "too large" : bytes.toString("utf8"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body });
    return await res.text();
  } finally {
    server.close();
  }
}

describe("readRequestCapped", () => {
  it("reads a body that has arrived whole but was not read yet (a request that waited in other middleware)", async () => {
    const waitUntilComplete = async (req: IncomingMessage) => {
      // Let the body arrive and sit in the stream's buffer before anyone reads it.
      while (!req.complete) await new Promise((r) => setTimeout(r, 5));
    };
    expect(await echo(waitUntilComplete, '{"email":"a@b.example"}')).toBe('{"email":"a@b.example"}');
  });

  it("reads a body as it arrives, and refuses one over the limit", async () => {
    expect(await echo(async () => {}, "hello")).toBe("hello");
    expect(await echo(async () => {}, "x".repeat(2048))).toBe("too large");
  });
});
