import http from "node:http";
import type net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "~/platform/logger.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { createOpsEndpoints } from "./ops-http.server";

/**
 * /readyz says ready or not ready and nothing more: why (a database error's own words)
 * goes to the log, once each time it changes, never to whoever asks.
 */

const servers: http.Server[] = [];
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
});

describe("/readyz", () => {
  it("answers 503 'not ready' without the database's error, which goes to the log once", async () => {
    const db = await openTestDb();
    const lines: string[] = [];
    const ops = createOpsEndpoints({
      env: { METRICS_TOKEN: undefined },
      db,
      log: createLogger("info", { destination: { write: (l: string) => void lines.push(l) } }),
    });
    ops.buildLoaded();
    const server = http.createServer((req, res) => void ops.handle(req, res, (req.url ?? "").split("?")[0] ?? ""));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/readyz`;

    const ready = await fetch(url);
    expect([ready.status, await ready.text()]).toEqual([200, "ready"]);
    await db.close();
    for (let i = 0; i < 3; i++) {
      const down = await fetch(url);
      expect([down.status, await down.text()]).toEqual([503, "not ready"]);
    }
    const said = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "not ready");
    expect(said).toHaveLength(1);
    expect(said[0].reason).toMatch(/^database not answering: .+/);
  });
});
