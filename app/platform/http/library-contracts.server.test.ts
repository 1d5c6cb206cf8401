import { Readable } from "node:stream";
import { brotliDecompressSync, createBrotliCompress, constants as zc } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { createMethodGate } from "./methods.server";

/**
 * What the hand-written parts of the HTTP layer rely on from React Router and Node, kept
 * by decision (docs/decisions/026-libraries-under-the-platform.md): the method gate and
 * the documents adapter. An upgrade that changes one of these fails here first.
 */

describe("the method gate (methods.server.ts)", () => {
  const routes = [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "blog", path: "blog" },
        { id: "post", path: "blogdetail/:id" },
      ],
    },
  ];

  it("matchRoutes returns the layout, then the index route for its parent's path, else the path's own route", () => {
    const ids = (path: string) => matchRoutes(routes as RouteObject[], path)?.map((m) => m.route.id);
    expect(ids("/")).toEqual(["root", "home"]);
    expect(ids("/blogdetail/a")).toEqual(["root", "post"]);
    expect(ids("/nowhere")).toBeUndefined();
  });

  it("takes POST only where the target route has an action, the index route only with a bare ?index", () => {
    const module = (action?: () => null) => ({ default: () => null, ...(action ? { action } : {}) });
    const build = {
      basename: "/",
      routes: {
        root: { id: "root", path: "", module: module() },
        home: { id: "home", parentId: "root", index: true, module: module(() => null) },
        post: { id: "post", parentId: "root", path: "blogdetail/:id", module: module(() => null) },
        blog: { id: "blog", parentId: "root", path: "blog", module: module() },
      },
    } as unknown as Parameters<typeof createMethodGate>[0];
    const gate = createMethodGate(build);
    expect(gate.allowed("/blogdetail/a", "")).toBe("GET, HEAD, POST");
    expect(gate.allowed("/blogdetail/a.data", "")).toBe("GET, HEAD, POST");
    expect(gate.allowed("/blog", "")).toBe("GET, HEAD");
    expect(gate.allowed("/", "?index")).toBe("GET, HEAD, POST");
    expect(gate.allowed("/", "")).toBe("GET, HEAD");
  });
});

describe("the documents adapter (documents.server.ts)", () => {
  it("Headers.getSetCookie keeps each Set-Cookie of a rendered response apart", () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "a=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT");
    headers.append("Set-Cookie", "b=2; Path=/");
    expect(headers.getSetCookie()).toEqual(["a=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT", "b=2; Path=/"]);
  });

  it("a brotli stream flushed per chunk makes each chunk of a streamed page decodable before the page ends", async () => {
    const z = createBrotliCompress({ flush: zc.BROTLI_OPERATION_FLUSH, params: { [zc.BROTLI_PARAM_QUALITY]: 5 } });
    const out: Buffer[] = [];
    z.on("data", (c: Buffer) => out.push(c));
    const body = new Response("<!doctype html><header>menu</header>").body as unknown as import("node:stream/web").ReadableStream;
    for await (const chunk of Readable.fromWeb(body)) await new Promise((r) => z.write(chunk, r));
    await new Promise((r) => setTimeout(r, 20));
    // The shell reached the visitor although the stream is still open.
    expect(brotliDecompressSync(Buffer.concat(out), { finishFlush: zc.BROTLI_OPERATION_FLUSH }).toString()).toBe("<!doctype html><header>menu</header>");
    z.end();
  });
});
