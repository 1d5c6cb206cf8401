import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Fillway-Signature";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The signature header of a webhook body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" with the shared secret>`. The timestamp lets a receiver refuse replays.
 */
export function signatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/** What a receiver does (the README shows the same in a standalone script). */
export function verifySignature(secret: string, body: string, header: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = new Map(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const v1 = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  const given = Buffer.from(v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class WebhookError extends Error {}

/** POSTs one signed JSON body; anything but a 2xx answer within 10 s throws. */
export async function postWebhook(url: string, secret: string, body: string, idempotencyKey: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Fillway-Webhook/1",
        [SIGNATURE_HEADER]: signatureHeader(secret, body),
        [IDEMPOTENCY_HEADER]: idempotencyKey,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
  } catch (error) {
    const e = error as Error;
    throw new WebhookError(
      e.name === "TimeoutError"
        ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
        : `could not connect: ${e.cause instanceof Error ? e.cause.message : e.message}`,
    );
  }
  // The body is not needed, but reading it frees the connection.
  await res.arrayBuffer().catch(() => undefined);
  if (res.status < 200 || res.status > 299) throw new WebhookError(`answered ${res.status}`);
}
