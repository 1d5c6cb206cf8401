import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitCode, type Started, start } from "./server";

/*
 * The built server as production runs it (server.js on build/server/main.js): the routes
 * and the application server are one module graph, so a lead sent through the JSON API
 * and one sent by a page's form without JavaScript go through the same write queue and
 * are counted by the same metrics hooks. Two copies of the modules (the server loading the
 * sources and the build loading its own) would count the form's lead in a copy that
 * /metrics never reads, and the server would refuse to start.
 */
const TOKEN = "one-graph-metrics-token-0123456789";
let server: Started;
let base: string;

beforeAll(async () => {
  server = start({ PORT: "0", METRICS_TOKEN: TOKEN });
  base = await server.listening();
});

afterAll(async () => {
  server.child.kill("SIGTERM");
  await exitCode(server.child);
});

const metrics = async () => {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
};
const value = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

const fields = (email: string) => ({
  firstName: "Dana",
  lastName: "Reyes",
  email,
  phone: "2145550123",
  city: "Dallas",
  zipCode: "75201",
  message: "Nightly gasoline for four vans.",
});

describe("one module graph", () => {
  it("loads every module with state once", async () => {
    const text = await metrics();
    for (const module of ["write-queue", "rate-limit", "compiled-queries"]) expect(value(text, `fillway_module_loads{module="${module}"}`), module).toBe(1);
  });

  it("writes an API lead and a no-JavaScript lead through the same write queue", async () => {
    const stored = 'fillway_leads_total{form="lead-personal",outcome="stored"}';
    const before = await metrics();
    const api = await fetch(`${base}/web/form`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ submissionId: crypto.randomUUID(), type: 1, ...fields("api-lead@example.com") }),
    });
    expect(api.status).toBe(201);
    const form = await fetch(`${base}/gasoline`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({ _form: "lead-personal", _formId: "contact-form", type: "9", ...fields("form-lead@example.com") }),
    });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Thank you");
    const after = await metrics();
    expect(value(after, stored) - value(before, stored)).toBe(2);
    expect(value(after, "fillway_write_batch_size_sum") - value(before, "fillway_write_batch_size_sum")).toBeGreaterThanOrEqual(2);
  });
});
