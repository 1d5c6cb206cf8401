// A minimal CRM-side receiver of Fillway's lead webhook: it verifies the signature and
// the timestamp, ignores a delivery it has seen (by Idempotency-Key), and prints the lead
// (or, for a lead.deleted event, the ids of the leads to delete).
//
//   LEAD_WEBHOOK_SECRET=… PORT=4000 node scripts/webhook-receiver.mjs
//   # then start the site with LEAD_WEBHOOK_URL=http://127.0.0.1:4000/leads and the same secret
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const secret = process.env.LEAD_WEBHOOK_SECRET;
if (!secret) {
  console.error("Set LEAD_WEBHOOK_SECRET to the secret the site signs with.");
  process.exit(1);
}
const TOLERANCE_SECONDS = 300;
const seen = new Set();

/** Fillway-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> */
function verify(header, body) {
  const parts = Object.fromEntries(
    String(header ?? "")
      .split(",")
      .map((p) => p.split("=", 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  const given = Buffer.from(String(parts.v1 ?? ""));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8"); // verify the raw bytes, before parsing
    if (req.method !== "POST" || !verify(req.headers["fillway-signature"], body)) {
      res.writeHead(401).end("bad signature\n");
      return;
    }
    const key = String(req.headers["idempotency-key"]);
    if (!seen.has(key)) {
      seen.add(key);
      const event = JSON.parse(body);
      if (event.event === "lead.deleted") {
        // A person's data was deleted at their request: delete these leads here too.
        console.log(JSON.stringify({ received: key, deleted: event.leads.map((l) => l.id) }));
      } else {
        const { lead } = event;
        console.log(JSON.stringify({ received: key, lead: lead.id, form: lead.form, email: lead.email }));
      }
    }
    res.writeHead(204).end();
  });
});
server.listen(Number(process.env.PORT ?? 4000), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
