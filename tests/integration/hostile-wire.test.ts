import net from "node:net";
import { describe, expect, it } from "vitest";
import { asset, base, exchange, request, statusLines, storedRows, startHostileServer } from "../helpers/hostile";

/** HTTP on a raw socket: smuggling shapes, pipelining, slow readers and writers. */

startHostileServer();

describe("HTTP on the wire", () => {
  it("refuses request-smuggling shapes and never answers a request hidden in a body", async () => {
    const before = await storedRows();
    const hidden = "GET /web/getData2?flag=4&limit=1 HTTP/1.1\r\nHost: x\r\n\r\n";
    const shapes = [
      // CL.TE and TE.CL
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 60\r\n\r\n0\r\n\r\n${hidden}`,
      // Two Content-Lengths that disagree; a Transfer-Encoding that is not quite chunked.
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 60\r\n\r\n{}${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding:\tchunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n${hidden}`,
      // Header folding, bare line feeds, a space before the colon, a chunk size with junk.
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: identity\r\n chunked\r\n\r\n0\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\nHost: x\nContent-Length: 2\n\n{}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Length : 60\r\n\r\n${hidden}`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2;ext=${"x".repeat(9000)}\r\n{}\r\n0\r\n\r\n`,
      `POST /web/form HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-2\r\n{}\r\n0\r\n\r\n${hidden}`,
      // An absurd request line and header block.
      `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /faq HTTP/1.1\r\nHost: x\r\n${"X-Pad: y\r\n".repeat(3000)}\r\n`,
      "GET /faq HTTP/9.9\r\nHost: x\r\n\r\n",
      "GET faq HTTP/1.1\r\nHost: x\r\n\r\n",
    ];
    for (const text of shapes) {
      const raw = await exchange(text);
      const statuses = statusLines(raw);
      const what = JSON.stringify(text.slice(0, 160));
      for (const s of statuses) expect(s, what).toBeLessThan(500);
      // The GET hidden in the body is never answered as a request of its own.
      expect(raw, what).not.toMatch(/"count":/);
    }
    expect(await storedRows()).toBe(before);
    expect((await request("GET", "/faq")).status).toBe(200);
  });

  it("answers pipelined requests in order, one answer each", async () => {
    const one = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
    const raw = await exchange(`${one("/faq")}${one("/no-such-page")}${one("/robots.txt")}HEAD /faq HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 4000);
    expect(statusLines(raw)).toEqual([200, 404, 200, 200]);
  });

  it("keeps serving others while clients read slowly, send slowly or never finish", { timeout: 30_000 }, async () => {
    const port = Number(new URL(base).port);
    const sockets: net.Socket[] = [];
    const open = () => {
      const s = net.connect(port, "127.0.0.1");
      s.on("error", () => {});
      sockets.push(s);
      return s;
    };
    try {
      // Readers that never read: pipelined requests for a large asset, the socket paused.
      for (let i = 0; i < 6; i++) {
        const s = open();
        s.pause();
        s.write(`GET /assets/${asset()} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(30));
      }
      // Slowloris: headers a few bytes at a time, and a body that never arrives in full.
      const drip = open();
      drip.write("GET /faq HTTP/1.1\r\nHost: x\r\n");
      const dripper = setInterval(() => drip.write("X-a: b\r\n"), 50);
      const body = open();
      body.write('POST /web/form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":');
      await new Promise((r) => setTimeout(r, 200));
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        const res = await request("GET", "/faq", { "accept-encoding": "br" });
        times.push(performance.now() - t);
        expect(res.status).toBe(200);
      }
      clearInterval(dripper);
      times.sort((a, b) => a - b);
      expect(times[Math.floor(times.length / 2)], `GET /faq took ${times.map((t) => t.toFixed(1)).join(", ")} ms`).toBeLessThan(50);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });
});
