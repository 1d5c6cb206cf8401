// The deploy drill's visitors: type-1 leads POSTed at a steady rate while the operator
// follows a step, each from its own loopback client address (127.1.0.1 up), so the public
// rate limit sees many visitors, as it would.
//   node scripts/drill/load.mjs URL RATE PREFIX OUT [CA_FILE]
// Posts RATE leads a second to URL (http or https; CA_FILE: the certificate to trust) until
// SIGTERM, then writes OUT: how many were sent, the answers by status, and the e-mail
// address of every lead answered 2xx (PREFIX-N@drill.test), to check against the database.
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";

const [url, rateText, prefix, out, caFile] = process.argv.slice(2);
const rate = Number(rateText);
if (!url || !(rate > 0) || !prefix || !out) {
  console.error("usage: load.mjs URL RATE PREFIX OUT [CA_FILE]");
  process.exit(2);
}
const target = new URL(url);
const client = target.protocol === "https:" ? https : http;
const ca = caFile ? readFileSync(caFile) : undefined;
const statuses = {};
const acknowledged = [];
let sent = 0;
let inFlight = 0;
let stopping = false;

function post(n) {
  const email = `${prefix}-${n}@drill.test`;
  const body = JSON.stringify({
    submissionId: randomUUID(),
    type: 1,
    email,
    firstName: "Dana",
    lastName: "Reyes",
    phone: "2145550123",
    zipCode: "75201",
    city: "Dallas",
    message: "Two vans parked overnight need diesel twice a week.",
  });
  const address = `127.1.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  inFlight++;
  const req = client.request(
    target,
    {
      method: "POST",
      ca,
      localAddress: address,
      agent: false,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      timeout: 120_000,
    },
    (res) => {
      res.resume();
      res.on("end", () => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 200 && res.statusCode < 300) acknowledged.push(email);
        done();
      });
    },
  );
  req.on("timeout", () => req.destroy(new Error("timeout")));
  req.on("error", (error) => {
    const key = `error ${error.code ?? error.message}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    done();
  });
  req.end(body);
}

function done() {
  inFlight--;
  if (stopping && inFlight === 0) finish();
}

function finish() {
  writeFileSync(out, `${JSON.stringify({ sent, statuses, acknowledged })}\n`);
  process.exit(0);
}

const started = Date.now();
const timer = setInterval(() => {
  const due = Math.floor(((Date.now() - started) / 1000) * rate);
  while (sent < due) post(++sent);
}, 20);

process.on("SIGTERM", () => {
  stopping = true;
  clearInterval(timer);
  if (inFlight === 0) finish();
});
